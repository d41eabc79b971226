package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.triscale.results.internal.merge.ShardMerge;
import org.triscale.results.internal.setup.Machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code triscale.shard}: each shard runs its own series and writes a partial result; the merge judges them. */
class ShardTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAME = Fixture.class.getName() + ".cca";

    @TempDir
    Path folder;

    @Test
    void shardsMergeIntoTheUnshardedVerdictDoubleForDouble() throws IOException {
        Kit whole = Kit.in(folder.resolve("whole"));
        // A baseline, then the unsharded sequel compared with it (paired: the same seeds).
        whole.with("triscale.baseline.update", "true").run(Fixture.class);
        whole.with("triscale.baseline.update", "false").run(Fixture.class).testEvents()
                .assertStatistics(stats -> stats.succeeded(5 * 5 + 5 + 1));
        Kit sharded = Kit.in(folder.resolve("sharded"));
        EngineExecutionResults first = sharded.with("triscale.shard", "1/2").run(Fixture.class);
        // Series 1, 3 and 5 with their KPI checks, no verdict invocation.
        first.testEvents().assertStatistics(stats -> stats.started(18).succeeded(18));
        assertThat(first.testEvents().started().stream().map(event -> event.getTestDescriptor().getDisplayName()))
                .allMatch(name -> name.startsWith("series 1/5") || name.startsWith("series 3/5")
                        || name.startsWith("series 5/5"));
        first.containerEvents().assertStatistics(stats -> stats.failed(0));
        sharded.with("triscale.shard", "2/2").run(Fixture.class).testEvents()
                .assertStatistics(stats -> stats.started(12).succeeded(12));

        // A shard writes its partial result only: no verdict, baseline, history or Surefire report.
        Path partials = sharded.outputDir().resolve("partial");
        assertThat(names(partials)).containsExactly(NAME + ".shard-1-of-2.partial.json",
                NAME + ".shard-2-of-2.partial.json");
        assertThat(sharded.json(Fixture.class, "cca")).doesNotExist();
        assertThat(sharded.baselineDir()).doesNotExist();
        assertThat(sharded.historyDir()).doesNotExist();
        assertThat(sharded.reportsDir()).doesNotExist();
        JsonNode partial = JSON.readTree(partials.resolve(NAME + ".shard-2-of-2.partial.json").toFile());
        assertThat(partial.has("schemaVersion")).isFalse();
        assertThat(partial.get("partialSchemaVersion").asInt()).isEqualTo(1);
        assertThat(partial.at("/shard/series").toString()).isEqualTo("[2,4]");
        assertThat(partial.get("runs")).hasSize(10);
        assertThat(partial.at("/gate/metrics/0/metric").asText()).isEqualTo("delay");
        assertThat(partial.at("/fingerprint/cpus").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(partial.has("series") || partial.has("verdict")).isFalse();

        Path out = folder.resolve("merged");
        // The baseline of the unsharded run, labelled relative to the same folder, so that the gate's
        // messages match too.
        List<ShardMerge.Merged> merged = ShardMerge.merge(List.of(partials), new ShardMerge.Options(out,
                whole.baselineDir(), folder.resolve("merged-history"), Path.of("").toAbsolutePath(), 0));
        assertThat(merged).hasSize(1);
        assertThat(merged.get(0).conclusion().passed()).isTrue();
        JsonNode expected = JSON.readTree(whole.json(Fixture.class, "cca").toFile());
        JsonNode actual = JSON.readTree(out.resolve(NAME + ".json").toFile());
        // Same doubles: JsonNode compares numbers exactly.
        assertThat(actual.get("series")).isEqualTo(expected.get("series"));
        assertThat(actual.get("variabilityScores")).isEqualTo(expected.get("variabilityScores"));
        assertThat(withoutDurations(actual.get("runs"))).isEqualTo(withoutDurations(expected.get("runs")));
        assertThat(actual.get("parameters")).isEqualTo(expected.get("parameters"));
        assertThat(actual.at("/verdict/warnings")).isEqualTo(expected.at("/verdict/warnings"));
        assertThat(actual.at("/baseline/metrics/0/outcome").asText()).isEqualTo("UNCHANGED");
        assertThat(actual.at("/baseline/metrics/0/gate/design").asText()).isEqualTo("PAIRED");
        assertThat(actual.at("/baseline/metrics")).isEqualTo(expected.at("/baseline/metrics"));
        assertThat(actual.at("/baseline/source")).isEqualTo(expected.at("/baseline/source"));
        // The series' KPI checks are in the shards' own Surefire reports: the merge writes no series file
        // (the command line writes the merged verdict's, MergeCommandTest).
        assertThat(out.resolve("surefire-reports")).doesNotExist();
        // The merge appends the merged sequel to its own history, like an unsharded verdict.
        assertThat(folder.resolve("merged-history").resolve(NAME + ".jsonl")).exists();
    }

    @Test
    void moreShardsThanSeriesLeaveTheLastShardsEmpty() throws IOException {
        Kit whole = Kit.in(folder.resolve("whole"));
        whole.run(Fixture.class);
        Kit sharded = Kit.in(folder.resolve("sharded"));
        for (int k = 1; k <= 7; k++) {
            EngineExecutionResults results = sharded.with("triscale.shard", k + "/7").run(Fixture.class);
            results.testEvents().assertStatistics(stats -> stats.failed(0));
            results.containerEvents().assertStatistics(stats -> stats.failed(0));
        }
        Path partials = sharded.outputDir().resolve("partial");
        JsonNode empty = JSON.readTree(partials.resolve(NAME + ".shard-7-of-7.partial.json").toFile());
        assertThat(empty.get("runs")).isEmpty();
        assertThat(empty.at("/shard/series")).isEmpty();

        Path out = folder.resolve("merged");
        ShardMerge.merge(List.of(partials), options(sharded, out, 0));
        assertThat(JSON.readTree(out.resolve(NAME + ".json").toFile()).get("series"))
                .isEqualTo(JSON.readTree(whole.json(Fixture.class, "cca").toFile()).get("series"));
    }

    @Test
    void aSequelWhoseRunsAllSkippedThemselvesHasASkippedVerdict() throws IOException {
        Kit kit = Kit.in(folder);
        for (String shard : new String[] {"1/2", "2/2"}) {
            kit.with("triscale.shard", shard).run(Skipping.class).testEvents()
                    .assertStatistics(stats -> stats.aborted(6).failed(0));
        }
        List<ShardMerge.Merged> merged = ShardMerge.merge(List.of(kit.outputDir().resolve("partial")),
                options(kit, folder.resolve("o"), 0));
        assertThat(merged.get(0).conclusion()).isNull();
        assertThat(folder.resolve("o")).doesNotExist();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0/2| k/K with 1 <= k <= K: k = 0 is below 1; the shards of K = 2 are 1/2 to 2/2",
        "3/2| k/K with 1 <= k <= K: k = 3 is above K = 2; the shards of K = 2 are 1/2 to 2/2",
        "1/0| k/K with K, the number of shards, from 1 to 10000 (K = 0 is not)",
        "2| k/K, two whole numbers such as 2/4 (the second of four shards)",
        "a/b| k/K, two whole numbers such as 2/4 (the second of four shards)"})
    void badShardValuesAreConfigurationErrors(String value, String expected) {
        EngineExecutionResults results = Kit.in(folder).with("triscale.shard", value).run(Fixture.class);
        results.testEvents().assertStatistics(stats -> stats.started(0));
        Event failed = results.containerEvents().failed().stream().findFirst().orElseThrow();
        assertThat(Kit.error(failed)).hasMessage("TriScale configuration parameter triscale.shard = '" + value
                + "' is not valid; use " + expected);
    }

    @Test
    void aShardDoesNotUpdateTheBaseline() {
        EngineExecutionResults results = Kit.in(folder).with("triscale.shard", "1/2")
                .with("triscale.baseline.update", "true").run(Fixture.class);
        Event failed = results.containerEvents().failed().stream().findFirst().orElseThrow();
        assertThat(Kit.error(failed)).hasMessageContainingAll("Fixture.cca", "triscale.shard = 1/2",
                "cannot be combined with triscale.baseline.update = true", "Update the baseline from an unsharded run");
    }

    @Test
    void anAdaptiveTestIsNotSharded() {
        EngineExecutionResults results = Kit.in(folder).with("triscale.shard", "1/2").run(Adaptive.class);
        Event failed = results.containerEvents().failed().stream().findFirst().orElseThrow();
        assertThat(Kit.error(failed)).hasMessageContaining("triscale.shard = 1/2 cannot be combined with"
                + " @Runs(adaptive = true)");
        results.testEvents().assertStatistics(stats -> stats.started(0));
    }

    @Test
    void refusesAMissingShard() throws IOException {
        Kit kit = shards("1/3", "3/3");
        assertThatThrownBy(() -> merge(kit)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot merge Fixture.cca: missing shard 2/3; found shard 1/3 (")
                .hasMessageContaining("Every shard's partial result is needed: rerun the missing shard jobs");
    }

    @Test
    void refusesADuplicateShard() throws IOException {
        Kit kit = shards("1/2", "2/2");
        Path partials = kit.outputDir().resolve("partial");
        Path copy = Files.createDirectories(partials.resolve("rerun")).resolve(NAME + ".shard-2-of-2.partial.json");
        Files.copy(partials.resolve(NAME + ".shard-2-of-2.partial.json"), copy);
        assertThatThrownBy(() -> merge(kit)).hasMessage("cannot merge Fixture.cca: duplicate shard 2/2: "
                + partials.resolve(NAME + ".shard-2-of-2.partial.json") + " and " + copy + ". Keep one of them (a"
                + " rerun's artifact next to the first attempt's, or two launches in one folder).");
    }

    @Test
    void refusesShardsOfDifferentCounts() throws IOException {
        Kit kit = shards("1/2", "2/3");
        assertThatThrownBy(() -> merge(kit)).hasMessageStartingWith("cannot merge Fixture.cca: its partial results"
                + " come from different numbers of shards: shard 1/2 (").hasMessageContaining(") and shard 2/3 (");
    }

    @Test
    void refusesMismatchedParameters() throws IOException {
        Kit kit = shards("1/2");
        kit.with("triscale.seed", "42").with("triscale.shard", "2/2").run(Fixture.class);
        assertThatThrownBy(() -> merge(kit)).hasMessageStartingWith("cannot merge Fixture.cca: the shards ran with"
                + " different parameters: baseSeed = 6085041853401492581 vs 42 in shard 1/2 (")
                .hasMessageEndingWith("Run every shard of a launch with the same annotations and configuration"
                        + " parameters (triscale.seed, triscale.mode, triscale.checks).");
    }

    @Test
    void refusesMismatchedGates() throws IOException {
        Kit kit = shards("1/2");
        kit.with("triscale.baseline.alpha", "0.02").with("triscale.shard", "2/2").run(Fixture.class);
        assertThatThrownBy(() -> merge(kit)).hasMessageStartingWith("cannot merge Fixture.cca: the shards ran with"
                + " different @Baseline gates (annotation or triscale.baseline.* parameters): shard 1/2 (");
    }

    @Test
    void refusesMismatchedFingerprints() throws IOException {
        Kit kit = shards("1/2", "2/2");
        edit(kit, 2, partial -> ((ObjectNode) partial.get("fingerprint")).put("cpus", 999));
        assertThatThrownBy(() -> merge(kit)).hasMessageStartingWith("cannot merge Fixture.cca: the shards ran on"
                + " different test beds: cpus: '" + Runtime.getRuntime().availableProcessors() + "' → '999' (shard 1/2")
                .hasMessageContainingAll("one kind of machine", "@Baseline(ignoreInFingerprint)");
    }

    @Test
    void refusesMismatchedVersions() throws IOException {
        Kit kit = shards("1/2", "2/2");
        edit(kit, 2, partial -> partial.put("triscaleVersion", "9.9.9"));
        // The version is the results jar's (a reactor build) or unknown (its classes folder, in an IDE).
        String version = Machine.current().triscaleVersion();
        assertThatThrownBy(() -> merge(kit)).hasMessageStartingWith("cannot merge Fixture.cca: the shards ran"
                + " different TriScale versions: " + (version == null ? "an unknown version (run from classes)"
                : version) + " in shard 1/2 (")
                .hasMessageContaining(", 9.9.9 in shard 2/2 (").hasMessageEndingWith("Run every shard with one version.");
    }

    @Test
    void refusesAnAlteredShard() throws IOException {
        Kit kit = shards("1/2", "2/2");
        edit(kit, 2, partial -> ((com.fasterxml.jackson.databind.node.ArrayNode) partial.get("runs")).remove(0));
        assertThatThrownBy(() -> merge(kit)).hasMessageStartingWith("cannot merge Fixture.cca: shard 2/2 (")
                .hasMessageContainingAll("does not hold the 10 runs", "series [2, 4]", "5 per series", "altered");
    }

    @Test
    void refusesAFolderWithoutPartialResults() {
        assertThatThrownBy(() -> ShardMerge.merge(List.of(folder), options(Kit.in(folder), folder.resolve("o"), 0)))
                .hasMessageStartingWith("no partial result (*.partial.json) and no shard's comparisons"
                        + " (comparisons.shard-k-of-K.json) in [" + folder + "]; run the shards with -Dtriscale.shard=k/K first");
    }

    @Test
    void refusesAFullResultNamedAsAPartialOne() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(Fixture.class);
        Path partials = Files.createDirectories(folder.resolve("partials"));
        Path renamed = partials.resolve(NAME + ".shard-1-of-1.partial.json");
        Files.copy(kit.json(Fixture.class, "cca"), renamed);
        assertThatThrownBy(() -> ShardMerge.merge(List.of(partials), options(kit, folder.resolve("o"), 0)))
                .hasMessageContainingAll("cannot read the partial result " + renamed, "no integer partialSchemaVersion",
                        "it is a full result", "remove it");
    }

    @Test
    void refusesAMissingFolder() {
        Path missing = folder.resolve("missing");
        assertThatThrownBy(() -> ShardMerge.merge(List.of(missing), options(Kit.in(folder), folder.resolve("o"), 0)))
                .hasMessageStartingWith(missing + " is not a folder; give the folders of the shards' partial results");
    }

    @Test
    void theMergedResultDescribesWhereTheShardsRanNotTheMerge() throws IOException {
        Kit kit = shards("1/2", "2/2");
        for (int shard = 1; shard <= 2; shard++) {
            edit(kit, shard, partial -> ((ObjectNode) partial.get("environment")).put("javaVendor", "the shards' JDK"));
        }
        merge(kit);
        JsonNode result = JSON.readTree(folder.resolve("o").resolve(NAME + ".json").toFile());
        assertThat(result.at("/environment/javaVendor").asText()).isEqualTo("the shards' JDK");
        assertThat(result.at("/environment/cpus").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void lastKeepsTheMostRecentPartialResults() throws IOException {
        // Nightly: shard 1/2 on night 1, 2/2 on night 2, 1/2 again on night 3 (in its own folder).
        Kit kit = shards("1/2", "2/2");
        Path partials = kit.outputDir().resolve("partial");
        Path night3 = Files.createDirectories(partials.resolve("night-3"));
        Files.copy(partials.resolve(NAME + ".shard-1-of-2.partial.json"),
                night3.resolve(NAME + ".shard-1-of-2.partial.json"));
        edit(kit, 1, partial -> partial.put("recordedAt", "2020-01-01T00:00:00Z")); // night 1, the oldest
        assertThatThrownBy(() -> merge(kit)).hasMessageContaining("duplicate shard 1/2");
        List<ShardMerge.Merged> merged = ShardMerge.merge(List.of(partials), options(kit, folder.resolve("o"), 2));
        assertThat(merged.get(0).dropped()).isEqualTo(1);
        assertThat(merged.get(0).shards().get(0).recordedAt()).isNotEqualTo("2020-01-01T00:00:00Z");
    }

    private Kit shards(String... shards) {
        Kit kit = Kit.in(folder);
        for (String shard : shards) {
            kit.with("triscale.shard", shard).run(Fixture.class);
        }
        return kit;
    }

    private List<ShardMerge.Merged> merge(Kit kit) throws IOException {
        return ShardMerge.merge(List.of(kit.outputDir().resolve("partial")), options(kit, folder.resolve("o"), 0));
    }

    private ShardMerge.Options options(Kit kit, Path out, int last) {
        return new ShardMerge.Options(out, kit.baselineDir(), out.resolveSibling(out.getFileName() + "-history"),
                folder, last);
    }

    private static void edit(Kit kit, int shard, java.util.function.Consumer<ObjectNode> change) throws IOException {
        Path file = kit.outputDir().resolve("partial").resolve(NAME + ".shard-" + shard + "-of-2.partial.json");
        ObjectNode partial = (ObjectNode) JSON.readTree(file.toFile());
        change.accept(partial);
        JSON.writeValue(file.toFile(), partial);
    }

    private static JsonNode withoutDurations(JsonNode runs) {
        JsonNode copy = runs.deepCopy();
        copy.forEach(run -> ((ObjectNode) run).remove("durationNanos"));
        return copy;
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @FixturesOnly
    static class Adaptive {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 50)
        @Series(count = 2)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", 1);
        }
    }

    @FixturesOnly
    static class Skipping {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 2)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 1)
        void cca(RunContext run) {
            org.junit.jupiter.api.Assumptions.assumeTrue(false, "no test bed here");
        }
    }

    @FixturesOnly
    static class Fixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @ConvergenceRequired
        @Metric(name = "delay", samplePercentile = 95, unit = "ms", bounds = {0, 100})
        @Metric(name = "throughput", unit = "Mbit/s")
        @Kpi(metric = "delay", atMost = 80)
        @Kpi(metric = "throughput", percentile = 25, atLeast = 1)
        @VariabilityScore(metric = "delay", atMost = 50)
        @Baseline(metrics = "delay")
        void cca(RunContext run) {
            // Seeded noise: the KPIs are arbitrary doubles, so equality means the same computation.
            SplittableRandom random = new SplittableRandom(run.seed());
            for (int i = 0; i < 200; i++) {
                run.recordSample("delay", i * 0.01, 40 + random.nextDouble() * 10);
            }
            run.recordRunValue("throughput", 90 + random.nextDouble());
        }
    }
}
