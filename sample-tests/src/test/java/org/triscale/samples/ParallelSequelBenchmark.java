package org.triscale.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.junit.Series;

/**
 * The CPU-bound 5 × 10 emulator sequel that {@code benchmarks/parallel-runs.sh} times at every
 * parallelism (docs/performance.md, "Parallel runs"): the workload of
 * {@link FctRegressionTest#cubicFlowsAlone} with flows arriving for {@value #ARRIVAL_SECONDS} s
 * instead of 150 s, so that each run simulates about four times as long (about 0.8 s of CPU on
 * a quiet core; 50 runs, about 40 s of CPU)
 * and the JVM's start and JIT warm-up are small against the runs' work. Not a test of the
 * samples: its name keeps it out of Surefire's default patterns, and it runs only when the
 * system property {@value #ENABLED} is {@code true} (the script sets it).
 */
@EnabledIfSystemProperty(named = ParallelSequelBenchmark.ENABLED, matches = "true")
class ParallelSequelBenchmark {
    /** The system property that enables the sequel. */
    static final String ENABLED = "triscale.samples.parallelBenchmark";
    /**
     * How long flows arrive in a run by default: four times {@link FctRegressionTest#ALONE_ARRIVALS}.
     * The system property {@value #ARRIVALS} sets another length (in seconds), for runs as long as
     * a lab's simulations.
     */
    static final int ARRIVAL_SECONDS = 600;
    /** The system property that sets how long flows arrive in a run, in seconds. */
    static final String ARRIVALS = "triscale.samples.parallelBenchmark.arrivals";

    /**
     * One run: the emulator on the long workload with the run's seed, the P95 FCT as the metric.
     *
     * @param run the run
     */
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10, independent = true)
    @Series(count = 5)
    @Metric(name = "fct", samplePercentile = 95, unit = "ms")
    void longCubicFlowsAlone(RunContext run) {
        run.testBed("backend", "embedded emulator");
        Trace trace = Emulator.run(FctRegressionTest.workload(false, Cca.CUBIC, Duration.ofSeconds(Integer.getInteger(ARRIVALS, ARRIVAL_SECONDS))),
                run.seed());
        // As in FctRegressionTest: a P95 over too few completed flows would lie.
        assertThat(trace.completionRatio()).as("share of flows that completed").isGreaterThanOrEqualTo(0.95);
        run.recordSamples("fct", trace.fctMillis());
    }
}
