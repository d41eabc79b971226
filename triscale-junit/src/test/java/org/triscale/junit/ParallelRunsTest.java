package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @Runs(independent = true)} with {@code triscale.runs.parallelism}: the runs execute
 * concurrently on a pool, and everything a launch reports is what the runs one after the other
 * report.
 */
class ParallelRunsTest {
    @TempDir
    Path folder;

    @Test
    void parallelRunsGiveTheSequentialResultsInTheSameOrder() throws Exception {
        Launch sequential = launch("1", Sequel.class, "sequential");
        Launch parallel = launch("3", Sequel.class, "parallel");

        assertThat(Sequel.maxActive.get()).as("runs at once").isGreaterThan(1).isLessThanOrEqualTo(3);
        assertThat(Sequel.threads.keySet()).anyMatch(name -> name.startsWith("triscale-run-"));
        assertThat(parallel.result).isEqualTo(sequential.result);
        assertThat(parallel.result.at("/verdict/passed").asBoolean()).isFalse(); // run 2/4 failed
        assertThat(parallel.names).isEqualTo(sequential.names).hasSize(5 * 10 + 5 + 1);
        assertThat(parallel.names.get(0)).isEqualTo("series 1/5 · run 1/10");
        assertThat(parallel.failed).isEqualTo(sequential.failed).containsExactly("series 2/5 · run 4/10");
        assertThat(parallel.failure).isEqualTo(sequential.failure).contains("run 2/4 fails on purpose");
        assertThat(parallel.output).isEqualTo(sequential.output);
    }

    @Test
    void adaptiveRunsDecideInRunOrderAndDiscardTheRunsComputedAhead() throws Exception {
        Launch sequential = launch("1", Adaptive.class, "sequential");
        Launch parallel = launch("4", Adaptive.class, "parallel");

        assertThat(parallel.result).isEqualTo(sequential.result);
        assertThat(parallel.names).isEqualTo(sequential.names);
        int stopRun = parallel.result.at("/series/0/stopRun").asInt();
        assertThat(stopRun).isBetween(5, 99);
        assertThat(parallel.output).contains("runs computed ahead on the pool and discarded")
                .contains("series 1 run " + (stopRun + 1));
        assertThat(sequential.output).doesNotContain("discarded");
    }

    @Test
    void adaptiveSeriesLookAheadWithinTheirSeries() throws Exception {
        Launch sequential = launch("1", AdaptiveSeries.class, "sequential");
        Launch parallel = launch("2", AdaptiveSeries.class, "parallel");

        assertThat(parallel.result).isEqualTo(sequential.result);
        assertThat(parallel.names).isEqualTo(sequential.names);
        assertThat(parallel.output).doesNotContain("discarded"); // no run of a series that never started
    }

    @Test
    void runsNotDeclaredIndependentStayOneAfterTheOther() {
        Dependent.maxActive.set(0);
        Kit.in(folder).with("triscale.runs.parallelism", "4").run(Dependent.class)
                .testEvents().assertStatistics(stats -> stats.started(7).succeeded(7));
        assertThat(Dependent.maxActive).hasValue(1);
    }

    @Test
    void lifecycleMethodTakingTheRunContextIsRefused() {
        EngineExecutionResults results = Kit.in(folder).with("triscale.runs.parallelism", "2")
                .run(RecordsBeforeEach.class);
        Throwable error = Kit.error(results.containerEvents().failed().list().get(0));
        assertThat(error).hasMessageContaining("@BeforeEach method prepare takes a RunContext")
                .hasMessageContaining("triscale.runs.parallelism = 2")
                .hasMessageContaining("set triscale.runs.parallelism = 1");

        Kit.in(folder.resolve("one")).with("triscale.runs.parallelism", "1").run(RecordsBeforeEach.class)
                .testEvents().assertStatistics(stats -> stats.started(7).succeeded(7));
    }

    @Test
    void invalidParallelismIsAConfigurationError() {
        for (String value : List.of("0", "-2", "two", "5000")) {
            EngineExecutionResults results = Kit.in(folder.resolve("p" + value))
                    .with("triscale.runs.parallelism", value).run(Sequel.class);
            Throwable error = Kit.error(results.containerEvents().failed().list().get(0));
            assertThat(error).hasMessageContaining("triscale.runs.parallelism = '" + value + "' is not valid")
                    .hasMessageContaining("from 1").hasMessageContaining("or cores");
        }
        Kit.in(folder.resolve("cores")).with("triscale.runs.parallelism", "cores").run(Sequel.class)
                .testEvents().assertStatistics(stats -> stats.started(56).failed(2));
    }

    @Test
    void aRunContextKeptFromAnotherRunIsRefusedAlikeInBothModesAndFailsNoInnocentRun() {
        List<String> sequential = keptContextLaunch("1");
        List<String> parallel = keptContextLaunch("4");
        assertThat(KeptContext.overlapped).as("a later run called the kept context while its run was running").isTrue();
        assertThat(parallel).isEqualTo(sequential).hasSize(24);
        assertThat(sequential.get(0)).isEqualTo("RunContext.recordSample(...) was called on the RunContext of series 1"
                + " run 1 during series 1 run 2: a RunContext belongs to its own run and ends with it, so the call would"
                + " be lost; use the RunContext the test method receives in each run, and keep none in a field");
    }

    /** Runs the fixture: every run passes (the later ones caught the refusal); the refusals in run order. */
    private List<String> keptContextLaunch(String parallelism) {
        KeptContext.kept = null;
        KeptContext.refusals.clear();
        Kit.in(folder.resolve("kept-" + parallelism)).with("triscale.runs.parallelism", parallelism).run(KeptContext.class)
                .testEvents().assertStatistics(stats -> stats.started(27).succeeded(27).failed(0)); // 25 runs, series check, verdict
        return new java.util.TreeMap<>(KeptContext.refusals).values().stream().toList();
    }

    @FixturesOnly
    static class KeptContext {
        static volatile RunContext kept;
        static volatile boolean overlapped;
        static final Map<Integer, String> refusals = new ConcurrentHashMap<>();

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 25, independent = true)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) throws InterruptedException {
            if (run.run() == 1) {
                kept = run;
                run.recordSample("delay", 1);
                Thread.sleep(300); // the pool's next runs call the kept context meanwhile
                if (run.run() == 1 && refusals.size() > 0) {
                    overlapped = true;
                }
                run.recordSample("delay", 2);
                return;
            }
            for (int i = 0; i < 500 && kept == null; i++) {
                Thread.sleep(10);
            }
            try {
                kept.recordSample("delay", 50);
            } catch (IllegalStateException e) {
                refusals.put(run.run(), e.getMessage());
            }
            run.recordSample("delay", 1);
            run.recordSample("delay", 2);
        }
    }

    /** One launch of a fixture and what it reported. */
    private record Launch(Kit kit, JsonNode result, List<String> names, List<String> failed, String failure,
                          String output) {
    }

    private Launch launch(String parallelism, Class<?> fixture, String name) throws Exception {
        Sequel.maxActive.set(0);
        Sequel.active.set(0);
        Kit kit = Kit.in(folder.resolve(name)).with("triscale.runs.parallelism", parallelism)
                .with("triscale.progress", "true");
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        EngineExecutionResults results;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            results = kit.run(fixture);
        } finally {
            System.setOut(out);
        }
        List<Event> failed = results.testEvents().failed().list();
        List<String> failedRuns = failed.stream().map(event -> event.getTestDescriptor().getDisplayName())
                .filter(display -> !display.equals("verdict")).toList();
        String failure = failedRuns.isEmpty() ? "" : Kit.error(failed.get(0)).getMessage();
        List<String> names = results.testEvents().started().list().stream()
                .map(event -> event.getTestDescriptor().getDisplayName()).toList();
        // Progress lines without their times, which differ from launch to launch.
        String output = captured.toString(StandardCharsets.UTF_8).replaceAll("(?m) · elapsed .*$", "")
                .replace(folder.resolve(name).toString(), "FOLDER");
        return new Launch(kit, withoutTimes(kit.result(fixture, "cca")), names, failedRuns, failure, output);
    }

    /** The result without its clock times and durations, which differ from launch to launch. */
    private static JsonNode withoutTimes(JsonNode node) {
        JsonNode copy = node.deepCopy();
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.remove(List.of("durationNanos", "startedAt", "finishedAt"));
        }
        node.forEach(ParallelRunsTest::strip);
    }

    /** A pseudo-random delay series from the run's seed only, as a simulation gives. */
    static void simulate(RunContext run) {
        SplittableRandom random = new SplittableRandom(run.seed());
        double[] times = new double[2_000];
        double[] delays = new double[times.length];
        for (int i = 0; i < times.length; i++) {
            times[i] = i * 0.01;
            delays[i] = 40 + 20 * random.nextDouble();
        }
        run.recordSamples("delay", times, delays);
    }

    @FixturesOnly
    static class Sequel {
        static final AtomicInteger active = new AtomicInteger();
        static final AtomicInteger maxActive = new AtomicInteger();
        static final Map<String, Boolean> threads = new ConcurrentHashMap<>();

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10, independent = true)
        @Series(count = 5)
        @Metric(name = "delay", samplePercentile = 95, unit = "ms", bounds = {0, 100})
        @Kpi(metric = "delay", atMost = 70)
        @VariabilityScore(metric = "delay", atMost = 5)
        void cca(RunContext run) throws InterruptedException {
            maxActive.accumulateAndGet(active.incrementAndGet(), Math::max);
            threads.put(Thread.currentThread().getName(), true);
            try {
                Thread.sleep(3); // long enough for the runs to overlap
                simulate(run);
                run.note("seed", Long.toHexString(run.seed()));
                if (run.series() == 2 && run.run() == 4) {
                    throw new IllegalStateException("run 2/4 fails on purpose");
                }
            } finally {
                active.decrementAndGet();
            }
        }
    }

    @FixturesOnly
    static class Adaptive {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 100, independent = true)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 2)
        void cca(RunContext run) {
            run.recordRunValue("delay", AdaptiveRunsTest.spread(run.run()));
        }
    }

    @FixturesOnly
    static class AdaptiveSeries {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, independent = true)
        @Series(adaptive = true, maxCount = 20)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 100)
        @VariabilityScore(metric = "delay", atMost = 50)
        void cca(RunContext run) {
            run.recordRunValue("delay", 40 + AdaptiveRunsTest.spread(7 * run.series() + run.run()));
        }
    }

    @FixturesOnly
    static class Dependent {
        static final AtomicInteger active = new AtomicInteger();
        static final AtomicInteger maxActive = new AtomicInteger();

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) throws InterruptedException {
            maxActive.accumulateAndGet(active.incrementAndGet(), Math::max);
            Thread.sleep(2);
            run.recordRunValue("delay", 1 + run.run());
            active.decrementAndGet();
        }
    }

    @FixturesOnly
    static class RecordsBeforeEach {
        @BeforeEach
        void prepare(RunContext run) {
            run.note("prepared", "yes");
        }

        @AfterEach
        void cleanUp() {
            // without a RunContext: allowed
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75, independent = true)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", 1 + run.run());
        }
    }
}
