package org.triscale.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.junit.Series;
import org.triscale.junit.VariabilityScore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** {@code triscale merge}: the verdicts of a sharded test class equal those of the unsharded run. */
class MergeCommandTest {
    private static final String FIXTURES = "triscale.cli.test.fixtures";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAME = Fixture.class.getName();

    @TempDir
    Path folder;

    @Test
    void mergedVerdictsEqualTheUnshardedOnes() throws IOException {
        Path whole = launch("whole", null);
        Path first = launch("job-1", "1/2");
        Path second = launch("job-2", "2/2");
        Path out = folder.resolve("merged");

        Cli cli = Cli.run("merge", first.toString(), second.toString(), "--out", out.toString(), "--baseline-dir",
                folder.resolve("baselines").toString());

        assertThat(cli.err()).isEmpty();
        assertThat(cli.exitCode()).isEqualTo(1); // the verdict of failing() fails
        assertThat(cli.out()).contains("TriScale verdict of MergeCommandTest$Fixture.passing: PASSED"
                        + " (4 series × 5 runs, mode SOUND)")
                .contains("TriScale verdict of MergeCommandTest$Fixture.failing: FAILED (4 series × 5 runs, mode SOUND)")
                .contains("  failure: KPI delay P75 at 75 % (atMost 10 ms) violated in series 1")
                .contains("TriScale merge of 2 tests: 1 passed, 1 failed, 0 skipped · results in " + out);
        for (String method : new String[] {"passing", "failing"}) {
            JsonNode expected = JSON.readTree(whole.resolve(NAME + "." + method + ".json").toFile());
            JsonNode actual = JSON.readTree(out.resolve(NAME + "." + method + ".json").toFile());
            assertThat(actual.get("series")).isEqualTo(expected.get("series"));
            assertThat(actual.get("variabilityScores")).isEqualTo(expected.get("variabilityScores"));
            assertThat(actual.at("/verdict/status")).isEqualTo(expected.at("/verdict/status"));
            assertThat(actual.at("/verdict/failures")).isEqualTo(expected.at("/verdict/failures"));
        }
        Path reports = out.resolve("surefire-reports");
        assertThat(Files.readString(reports.resolve("TEST-" + NAME + ".passing.verdict.xml")))
                .contains("<testsuite name=\"" + NAME + ".passing\" time=\"0\"")
                .contains("<testcase name=\"verdict\" classname=\"" + NAME + ".passing\"")
                .contains("failures=\"0\"").doesNotContain("<failure");
        assertThat(Files.readString(reports.resolve("TEST-" + NAME + ".failing.verdict.xml")))
                .contains("failures=\"1\"").contains("<failure message=\"TriScale verdict of Fixture.failing: FAILED");
        assertThat(out.resolve("report").resolve("index.html")).exists();
    }

    @Test
    void aMissingShardIsRefusedAndNothingIsWritten() throws IOException {
        Path first = launch("job-1", "1/2");
        Path out = folder.resolve("merged");

        Cli cli = Cli.run("merge", first.toString(), "--out", out.toString());

        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.err()).startsWith("triscale merge: cannot merge Fixture.failing: missing"
                + " shard 2/2; found shard 1/2 (" + first.resolve(NAME + ".failing.shard-1-of-2.partial.json") + ").");
        assertThat(out).doesNotExist();
    }

    @Test
    void lastMergesTheMostRecentNights() throws IOException {
        // Four nights, one shard each, in the order 1, 2, 1, 2: the last two nights form the sequel.
        Path nights = folder.resolve("nights");
        String[] shards = {"1/2", "2/2", "1/2", "2/2"};
        for (int night = 0; night < shards.length; night++) {
            Path partials = launch("night-" + night, shards[night]);
            for (Path file : Files.newDirectoryStream(partials)) {
                ObjectNode partial = (ObjectNode) JSON.readTree(file.toFile());
                partial.put("recordedAt", "2026-11-0" + (night + 1) + "T02:00:00Z");
                Path copy = Files.createDirectories(nights.resolve("night-" + night)).resolve(file.getFileName());
                JSON.writeValue(copy.toFile(), partial);
            }
        }
        Path out = folder.resolve("merged");

        assertThat(Cli.run("merge", nights.toString(), "--out", out.toString()).err())
                .contains("duplicate shard 1/2");
        Cli cli = Cli.run("merge", nights.toString(), "--out", out.toString(), "--last", "2");

        assertThat(cli.out()).contains("[Fixture.passing] --last 2: 2 older partial results"
                + " dropped");
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(Cli.run("merge", nights.toString(), "--out", out.toString(), "--last", "0").err())
                .isEqualTo("triscale merge: --last 0 is not valid; give the number of most recent partial results to"
                        + " merge per test, at least 1 (e.g. the number of shards)" + System.lineSeparator());
    }

    @Test
    void theSameFolderTwiceAnOutThatIsAFileAndASeedFromAnotherBaseAreRefusedClearly() throws IOException {
        Path first = launch("job-1", "1/2");
        Path second = launch("job-2", "2/2");
        Path out = folder.resolve("merged");

        Cli twice = Cli.run("merge", first.toString(), first.toString(), "--out", out.toString());
        assertThat(twice.exitCode()).isEqualTo(1);
        assertThat(twice.err()).contains("the same file is given twice: " + first).doesNotContain("duplicate shard");
        Cli nested = Cli.run("merge", folder.toString(), first.toString(), "--out", out.toString());
        assertThat(nested.err()).contains("the same file is given twice: ").doesNotContain("duplicate shard");

        Path file = Files.writeString(folder.resolve("a-file"), "x");
        Cli outFile = Cli.run("merge", first.toString(), second.toString(), "--out", file.toString());
        assertThat(outFile.exitCode()).isEqualTo(1);
        assertThat(outFile.err()).contains("--out " + file + " is a regular file, not a folder; give a folder")
                .doesNotContain("I/O error");
        assertThat(Cli.run("merge", first.toString(), second.toString(), "--out", file.resolve("sub").toString()).err())
                .contains("lies under " + file + ", which is a regular file");
        assertThat(Cli.run("merge", first.toString(), second.toString(), "--out", out.toString(), "--history-dir",
                file.toString()).err()).contains("--history-dir " + file + " is a regular file");
        assertThat(Files.readString(file)).isEqualTo("x");

        // One run's seed replaced by another's: it does not derive from the partial's base seed.
        Path edited = folder.resolve("edited");
        Files.createDirectories(edited);
        for (Path job : new Path[] {first, second}) {
            for (Path partialFile : Files.newDirectoryStream(job)) {
                ObjectNode partial = (ObjectNode) JSON.readTree(partialFile.toFile());
                if (job == second && partialFile.toString().contains("passing")) {
                    ObjectNode run = (ObjectNode) partial.get("runs").get(2);
                    run.put("seed", run.get("seed").asLong() + 1);
                }
                JSON.writeValue(edited.resolve(job.getFileName() + "-" + partialFile.getFileName()).toFile(), partial);
            }
        }
        Cli seed = Cli.run("merge", edited.toString(), "--out", out.toString());
        assertThat(seed.exitCode()).isEqualTo(1);
        assertThat(seed.err()).contains("cannot merge Fixture.passing: shard 2/2 (")
                .containsPattern("series \\d+ run \\d+: its seed -?\\d+ does not derive from the partial result's base seed");
        assertThat(out).doesNotExist();
    }

    @Test
    void hostilePartialResultsAreRefusedAndNothingIsWritten() throws IOException {
        Path first = launch("job-1", "1/2");
        Path second = launch("job-2", "2/2");
        Path out = folder.resolve("merged");
        Path hostile = folder.resolve("hostile");
        for (String[] change : new String[][] {{"testClass", "../../escaped"}, {"shard", "huge"}}) {
            Files.createDirectories(hostile);
            for (Path job : new Path[] {first, second}) {
                for (Path file : Files.newDirectoryStream(job)) {
                    ObjectNode partial = (ObjectNode) JSON.readTree(file.toFile());
                    if (change[0].equals("shard")) {
                        ((ObjectNode) partial.get("shard")).put("count", Integer.MAX_VALUE);
                    } else {
                        partial.put(change[0], change[1]);
                    }
                    JSON.writeValue(hostile.resolve(job.getFileName() + "-" + file.getFileName()).toFile(), partial);
                }
            }
            long started = System.nanoTime();
            Cli cli = Cli.run("merge", hostile.toString(), "--out", out.toString());
            assertThat(System.nanoTime() - started).isLessThan(20_000_000_000L);
            assertThat(cli.exitCode()).isEqualTo(1);
            assertThat(cli.err()).contains("cannot read the partial result").contains("the field " + change[0])
                    .doesNotContain("internal error");
            assertThat(out).doesNotExist();
            assertThat(folder.resolve("escaped")).doesNotExist();
            try (var left = Files.list(folder)) {
                assertThat(left.map(path -> path.getFileName().toString())).noneMatch(n -> n.startsWith(".triscale-merge"));
            }
            for (Path file : Files.newDirectoryStream(hostile)) {
                Files.delete(file);
            }
        }
    }

    @Test
    void aMergeThatFailsWhileWritingLeavesTheOutputFolderAsItWas() throws IOException {
        Path first = launch("job-1", "1/2");
        Path second = launch("job-2", "2/2");
        Path out = folder.resolve("merged");
        // The report's index cannot be written: a folder is in its place.
        Files.createDirectories(out.resolve("report").resolve("index.html").resolve("blocker"));

        Cli cli = Cli.run("merge", first.toString(), second.toString(), "--out", out.toString(), "--baseline-dir",
                folder.resolve("baselines").toString());

        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.err()).doesNotContain("internal error");
        try (var files = Files.walk(out)) {
            assertThat(files.filter(Files::isRegularFile)).isEmpty();
        }
        try (var left = Files.list(folder)) {
            assertThat(left.map(path -> path.getFileName().toString())).noneMatch(n -> n.startsWith(".triscale-merge"));
        }
    }

    /**
     * A launch of plain tests that compare sequels, sharded: each test runs in one shard, and the
     * merge writes the launch's comparisons, counted as comparisons (never "0 tests").
     */
    @Test
    void aComparisonsOnlyLaunchMergesItsComparisonsAndCountsThem() throws IOException {
        Path whole = launchThroughTheLauncher("whole", null);
        Path first = launchThroughTheLauncher("job-1", "1/2");
        Path second = launchThroughTheLauncher("job-2", "2/2");
        Path out = folder.resolve("merged");

        Cli cli = Cli.run("merge", first.toString(), second.toString(), "--out", out.toString());

        assertThat(cli.err()).isEmpty();
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("TriScale comparisons: 2, 0 failed")
                .contains("TriScale merge of 2 comparisons of sequels: 2 passed, 0 failed · results in " + out)
                .doesNotContain("0 tests");
        JsonNode expected = JSON.readTree(whole.resolve("comparisons.json").toFile()).get("comparisons");
        JsonNode actual = JSON.readTree(out.resolve("comparisons.json").toFile()).get("comparisons");
        assertThat(sortedByTest(actual)).isEqualTo(sortedByTest(expected));
        assertThat(Files.readString(out.resolve("report").resolve("index.html")))
                .contains("2 comparisons of sequels, 2 passed, 0 failed.").doesNotContain("0 tests")
                .contains("href=\"../comparisons.json\"");

        // A shard's folder given twice (as a copy): refused, nothing written.
        Path copy = folder.resolve("copy");
        Files.createDirectories(copy);
        Files.copy(first.resolve("partial").resolve("comparisons.shard-1-of-2.json"),
                copy.resolve("comparisons.shard-1-of-2.json"));
        Path again = folder.resolve("again");
        Cli twice = Cli.run("merge", first.toString(), second.toString(), copy.toString(), "--out", again.toString());
        assertThat(twice.exitCode()).isEqualTo(1);
        assertThat(twice.err()).startsWith("triscale merge: cannot merge the comparisons: duplicate shard 1/2: ");
        assertThat(again).doesNotExist();
    }

    private static java.util.List<JsonNode> sortedByTest(JsonNode comparisons) {
        java.util.List<JsonNode> list = new java.util.ArrayList<>();
        comparisons.forEach(list::add);
        list.sort(java.util.Comparator.comparing((JsonNode c) -> c.get("test").asText()));
        return list;
    }

    /** Runs the comparing fixture through the launcher (whose listener writes the comparisons); its output folder. */
    private Path launchThroughTheLauncher(String name, String shard) {
        Path output = folder.resolve(name);
        org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder request =
                org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request()
                        .selectors(selectClass(Comparing.class)).configurationParameter(FIXTURES, "true")
                        .configurationParameter("triscale.output.dir", output.toString())
                        // the summary on: an unsharded launch writes comparisons.json with its summary or report
                        .configurationParameter("triscale.summary.enabled", "true")
                        .configurationParameter("triscale.report.enabled", "false")
                        .configurationParameter("triscale.shard.environment", "false");
        if (shard != null) {
            request.configurationParameter("triscale.shard", shard);
        }
        org.junit.platform.launcher.listeners.SummaryGeneratingListener summary =
                new org.junit.platform.launcher.listeners.SummaryGeneratingListener();
        org.junit.platform.launcher.core.LauncherFactory.create().execute(request.build(), summary);
        assertThat(summary.getSummary().getTotalFailureCount()).isZero();
        // Each comparing test passes once over the shards; the other shard skips it (aborted).
        assertThat(summary.getSummary().getTestsSucceededCount()).isEqualTo(shard == null ? 2 : 1);
        assertThat(summary.getSummary().getTestsAbortedCount()).isEqualTo(shard == null ? 0 : 1);
        return output;
    }

    /** Runs the fixture class, sharded or not; returns the folder of its results (or partial results). */
    private Path launch(String name, String shard) {
        Path output = folder.resolve(name);
        Map<String, String> parameters = new java.util.HashMap<>(Map.of(FIXTURES, "true", "triscale.progress", "false",
                "triscale.output.dir", output.toString(), "triscale.summary.enabled", "false",
                "triscale.report.enabled", "false"));
        if (shard != null) {
            parameters.put("triscale.shard", shard);
        }
        EngineTestKit.engine("junit-jupiter").selectors(selectClass(Fixture.class)).configurationParameters(parameters)
                .execute().containerEvents().assertStatistics(stats -> stats.failed(0));
        return shard == null ? output : output.resolve("partial");
    }

    /** Enables the fixture inside this test's launches only. */
    static final class OnlyInsideTests implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(FIXTURES).isPresent()
                    ? ConditionEvaluationResult.enabled("run by MergeCommandTest")
                    : ConditionEvaluationResult.disabled("fixture of MergeCommandTest");
        }
    }

    @ExtendWith(OnlyInsideTests.class)
    static class Fixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 4)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 60)
        @VariabilityScore(metric = "delay", percentile = 50, confidence = 50, atMost = 20)
        void passing(RunContext run) {
            run.recordRunValue("delay", 40 + new SplittableRandom(run.seed()).nextDouble() * 10);
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 4)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 10)
        void failing(RunContext run) {
            run.recordRunValue("delay", 40 + new SplittableRandom(run.seed()).nextDouble() * 10);
        }
    }

    /** Plain tests comparing sequels; under triscale.shard = k/2, one in each shard. */
    @ExtendWith(OnlyInsideTests.class)
    static class Comparing {
        private static org.triscale.junit.sequel.Sequel sequel(String name, double factor) {
            double[][] fct = new double[5][10];
            for (int s = 0; s < 5; s++) {
                for (int r = 0; r < 10; r++) {
                    fct[s][r] = factor * (100 + 3 * ((s * 7 + r * 3) % 10));
                }
            }
            return org.triscale.junit.sequel.Sequel.of(name, Map.of("fct", fct), null);
        }

        @Test
        void slower() {
            org.triscale.junit.assertions.TriscaleAssertions.assertThat(sequel("prague", 3)).metric("fct")
                    .isWorseThan(sequel("cubic", 1)).byAtLeast(1.0);
        }

        @Test
        void notWorse() {
            org.triscale.junit.assertions.TriscaleAssertions.assertThat(sequel("cubic", 1)).metric("fct")
                    .isNotWorseThan(sequel("cubic", 1)).withTolerance(0.05);
        }
    }
}
