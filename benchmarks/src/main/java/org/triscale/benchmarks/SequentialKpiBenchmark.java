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
import org.triscale.engine.analysis.Side;
import org.triscale.engine.sequential.SequentialKpi;
import org.triscale.engine.sequential.SequentialSpec;
import org.triscale.engine.sequential.SequentialStep;

import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * Updating an anytime-valid KPI after each run: a whole series of {@code runs} runs (P95 at 95 %,
 * at most a threshold, with a ±1 % precision target), and one runs-left prediction after
 * {@code runs} runs (towards a ±0.1 % target).
 *
 * <p>{@code boundary = shared}: the boundary ranks were computed by an earlier series with the same
 * settings (every series after the first); {@code fresh}: each series tunes its boundary for a
 * different run count, so every run pays the incomplete-beta evaluations (the first series).
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SequentialKpiBenchmark {

    /** Number of runs in the series. */
    @Param({"100", "1000", "10000"})
    public int runs;

    /** Whether the boundary ranks are already known. */
    @Param({"shared", "fresh"})
    public String boundary;

    private double[] values;
    private int tuning;
    private SequentialKpi full;

    /** Builds seeded lognormal run metrics and one full series for the prediction. */
    @Setup(Level.Trial)
    public void setUp() {
        values = BenchmarkData.lognormalRunMetrics(runs, 11L);
        // A precision target of ±0.1 % is not met yet, so the prediction has to search.
        full = SequentialKpi.start(SequentialSpec.of(95, 95, Side.UPPER).withPrecision(0.001).withTunedFor(59));
        for (double value : values) {
            full.add(value);
        }
    }

    private static SequentialSpec spec(int tunedFor) {
        return SequentialSpec.of(95, 95, Side.UPPER).withThreshold(2000).withPrecision(0.01).withTunedFor(tunedFor);
    }

    /**
     * A whole series, run by run; the score is per series (divide by {@code runs} for a run).
     *
     * @return the last step
     */
    @Benchmark
    public SequentialStep series() {
        int tunedFor = "shared".equals(boundary) ? 59 : 100 + (tuning++ % 100_000);
        SequentialKpi kpi = SequentialKpi.start(spec(tunedFor));
        SequentialStep step = null;
        for (double value : values) {
            step = kpi.add(value);
        }
        return step;
    }

    /**
     * One prediction of the runs left after the series.
     *
     * @return the prediction
     */
    @Benchmark
    public OptionalInt predictRunsLeft() {
        return full.predictRunsLeft();
    }
}
