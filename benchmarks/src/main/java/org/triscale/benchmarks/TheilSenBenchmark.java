package org.triscale.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.triscale.engine.trend.TheilSen;
import org.triscale.engine.trend.TheilSenFit;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Exact Theil–Sen slope with Sen's 95 % interval over all pairs, from 10^3 to 10^6 points
 * (no subsampling): a noisy line with a few ties in x.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class TheilSenBenchmark {

    /** Number of points. */
    @Param({"1000", "10000", "100000", "1000000"})
    public int points;

    private double[] x;
    private double[] y;

    /** Builds a seeded noisy line. */
    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom random = new SplittableRandom(20261130L);
        x = new double[points];
        y = new double[points];
        for (int i = 0; i < points; i++) {
            x[i] = Math.floor(i / 4.0) + (i % 4 == 0 ? 0 : random.nextDouble());
            y[i] = 0.3 * x[i] + 10 * random.nextDouble();
        }
    }

    /**
     * Fits the line.
     *
     * @return the fit
     */
    @Benchmark
    public TheilSenFit fit() {
        return TheilSen.fit(x, y, 95);
    }
}
