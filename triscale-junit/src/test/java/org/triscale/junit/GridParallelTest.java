package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cells of a grid run concurrently under JUnit's parallel execution, with the results of a
 * sequential launch: the same KPIs, verdicts, baselines and histories, cell by cell, apart from
 * clock times and durations. Two cells that would share files are refused in parallel too.
 */
class GridParallelTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Fields that hold clock times or durations, the only ones allowed to differ between launches. */
    private static final Set<String> CLOCK_FIELDS = Set.of("startedAt", "finishedAt", "recordedAt", "durationNanos",
            "createdAt", "elapsedNanos");

    @TempDir
    Path folder;

    /** JUnit's parallel execution with concurrent classes and class templates, on {@code threads} threads. */
    static Kit parallel(Kit kit, int threads) {
        return kit.with("junit.jupiter.execution.parallel.enabled", "true")
                .with("junit.jupiter.execution.parallel.mode.default", "concurrent")
                .with("junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
                .with("junit.jupiter.execution.parallel.config.strategy", "fixed")
                .with("junit.jupiter.execution.parallel.config.fixed.parallelism", Integer.toString(threads));
    }

    @Test
    void parallelCellsGiveTheResultsOfASequentialLaunch() throws IOException {
        Kit sequential = Kit.in(folder.resolve("sequential")).with("triscale.baseline.update", "true");
        Kit concurrent = parallel(Kit.in(folder.resolve("parallel")).with("triscale.baseline.update", "true"), 3);

        EmulatorGrid.reset();
        assertAllPassed(sequential.run(EmulatorGrid.class));
        assertThat(EmulatorGrid.mostAtOnce).as("cells at once, one after the other").hasValue(1);
        EmulatorGrid.reset();
        assertAllPassed(concurrent.run(EmulatorGrid.class));
        assertThat(EmulatorGrid.mostAtOnce).as("cells at once in parallel").hasValueGreaterThan(1);

        for (int rtt : EmulatorGrid.RTTS) {
            String key = "cubic[rttMs=" + rtt + "]";
            JsonNode expected = comparable(sequential, JSON.readTree(sequential.json(EmulatorGrid.class, key).toFile()));
            JsonNode actual = comparable(concurrent, JSON.readTree(concurrent.json(EmulatorGrid.class, key).toFile()));
            assertThat(actual.at("/verdict/status").asText()).isEqualTo("PASSED");
            assertThat(actual.at("/series/0/kpis/0/value")).isEqualTo(expected.at("/series/0/kpis/0/value"));
            assertThat(firstDifference("", expected, actual)).as(key + " result").isNull();
            assertThat(firstDifference("", comparable(sequential, JSON.readTree(sequential.baseline(EmulatorGrid.class,
                    key).toFile())), comparable(concurrent, JSON.readTree(concurrent.baseline(EmulatorGrid.class,
                    key).toFile())))).as(key + " baseline").isNull();
            List<JsonNode> sequentialHistory = history(sequential, sequential.history(EmulatorGrid.class, key));
            List<JsonNode> concurrentHistory = history(concurrent, concurrent.history(EmulatorGrid.class, key));
            assertThat(concurrentHistory).hasSameSizeAs(sequentialHistory).hasSize(1);
            assertThat(firstDifference("", sequentialHistory.get(0), concurrentHistory.get(0))).as(key + " history")
                    .isNull();
        }
        // each cell measured its own RTT: the grid is not one cell written four times
        assertThat(Stream.of(EmulatorGrid.RTTS).map(rtt -> {
            try {
                return concurrent.result(EmulatorGrid.class, "cubic[rttMs=" + rtt + "]").at("/series/0/kpis/0/value")
                        .asDouble();
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }).distinct().count()).isEqualTo(EmulatorGrid.RTTS.length);
    }

    @Test
    void cellsWithTheSameNameAreRefusedInParallelToo() throws IOException {
        Kit kit = parallel(Kit.in(folder), 4);

        EngineExecutionResults results = kit.run(SameNames.class);

        String messages = results.allEvents().failed().stream().map(event -> Kit.error(event).getMessage())
                .reduce("", String::concat);
        assertThat(messages).contains("two cells of").contains("SameNames.fct[same]");
        // exactly one of the four invocations claimed the name: the three others failed before their first run
        assertThat(results.containerEvents().failed().count() + results.testEvents().failed().count())
                .isEqualTo(3);
        assertThat(SameNames.bodies).hasValue(5);
        try (Stream<Path> files = Files.list(kit.outputDir())) {
            assertThat(files.filter(file -> file.getFileName().toString().endsWith(".json")).count()).isEqualTo(1);
        }
    }

    /** Every container and test of a launch passed, and each of the grid's 4 cells judged its runs. */
    private static void assertAllPassed(EngineExecutionResults results) {
        assertThat(results.allEvents().failed().stream().map(event -> Kit.error(event).toString()).toList()).isEmpty();
        assertThat(results.testEvents().succeeded().count()).isEqualTo(4 * (2 * 5 + 2 + 1));
    }

    /**
     * The launch summary and summary.md list the cells in the order of a sequential launch, not
     * in the order they ended: the first cell here takes longest.
     */
    @Test
    void theLaunchSummaryListsTheCellsInTheirOrder() throws IOException {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(SlowFirst.class))
                .configurationParameter("triscale.report.enabled", "false");
        parallel(Kit.in(folder), 3).parameters().forEach(request::configurationParameter);
        PrintStream original = System.out;
        System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        try {
            LauncherFactory.create().execute(request.build());
        } finally {
            System.setOut(original);
        }

        String summary = Files.readString(Kit.in(folder).outputDir().resolve("summary.md"));
        assertThat(SlowFirst.ended).containsExactly(1, 2, 3);
        assertThat(summary).contains("fct[pause=1]");
        assertThat(summary.indexOf("fct[pause=3]")).isPositive().isLessThan(summary.indexOf("fct[pause=2]"));
        assertThat(summary.indexOf("fct[pause=2]")).isLessThan(summary.indexOf("fct[pause=1]"));
    }

    /**
     * A JSON document as two launches can agree on it: without clock times and durations, at any
     * depth, and with the launch's own folder in paths replaced by {@code <folder>}.
     */
    static JsonNode comparable(Kit kit, JsonNode node) throws IOException {
        String text = JSON.writeValueAsString(node).replace(kit.outputDir().getParent().toString(), "<folder>");
        JsonNode copy = JSON.readTree(text);
        strip(copy);
        return copy;
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.remove(CLOCK_FIELDS);
            for (Map.Entry<String, JsonNode> field : object.properties()) {
                strip(field.getValue());
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(GridParallelTest::strip);
        }
    }

    /** The JSON pointer of the first place where two documents differ, with both values; null when equal. */
    static String firstDifference(String path, JsonNode expected, JsonNode actual) {
        if (expected.isContainerNode() && actual.isContainerNode() && expected.getNodeType() == actual.getNodeType()) {
            if (expected.size() != actual.size()) {
                return path + ": " + expected.size() + " entries vs " + actual.size();
            }
            if (expected.isArray()) {
                for (int i = 0; i < expected.size(); i++) {
                    String difference = firstDifference(path + "/" + i, expected.get(i), actual.get(i));
                    if (difference != null) {
                        return difference;
                    }
                }
                return null;
            }
            Iterator<String> names = expected.fieldNames();
            while (names.hasNext()) {
                String name = names.next();
                if (!actual.has(name)) {
                    return path + "/" + name + ": missing";
                }
                String difference = firstDifference(path + "/" + name, expected.get(name), actual.get(name));
                if (difference != null) {
                    return difference;
                }
            }
            return null;
        }
        return expected.equals(actual) ? null : path + ": " + expected + " vs " + actual;
    }

    private static List<JsonNode> history(Kit kit, Path file) throws IOException {
        List<JsonNode> lines = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                lines.add(comparable(kit, JSON.readTree(line)));
            }
        }
        return lines;
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(ints = {10, 20, 40, 80})
    static class EmulatorGrid {
        static final Integer[] RTTS = {10, 20, 40, 80};
        static final AtomicInteger running = new AtomicInteger();
        static final AtomicInteger mostAtOnce = new AtomicInteger();

        @Parameter
        int rttMs;

        static void reset() {
            running.set(0);
            mostAtOnce.set(0);
        }

        /** A CUBIC flow over a 20 Mbit/s dumbbell for 1 s: the P95 of the packets' queueing delay. */
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5, independent = true)
        @Series(count = 2)
        @Metric(name = "delay", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "delay", atMost = 10_000)
        @Baseline(compare = Baseline.Compare.RUNS)
        void cubic(RunContext run) {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                run.testBed("rtt", rttMs + " ms");
                Scenario scenario = Scenario.dumbbell()
                        .bottleneck(Rate.mbps(20))
                        .buffer(Packets.of(100))
                        .flow(f -> f.cca(Cca.CUBIC).oneWayDelay(Duration.ofMillis(rttMs / 2)))
                        .duration(Duration.ofSeconds(1))
                        .build();
                Trace trace = Emulator.run(scenario, run.seed());
                run.recordSamples("delay", trace.delays().timesSeconds(), trace.delays().delaysMillis());
            } finally {
                running.decrementAndGet();
            }
        }
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(ints = {3, 2, 1})
    static class SlowFirst {
        static final List<Integer> ended = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Parameter
        int pause;

        /**
         * The cell with pause p lets the p - 1 cells with a shorter pause end first: the cells end
         * in the reverse of their order.
         */
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 100)
        void fct(RunContext run) throws InterruptedException {
            if (run.run() == 5) {
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (ended.size() < pause - 1 && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                Thread.sleep(200); // the verdict of the cell that ended last is published meanwhile
                ended.add(pause);
            }
            run.recordRunValue("fct", pause + run.run());
        }
    }

    @FixturesOnly
    @ParameterizedClass(name = "same")
    @ValueSource(ints = {1, 2, 3, 4})
    static class SameNames {
        static final AtomicInteger bodies = new AtomicInteger();

        @Parameter
        int value;

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 100)
        void fct(RunContext run) {
            bodies.incrementAndGet();
            run.recordRunValue("fct", value + run.run());
        }
    }
}
