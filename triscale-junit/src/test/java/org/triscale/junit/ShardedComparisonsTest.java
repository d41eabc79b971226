package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.triscale.junit.assertions.TriscaleAssertions;
import org.triscale.junit.internal.lifecycle.ComparisonShards;
import org.triscale.junit.sequel.Sequel;
import org.triscale.results.internal.merge.ShardComparisons;
import org.triscale.results.internal.merge.ShardMerge;
import org.triscale.results.internal.report.Comparisons;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Plain tests that run or compare sequels under {@code triscale.shard}: each runs in exactly one
 * shard (the others skip it, naming that shard), so that over all shards it passes or fails once,
 * and the shards' comparisons merge into those of the unsharded launch. Launched through the
 * launcher, as Surefire does, so that the launch listener writes the comparisons.
 */
class ShardedComparisonsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PREFIX = "ShardedComparisonsTest$Mixed.";
    /** The plain tests that compare sequels; {@code plain} compares none and runs in every shard. */
    private static final List<String> COMPARING = List.of("pragueIsSlower", "pragueIsNotWorse", "cubicAgainstItself");

    @TempDir
    Path folder;

    @Test
    void theFixtureSpreadsItsComparisonTestsOverBothShards() {
        // The tests below mean something only if each shard owns at least one comparison test.
        assertThat(COMPARING.stream().map(name -> ComparisonShards.owner(PREFIX + name, 2)).distinct())
                .containsExactlyInAnyOrder(1, 2);
    }

    @Test
    void aComparisonTestRunsInOneShardAndTheShardsComparisonsMergeIntoTheUnshardedOnes() throws IOException {
        Map<String, String> whole = launch("whole", null);
        Map<String, String> first = launch("shard-1", "1/2");
        Map<String, String> second = launch("shard-2", "2/2");

        // Unsharded: every test runs; the one comparison that fails its claim fails its test.
        assertThat(whole).containsEntry("plain", "SUCCESSFUL").containsEntry("pragueIsSlower", "SUCCESSFUL")
                .containsEntry("pragueIsNotWorse", "FAILED").containsEntry("cubicAgainstItself", "SUCCESSFUL");
        for (String test : COMPARING) {
            int owner = ComparisonShards.owner(PREFIX + test, 2);
            Map<String, String> runs = owner == 1 ? first : second;
            Map<String, String> skips = owner == 1 ? second : first;
            assertThat(runs.get(test)).isEqualTo(whole.get(test));
            // Aborted, which Surefire counts as skipped: over both shards the test passes or fails once.
            assertThat(skips.get(test)).startsWith("ABORTED: TriScale: " + PREFIX + test)
                    .contains("shard " + owner + "/2 runs it, this is shard " + (3 - owner) + "/2");
        }
        assertThat(first).containsEntry("plain", "SUCCESSFUL");
        assertThat(second).containsEntry("plain", "SUCCESSFUL");

        Path partial1 = folder.resolve("shard-1").resolve("triscale").resolve("partial");
        Path partial2 = folder.resolve("shard-2").resolve("triscale").resolve("partial");
        assertThat(partial1.resolve("comparisons.shard-1-of-2.json")).isRegularFile();
        assertThat(partial2.resolve("comparisons.shard-2-of-2.json")).isRegularFile();
        // No launch-level comparisons.json in a shard: only the merge writes the launch's.
        assertThat(folder.resolve("shard-1").resolve("triscale").resolve(Comparisons.FILE)).doesNotExist();

        ShardComparisons.Merged merged = ShardComparisons.merge(List.of(folder.resolve("shard-1"),
                folder.resolve("shard-2")));
        assertThat(merged.dropped()).isZero();
        JsonNode expected = JSON.readTree(folder.resolve("whole").resolve("triscale").resolve(Comparisons.FILE)
                .toFile()).get("comparisons");
        JsonNode actual = JSON.valueToTree(merged.comparisons());
        // The same comparisons, double for double; the order is the shards', not the launch's.
        assertThat(sorted(actual)).isEqualTo(sorted(expected));
        assertThat(actual).hasSize(3);

        // The @Runs test beside them is sharded by series and merges as before.
        List<ShardMerge.Merged> verdicts = ShardMerge.merge(List.of(partial1, partial2), new ShardMerge.Options(
                folder.resolve("merged"), folder.resolve("baselines"), folder.resolve("merged-history"), folder, 0));
        assertThat(verdicts).hasSize(1);
        assertThat(verdicts.get(0).conclusion().passed()).isTrue();
    }

    @Test
    void theMergeRefusesAMissingShardAndATestFromTwoShards() throws IOException {
        launch("shard-1", "1/2");
        assertThatThrownBy(() -> ShardComparisons.merge(List.of(folder.resolve("shard-1"))))
                .hasMessageStartingWith("cannot merge the comparisons: missing shard 2/2; found shard 1/2 (")
                .hasMessageContaining("rerun shard 2/2");

        // An unsharded launch's comparisons given as shard 2's: every test's comparisons are in it.
        launch("whole", null);
        Path fake = folder.resolve("fake");
        Files.createDirectories(fake);
        Files.copy(folder.resolve("whole").resolve("triscale").resolve(Comparisons.FILE),
                fake.resolve(ShardComparisons.fileName(2, 2)));
        String owned1 = COMPARING.stream().filter(name -> ComparisonShards.owner(PREFIX + name, 2) == 1)
                .findFirst().orElseThrow();
        assertThatThrownBy(() -> ShardComparisons.merge(List.of(folder.resolve("shard-1"), fake)))
                .hasMessageStartingWith("cannot merge the comparisons: " + PREFIX + owned1
                        + " made comparisons in shard 1/2")
                .hasMessageContaining("a test's comparisons run in one shard only");

        Files.copy(fake.resolve(ShardComparisons.fileName(2, 2)), fake.resolve(ShardComparisons.fileName(1, 3)));
        assertThatThrownBy(() -> ShardComparisons.merge(List.of(fake)))
                .hasMessageContaining("they come from different numbers of shards");
    }

    /** The comparisons ordered by test and claim, as JSON. */
    private static List<JsonNode> sorted(JsonNode comparisons) {
        List<JsonNode> list = new ArrayList<>();
        ((ArrayNode) comparisons).forEach(list::add);
        list.sort(Comparator.comparing((JsonNode c) -> c.get("test").asText()).thenComparing(c -> c.get("claim").asText()));
        return list;
    }

    /** Launches the fixture; the outcome of each of its plain tests, by method ({@code ABORTED: reason}). */
    private Map<String, String> launch(String name, String shard) {
        Kit kit = Kit.in(folder.resolve(name)).with("triscale.report.enabled", "false")
                .with("triscale.shard.environment", "false");
        if (shard != null) {
            kit.with("triscale.shard", shard);
        }
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(Mixed.class))
                .configurationParameters(kit.parameters()).build();
        Map<String, String> outcomes = new TreeMap<>();
        TestExecutionListener listener = new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                test.getSource().filter(source -> source instanceof MethodSource && test.isTest())
                        .map(source -> ((MethodSource) source).getMethodName())
                        .filter(method -> !method.equals("cca"))
                        .ifPresent(method -> outcomes.put(method, result.getStatus() == TestExecutionResult.Status.ABORTED
                                ? "ABORTED: " + result.getThrowable().map(Throwable::getMessage).orElse("")
                                : result.getStatus().name()));
            }
        };
        PrintStream original = System.out;
        System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        try {
            LauncherFactory.create().execute(request, listener);
        } finally {
            System.setOut(original);
        }
        return outcomes;
    }

    /** A @Runs test (sharded by series) beside plain tests, three of which compare sequels. */
    @FixturesOnly
    static class Mixed {
        private static Sequel sequel(String name, double factor) {
            double[][] fct = new double[5][10];
            for (int s = 0; s < 5; s++) {
                for (int r = 0; r < 10; r++) {
                    fct[s][r] = factor * (100 + 3 * ((s * 7 + r * 3) % 10));
                }
            }
            return Sequel.of(name, Map.of("fct", fct), null);
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 3)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 80)
        void cca(RunContext run) {
            run.recordRunValue("delay", 40 + new SplittableRandom(run.seed()).nextDouble() * 10);
        }

        @org.junit.jupiter.api.Test
        void plain() {
            assertThat(1 + 1).isEqualTo(2);
        }

        /** Runs its sequels: skipped before the first run in the shards that do not own it. */
        @org.junit.jupiter.api.Test
        void pragueIsSlower() throws Exception {
            Sequel cubic = Sequel.run("cubic", 5, 10, 7, run -> run.record("fct",
                    100 + new SplittableRandom(run.seed()).nextDouble() * 10));
            Sequel prague = Sequel.run("prague", 5, 10, 7, run -> run.record("fct",
                    300 + new SplittableRandom(run.seed()).nextDouble() * 10));
            TriscaleAssertions.assertThat(prague).metric("fct").isWorseThan(cubic).byAtLeast(1.0);
        }

        @org.junit.jupiter.api.Test
        void pragueIsNotWorse() {
            TriscaleAssertions.assertThat(sequel("prague", 3)).metric("fct")
                    .isNotWorseThan(sequel("cubic", 1)).withTolerance(0.05);
        }

        @org.junit.jupiter.api.Test
        void cubicAgainstItself() {
            TriscaleAssertions.assertThat(sequel("cubic", 1)).metric("fct")
                    .isNotWorseThan(sequel("cubic", 1)).withTolerance(0.05);
        }
    }
}
