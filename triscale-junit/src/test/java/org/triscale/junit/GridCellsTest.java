package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A grid of scenarios written the JUnit way, {@code @ParameterizedClass}: each cell is a test of
 * its own, with its own result, baseline, history, summary and per-series reports; a regression in
 * one cell fails that cell alone; two cells that would share files are refused.
 */
class GridCellsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> CELLS = List.of("rttMs=10", "rttMs=40", "rttMs=160");

    @TempDir
    Path folder;

    @AfterEach
    void reset() {
        RttGrid.slowerCell = 0;
    }

    @Test
    void everyCellHasItsOwnResultBaselineAndHistory() throws IOException {
        Kit kit = Kit.in(folder).with("triscale.baseline.update", "true");

        kit.run(RttGrid.class).testEvents().assertStatistics(stats -> stats.failed(0));

        for (String cell : CELLS) {
            String key = "fct[" + cell + "]";
            JsonNode result = kit.result(RttGrid.class, key);
            assertThat(result.get("testMethod").asText()).isEqualTo("fct");
            assertThat(result.at("/parameters/cell").asText()).isEqualTo(cell);
            assertThat(result.at("/environment/testBed/rtt").asText()).isEqualTo(cell.substring(6) + " ms");
            assertThat(kit.baseline(RttGrid.class, key)).isRegularFile();
            assertThat(kit.history(RttGrid.class, key)).isRegularFile();
            assertThat(kit.summary(RttGrid.class, key)).isRegularFile();
            int rtt = Integer.parseInt(cell.substring(cell.indexOf('=') + 1));
            // each cell's baseline holds its own numbers: the median series KPI grows with the RTT
            assertThat(JSON.readTree(kit.baseline(RttGrid.class, key).toFile()).at("/metrics/0/kpi/median").asDouble())
                    .isEqualTo(10.0 * rtt + 13);
        }
        assertThat(kit.json(RttGrid.class, "fct")).doesNotExist();
        assertThat(kit.baseline(RttGrid.class, "fct")).doesNotExist();
    }

    @Test
    void onlyTheCellThatGotSlowerFails() throws IOException {
        Kit kit = Kit.in(folder).with("triscale.baseline.update", "true");
        kit.run(RttGrid.class);
        RttGrid.slowerCell = 40;

        EngineExecutionResults results = Kit.in(folder).run(RttGrid.class);

        List<Event> failed = results.testEvents().failed().list();
        assertThat(failed).hasSize(1);
        assertThat(Kit.error(failed.get(0)).getMessage()).contains("RttGrid.fct[rttMs=40]").contains("regressed");
        assertThat(failed.get(0).getTestDescriptor().getUniqueId().toString())
                .contains("[class-template-invocation:#2]");
        assertThat(kit.result(RttGrid.class, "fct[rttMs=40]").at("/verdict/status").asText()).isEqualTo("FAILED");
        for (String cell : List.of("rttMs=10", "rttMs=160")) {
            assertThat(kit.result(RttGrid.class, "fct[" + cell + "]").at("/verdict/status").asText())
                    .isEqualTo("PASSED");
        }
    }

    @Test
    void cellsShareTheirSeeds() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(RttGrid.class);

        List<String> seeds = Stream.of("rttMs=10", "rttMs=40").map(cell -> {
            try {
                return kit.result(RttGrid.class, "fct[" + cell + "]").at("/runs").findValuesAsText("seed").toString();
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }).toList();
        assertThat(seeds.get(0)).isEqualTo(seeds.get(1)); // common random numbers: cells compare paired
    }

    @Test
    void cellsWithTheSameNameAreRefused() throws IOException {
        Kit kit = Kit.in(folder);

        EngineExecutionResults results = kit.run(SameNames.class);

        assertThat(results.allEvents().failed().list()).isNotEmpty();
        String messages = results.allEvents().failed().stream().map(event -> Kit.error(event).getMessage())
                .reduce("", String::concat);
        assertThat(messages).contains("two cells of").contains("SameNames.fct[same]")
                .contains("@ParameterizedClass(name = \"[{index}] {arguments}\")");
        try (Stream<Path> files = Files.list(kit.outputDir())) {
            // the first cell's result is kept, the second never overwrote it
            assertThat(files.filter(file -> file.getFileName().toString().endsWith(".json")).count()).isEqualTo(1);
        }
        // a test without @Baseline records its test bed too
        assertThat(kit.result(SameNames.class, "fct[same]").at("/environment/testBed/value").asText()).isEqualTo("1");
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(ints = {10, 40, 160})
    static class RttGrid {
        static volatile int slowerCell;

        @Parameter
        int rttMs;

        /** Series s runs 10 rtt + 3s + {3, 1, 4, 2, 0}; the slower cell 10 % more. */
        @Runs(kpiPercentile = 75, kpiConfidence = 75, independent = true)
        @Series(count = 5)
        @Metric(name = "fct", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "fct", atMost = 100_000)
        @Baseline
        void fct(RunContext run) {
            run.testBed("rtt", rttMs + " ms");
            double value = 10.0 * rttMs + 3 * run.series() + (run.run() * 3) % 5;
            run.recordRunValue("fct", rttMs == slowerCell ? value * 1.10 : value);
        }
    }

    @FixturesOnly
    @ParameterizedClass(name = "same")
    @ValueSource(ints = {1, 2})
    static class SameNames {
        @Parameter
        int value;

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 100)
        void fct(RunContext run) {
            run.testBed("value", Integer.toString(value));
            run.recordRunValue("fct", value + run.run());
        }
    }
}
