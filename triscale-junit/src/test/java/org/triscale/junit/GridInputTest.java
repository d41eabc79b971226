package org.triscale.junit;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
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
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad input to a grid, each refused with a message naming the cell while the other cells keep
 * their results: parameters that are not file-safe, a grid too large for a launch, a cell whose
 * scenario or argument fails; and the grid's progress lines.
 */
class GridInputTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TEN = "0123456789";
    /** 200 characters, a constant for the annotation. */
    private static final String LONG = TEN + TEN + TEN + TEN + TEN + TEN + TEN + TEN + TEN + TEN
            + TEN + TEN + TEN + TEN + TEN + TEN + TEN + TEN + TEN + TEN;

    @TempDir
    Path folder;

    @Test
    void parametersThatAreNotFileSafeGiveDistinctBoundedFilesInTheFolder() throws IOException {
        Kit kit = Kit.in(folder);

        EngineExecutionResults results = kit.run(Unsafe.class);

        assertThat(results.allEvents().failed().count()).isZero();
        List<Path> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(folder)) {
            all.filter(Files::isRegularFile).forEach(files::add);
        }
        List<Path> json;
        try (Stream<Path> direct = Files.list(kit.outputDir())) {
            json = direct.filter(file -> file.getFileName().toString().endsWith(".json")).toList();
        }
        // one result per cell, each directly in the output folder: no separator or '..' made a folder
        assertThat(json).hasSize(Unsafe.NAMES.length);
        assertThat(files).allMatch(file -> file.normalize().startsWith(folder.normalize()));
        List<String> cells = new ArrayList<>();
        for (Path file : json) {
            String name = file.getFileName().toString();
            assertThat(name.getBytes(StandardCharsets.UTF_8).length).as(name).isLessThanOrEqualTo(255);
            assertThat(name).doesNotContain("/").doesNotContain("\\").doesNotContain("\0").doesNotStartWith(".");
            cells.add(JSON.readTree(file.toFile()).at("/parameters/cell").asText());
        }
        // the two long names differ only at their end: they stay two cells, named with a hash of the whole name
        assertThat(cells).doesNotHaveDuplicates().anyMatch(cell -> cell.length() == 120 && cell.contains("…"));
        assertThat(cells).noneMatch(cell -> cell.chars().anyMatch(Character::isISOControl));
    }

    @Test
    void aGridLargerThanTheLimitIsRefusedBeforeItRuns() {
        Kit kit = Kit.in(folder).with(TriscaleConstants.GRID_MAX_RUNS, "10");
        Counted.bodies = 0;

        EngineExecutionResults results = kit.run(Counted.class);

        List<String> messages = results.allEvents().failed().stream().map(event -> Kit.error(event).getMessage())
                .toList();
        assertThat(messages).hasSize(3).allMatch(message -> message.contains("the grid has 3 cells × 5 runs (series ×"
                + " runs of a cell) = 15 runs, more than triscale.grid.maxRuns = 10 allows in one launch; no cell ran")
                && message.contains("-Dtriscale.grid.maxRuns=15"));
        assertThat(messages).anyMatch(message -> message.contains("Counted.fct[value=2]"));
        assertThat(Counted.bodies).isZero();
        assertThat(kit.outputDir()).doesNotExist();
    }

    @Test
    void aGridOfUnknownSizeRunsTheCellsWithinTheLimit() throws IOException {
        Kit kit = Kit.in(folder).with(TriscaleConstants.GRID_MAX_RUNS, "10");

        EngineExecutionResults results = kit.run(Provided.class);

        List<String> messages = results.allEvents().failed().stream().map(event -> Kit.error(event).getMessage())
                .toList();
        assertThat(messages).singleElement().asString().contains("Provided.fct[value=3]")
                .contains("the grid has at least 3 cells × 5 runs").contains("the cells after the first 2 do not run");
        assertThat(kit.result(Provided.class, "fct[value=1]").at("/verdict/status").asText()).isEqualTo("PASSED");
        assertThat(kit.result(Provided.class, "fct[value=2]").at("/verdict/status").asText()).isEqualTo("PASSED");
    }

    @Test
    void theLimitMustBeANumber() {
        EngineExecutionResults results = Kit.in(folder).with(TriscaleConstants.GRID_MAX_RUNS, "many").run(Counted.class);

        assertThat(results.allEvents().failed().stream().map(event -> Kit.error(event).getMessage()).toList())
                .isNotEmpty().allMatch(message -> message.contains("triscale.grid.maxRuns")
                        && message.contains("'many'"));
    }

    @Test
    void aCellWhoseScenarioFailsToBuildFailsAloneAndTheOthersKeepTheirResults() throws IOException {
        Kit kit = Kit.in(folder).with("triscale.baseline.update", "true");

        EngineExecutionResults results = kit.run(Starts.class);

        List<String> messages = results.testEvents().failed().stream().map(event -> Kit.error(event).getMessage())
                .toList();
        // five runs fail with the scenario's own message, then the series checks and the verdict name the cell
        assertThat(messages).hasSize(7);
        assertThat(messages.subList(0, 5)).allMatch(message -> message.contains("flow 0 starts at PT0.5S"));
        assertThat(messages.get(5)).contains("KPI checks of Starts.flow[startS=5]: FAILED");
        assertThat(messages.get(6)).contains("TriScale verdict of Starts.flow[startS=5]: FAILED")
                .contains("5 of 5 runs failed").contains("IllegalArgumentException: flow 0 starts at PT0.5S");
        assertThat(results.testEvents().failed().stream().map(event -> event.getTestDescriptor().getUniqueId()
                .toString())).allMatch(id -> id.contains("[class-template-invocation:#2]"));
        for (String cell : List.of("startS=0", "startS=1")) {
            assertThat(kit.result(Starts.class, "flow[" + cell + "]").at("/verdict/status").asText())
                    .isEqualTo("PASSED");
            assertThat(kit.baseline(Starts.class, "flow[" + cell + "]")).isRegularFile();
            assertThat(kit.history(Starts.class, "flow[" + cell + "]")).isRegularFile();
        }
        assertThat(kit.result(Starts.class, "flow[startS=5]").at("/verdict/status").asText()).isEqualTo("FAILED");
        assertThat(kit.baseline(Starts.class, "flow[startS=5]")).doesNotExist();
    }

    @Test
    void aCellWhoseArgumentCannotBeConvertedFailsAlone() throws IOException {
        Kit kit = Kit.in(folder);

        EngineExecutionResults results = kit.run(Converted.class);

        // JUnit converts the argument for each invocation of the cell, before TriScale sees it: the
        // failures are JUnit's own, all under the cell's invocation, and the cell writes nothing
        assertThat(results.allEvents().failed().stream().map(event -> event.getTestDescriptor().getUniqueId()
                .toString())).hasSize(7).allMatch(id -> id.contains("[class-template-invocation:#2]"));
        assertThat(Kit.error(results.allEvents().failed().list().get(0)).getMessage())
                .contains("Failed to convert String \"x\" to type int");
        assertThat(kit.json(Converted.class, "fct[value=x]")).doesNotExist();
        assertThat(JSON.readTree(kit.cellJson(Converted.class, "fct[value=1]").toFile()).at("/verdict/status").asText()).isEqualTo("PASSED");
        assertThat(JSON.readTree(kit.cellJson(Converted.class, "fct[value=3]").toFile()).at("/verdict/status").asText()).isEqualTo("PASSED");
    }

    @Test
    void progressCountsTheCellsOfTheGrid() {
        String out = progress(Kit.in(folder).with("triscale.progress", "true"), Counted.class);

        assertThat(out).contains("[Counted.fct[value=1]] grid · cell 1/3 started · 0 of 3 cells done\n")
                .containsPattern("\\[Counted.fct\\[value=1]] grid · cell 1/3 done · 1 of 3 cells done · elapsed [^·]+"
                        + " · ETA ")
                .containsPattern("\\[Counted.fct\\[value=3]] grid · cell 3/3 done · 3 of 3 cells done · elapsed [^·\n]+\n");
        // one line when a cell starts and one when it ends
        assertThat(out.lines().filter(line -> line.contains("] grid · "))).hasSize(6);

        String unknown = progress(Kit.in(folder.resolve("unknown")).with("triscale.progress", "true"),
                Provided.class);
        assertThat(unknown).contains("[Provided.fct[value=2]] grid · cell 2 started · 1 cell done\n")
                .containsPattern("\\[Provided.fct\\[value=3]] grid · cell 3 done · 3 cells done · elapsed [^·\n]+\n");
    }

    private static String progress(Kit kit, Class<?> fixture) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            kit.run(fixture);
        } finally {
            System.setOut(original);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(strings = {"a/b", "../up", "..", "nul\0x", "tab\tx", "back\\slash", LONG + "1", LONG + "2"})
    static class Unsafe {
        static final String[] NAMES = {"a/b", "../up", "..", "nul\0x", "tab\tx", "back\\slash", LONG + "1", LONG + "2"};

        @Parameter
        String name;

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 100)
        @Baseline(compare = Baseline.Compare.RUNS)
        void fct(RunContext run) {
            run.recordRunValue("fct", name.length() % 50 + run.run());
        }
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(ints = {1, 2, 3})
    static class Counted {
        static volatile int bodies;

        @Parameter
        int value;

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 100)
        void fct(RunContext run) {
            bodies++;
            run.recordRunValue("fct", value + run.run());
        }
    }

    @FixturesOnly
    @ParameterizedClass
    @MethodSource("values")
    static class Provided {
        @Parameter
        int value;

        static IntStream values() {
            return IntStream.of(1, 2, 3);
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 100)
        void fct(RunContext run) {
            run.recordRunValue("fct", value + run.run());
        }
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(ints = {0, 5, 1})
    static class Starts {
        @Parameter
        int startS;

        /** A CUBIC flow starting at startS/10 s over a 1 s run; the cell startS = 5 runs 0.5 s and cannot be built. */
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
        @Metric(name = "delay", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "delay", atMost = 10_000)
        @Baseline(compare = Baseline.Compare.RUNS)
        void flow(RunContext run) {
            Scenario scenario = Scenario.dumbbell()
                    .bottleneck(Rate.mbps(20))
                    .buffer(Packets.of(100))
                    .flow(f -> f.cca(Cca.CUBIC).start(Duration.ofMillis(startS * 100L)).oneWayDelay(Duration.ofMillis(10)))
                    .duration(Duration.ofMillis(startS == 5 ? 500 : 1000))
                    .build();
            Trace trace = Emulator.run(scenario, run.seed());
            run.recordSamples("delay", trace.delays().timesSeconds(), trace.delays().delaysMillis());
        }
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(strings = {"1", "x", "3"})
    static class Converted {
        @Parameter
        int value;

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 100)
        void fct(RunContext run) {
            run.recordRunValue("fct", value + run.run());
        }
    }
}
