package org.triscale.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Side;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * A series' KPI with its checks over many runs: DESIGN.md budgets the analysis of 10,000 runs at
 * under 100 ms. The values are i.i.d. lognormal run metrics (P95 FCT-like).
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SeriesAnalysisBenchmark {

    /** Number of runs in the series. */
    @Param({"100", "1000", "10000"})
    public int runs;

    /** Which checks the KPI applies. */
    @Param({"SOUND", "TRISCALE"})
    public Mode mode;

    private double[] values;

    /** Builds seeded lognormal run metrics. */
    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom random = new SplittableRandom(11L);
        values = new double[runs];
        for (int i = 0; i < runs; i++) {
            double u1 = 1 - random.nextDouble();
            double u2 = random.nextDouble();
            values[i] = 1000 * Math.exp(0.1 * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2));
        }
    }

    /**
     * The upper KPI of P75 at 75 % with the mode's checks.
     *
     * @return the KPI
     */
    @Benchmark
    public KpiResult kpi() {
        return Kpis.kpi(values, 75, 75, Side.UPPER, null, mode);
    }
}
