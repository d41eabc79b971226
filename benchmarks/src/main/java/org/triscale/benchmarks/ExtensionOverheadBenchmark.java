package org.triscale.benchmarks;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * The extension's cost per run: a test method repeated {@value #RUNS} times with {@code @Runs}
 * (recording 100 samples and computing a metric per run, then one verdict) against the same body
 * under JUnit's own {@code @RepeatedTest}, both through the JUnit Platform launcher. The overhead
 * per run is the difference of the two scores divided by {@value #RUNS}; DESIGN.md budgets it at
 * 50 µs.
 */
public class ExtensionOverheadBenchmark extends AverageMillisecondsBenchmark {
    /** Runs per launch. */
    public static final int RUNS = 1000;

    private Launcher launcher;
    private Path output;

    /**
     * Creates the launcher and a scratch folder for the results.
     *
     * @throws IOException if the folder cannot be created
     */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        launcher = LauncherFactory.create();
        output = Files.createTempDirectory("triscale-overhead");
    }

    /**
     * Removes the scratch folder.
     *
     * @throws IOException if a file cannot be deleted
     */
    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        try (Stream<Path> files = Files.walk(output)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        }
    }

    /**
     * {@value #RUNS} runs and a verdict with the extension.
     *
     * @return the number of tests that succeeded
     */
    @Benchmark
    public long triscaleRuns() {
        return launch(TriscaleFixture.class);
    }

    /**
     * The same body {@value #RUNS} times with {@code @RepeatedTest}.
     *
     * @return the number of tests that succeeded
     */
    @Benchmark
    public long repeatedTest() {
        return launch(RepeatedFixture.class);
    }

    private long launch(Class<?> fixture) {
        LauncherDiscoveryRequest request = request().selectors(selectClass(fixture))
                .configurationParameter("triscale.progress", "false")
                .configurationParameter("triscale.output.dir", output.toString())
                .build();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launcher.execute(request, listener);
        if (listener.getSummary().getTotalFailureCount() > 0) {
            throw new IllegalStateException("the fixture failed: " + listener.getSummary().getFailures());
        }
        return listener.getSummary().getTestsSucceededCount();
    }

    /** The work of one run: 100 samples of a delay-like value. */
    static double[] samples(long seed) {
        double[] y = new double[100];
        for (int i = 0; i < y.length; i++) {
            y[i] = 40 + ((seed + i) % 17);
        }
        return y;
    }

    /** The extension's fixture: one metric, one KPI. */
    public static class TriscaleFixture {
        /**
         * One run.
         *
         * @param run the run's context
         */
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = RUNS)
        @Metric(name = "delay", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "delay", atMost = 1000)
        public void run(RunContext run) {
            run.recordSamples("delay", samples(run.seed()));
        }
    }

    /** JUnit's own repetition of the same body. */
    public static class RepeatedFixture {
        private static double sink;

        /** One repetition. */
        @RepeatedTest(RUNS)
        public void run() {
            double[] y = samples(System.nanoTime());
            sink += y[95];
        }
    }
}
