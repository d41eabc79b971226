package org.triscale.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;

/**
 * The CPU-bound grid that {@code benchmarks/parallel-grid.sh} times with JUnit's parallel
 * execution on 1 and 2 threads (docs/performance.md, "Parallel cells of a grid"): four cells,
 * one per CCA of the short flows, each 10 runs of the workload of
 * {@link FctRegressionTest#cubicFlowsAlone} with flows arriving for {@value #ARRIVAL_SECONDS} s
 * (0.2–0.45 s of CPU a compiled run, BBR's the dearest; 12–14 s for the grid with the JIT
 * compiler's warm-up). The cells are independent, and
 * each cell's runs execute one after the other ({@code triscale.runs.parallelism} 1), so the
 * speed-up is that of the cells alone. Not a test of the samples: its name keeps it out of
 * Surefire's default patterns, and it runs only when the system property {@value #ENABLED} is
 * {@code true} (the script sets it).
 *
 * <p>Each run prints one line to the standard error, {@code grid-run cell=... run=... thread=...
 * startMs=... wallMs=... cpuMs=...}: when the run started (milliseconds since the JVM started), its
 * wall time and its thread's CPU time. The script sums them per cell and per thread: CPU time per
 * thread hardly depends on what else the machine runs, so the critical path (the busiest
 * thread's cells) and the runs' cost can be compared between launches on a busy machine.
 */
@EnabledIfSystemProperty(named = ParallelGridBenchmark.ENABLED, matches = "true")
@ParameterizedClass
@ValueSource(strings = {"CUBIC", "NewReno", "CUBIC-Linux", "BBR"})
class ParallelGridBenchmark {
    /** The system property that enables the grid. */
    static final String ENABLED = "triscale.samples.parallelGrid";
    /** How long flows arrive in a run by default, in seconds: twice {@link FctRegressionTest#ALONE_ARRIVALS}. */
    static final int ARRIVAL_SECONDS = 300;
    /** The system property that sets how long flows arrive in a run, in seconds. */
    static final String ARRIVALS = "triscale.samples.parallelGrid.arrivals";
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Map<String, Cca> CCAS = Map.of("CUBIC", Cca.CUBIC, "NewReno", Cca.NEWRENO,
            "CUBIC-Linux", Cca.CUBIC_LINUX, "BBR", Cca.BBR);

    /** The CCA of the cell's short flows. */
    @Parameter
    String cca;

    /**
     * One run: the emulator on the long workload with the run's seed, the P95 FCT as the metric.
     *
     * @param run the run
     */
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10, independent = true)
    @Metric(name = "fct", samplePercentile = 95, unit = "ms")
    void fctPerCca(RunContext run) {
        run.testBed("backend", "embedded emulator");
        long startMs = ManagementFactory.getRuntimeMXBean().getUptime();
        long wall = System.nanoTime();
        long cpu = THREADS.getCurrentThreadCpuTime();
        Trace trace = Emulator.run(FctRegressionTest.workload(false, CCAS.get(cca),
                Duration.ofSeconds(Integer.getInteger(ARRIVALS, ARRIVAL_SECONDS))), run.seed());
        System.err.printf(Locale.ROOT, "grid-run cell=%s run=%d thread=%s startMs=%d wallMs=%.1f cpuMs=%.1f%n",
                cca, run.run(), Thread.currentThread().getName(), startMs, (System.nanoTime() - wall) / 1e6,
                (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6);
        assertThat(trace.completionRatio()).as("share of flows that completed").isGreaterThanOrEqualTo(0.95);
        run.recordSamples("fct", trace.fctMillis());
    }
}
