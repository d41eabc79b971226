package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.triscale.results.internal.merge.ShardMerge;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code triscale.shard.by = cells}: each cell of a grid runs whole in one shard (cell i in shard
 * ((i − 1) mod K) + 1), the other shards skip it naming that shard, and the merge of the cells'
 * partial results gives the verdicts, baseline comparisons and history of the unsharded grid.
 */
class CellShardsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> CELLS = List.of("rttMs=10", "rttMs=40", "rttMs=160");
    private static final String NAME = GridCellsTest.RttGrid.class.getName();

    @TempDir
    Path folder;

    @AfterEach
    void reset() {
        GridCellsTest.RttGrid.slowerCell = 0;
    }

    @Test
    void cellShardsMergeIntoTheUnshardedGridsVerdicts() throws IOException {
        Path baselines = folder.resolve("baselines");
        Kit.in(folder.resolve("first")).with("triscale.baseline.dir", baselines.toString())
                .with("triscale.baseline.update", "true").run(GridCellsTest.RttGrid.class);
        GridCellsTest.RttGrid.slowerCell = 40; // only that cell got slower: it alone regresses

        Kit whole = Kit.in(folder.resolve("whole")).with("triscale.baseline.dir", baselines.toString());
        whole.run(GridCellsTest.RttGrid.class);
        List<EngineExecutionResults> shards = new ArrayList<>();
        for (int k = 1; k <= 2; k++) {
            shards.add(Kit.in(folder.resolve("shard-" + k)).with("triscale.baseline.dir", baselines.toString())
                    .with("triscale.shard", k + "/2").with("triscale.shard.by", "cells")
                    .run(GridCellsTest.RttGrid.class));
        }

        // Shard 1/2 runs cells 1 and 3 whole, shard 2/2 cell 2; no verdict in a shard, nothing fails.
        for (int k = 1; k <= 2; k++) {
            EngineExecutionResults results = shards.get(k - 1);
            results.testEvents().assertStatistics(stats -> stats.failed(0));
            assertThat(results.testEvents().started().stream().map(e -> e.getTestDescriptor().getDisplayName()))
                    .noneMatch(name -> name.startsWith("verdict"));
            List<Event> skipped = results.containerEvents().skipped().list();
            assertThat(skipped).hasSize(k == 1 ? 1 : 2);
            String reason = " runs whole in shard " + (3 - k) + "/2 (triscale.shard.by = cells); this is shard " + k + "/2";
            assertThat(skipped).allSatisfy(event -> assertThat(event.getPayload(String.class).orElse(""))
                    .contains(reason));
        }
        assertThat(names(folder.resolve("shard-1").resolve("triscale").resolve("partial"))).containsExactly(
                NAME + ".fct[rttMs=10].shard-1-of-1.partial.json", NAME + ".fct[rttMs=160].shard-1-of-1.partial.json");
        assertThat(names(folder.resolve("shard-2").resolve("triscale").resolve("partial"))).containsExactly(
                NAME + ".fct[rttMs=40].shard-1-of-1.partial.json");
        assertThat(folder.resolve("shard-1").resolve("history")).doesNotExist();

        Path out = folder.resolve("merged");
        List<ShardMerge.Merged> merged = ShardMerge.merge(List.of(folder.resolve("shard-1"), folder.resolve("shard-2")),
                // The project folder the extension labels baselines from (the module's), so that messages match too.
                new ShardMerge.Options(out, baselines, folder.resolve("merged-history"), Path.of("").toAbsolutePath(), 0));
        assertThat(merged).hasSize(3);
        for (String cell : CELLS) {
            String key = "fct[" + cell + "]";
            JsonNode expected = whole.result(GridCellsTest.RttGrid.class, key);
            JsonNode actual = JSON.readTree(out.resolve(NAME + "." + key + ".json").toFile());
            assertThat(actual.at("/verdict/status")).isEqualTo(expected.at("/verdict/status"));
            assertThat(actual.at("/verdict/failures")).isEqualTo(expected.at("/verdict/failures"));
            assertThat(actual.get("series")).isEqualTo(expected.get("series"));
            assertThat(actual.get("variabilityScores")).isEqualTo(expected.get("variabilityScores"));
            assertThat(actual.at("/baseline/metrics")).isEqualTo(expected.at("/baseline/metrics"));
            assertThat(actual.at("/parameters/cell").asText()).isEqualTo(cell);
            assertThat(folder.resolve("merged-history").resolve(NAME + "." + key + ".jsonl")).isRegularFile();
        }
        assertThat(JSON.readTree(out.resolve(NAME + ".fct[rttMs=40].json").toFile()).at("/verdict/status").asText())
                .isEqualTo("FAILED");
        assertThat(JSON.readTree(out.resolve(NAME + ".fct[rttMs=10].json").toFile()).at("/verdict/status").asText())
                .isEqualTo("PASSED");
    }

    @Test
    void asManyShardsAsCellsRunOneCellEach() throws IOException {
        for (int k = 1; k <= 3; k++) {
            Kit.in(folder.resolve("shard-" + k)).with("triscale.shard", k + "/3").with("triscale.shard.by", "cells")
                    .run(GridCellsTest.RttGrid.class).testEvents().assertStatistics(stats -> stats.failed(0));
            assertThat(names(folder.resolve("shard-" + k).resolve("triscale").resolve("partial")))
                    .containsExactly(NAME + ".fct[" + CELLS.get(k - 1) + "].shard-1-of-1.partial.json");
        }
    }

    @Test
    void anUnknownWayToShardIsAConfigurationError() {
        EngineExecutionResults results = Kit.in(folder).with("triscale.shard", "1/2").with("triscale.shard.by", "cell")
                .run(GridCellsTest.RttGrid.class);
        List<Event> failed = results.containerEvents().failed().list();
        assertThat(failed).hasSize(3);
        assertThat(Kit.error(failed.get(0))).hasMessage("TriScale configuration parameter triscale.shard.by = 'cell'"
                + " is not valid; use series (each test's series over the shards, the default) or cells (each test,"
                + " a grid's cell or a test outside a grid, whole in one shard)");
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
