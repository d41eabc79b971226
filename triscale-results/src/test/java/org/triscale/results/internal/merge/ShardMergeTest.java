package org.triscale.results.internal.merge;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.sizing.Sizing;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.judge.Judge;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.PartialResult;
import org.triscale.results.internal.model.PartialResults;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.mapping.ResultMapper;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.RecordedSequel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The merge of shards: the runs of K partial results are restored and judged by the judge, so that
 * the merged verdict is the unsharded one, number for number; shards that do not form one sequel
 * are refused before anything is written.
 */
class ShardMergeTest {

    @TempDir
    Path dir;

    private static final int SERIES = Sizing.twoSided(75, 75, 0);

    private TestSetup setup(double atMost) {
        return TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(atMost).score(100, Double.NaN)
                .series(SERIES).build();
    }

    private static RecordedSequel sequel(TestSetup setup) {
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= SERIES; s++) {
            runs.series(s, 10 + s, 12 - 0.5 * s, 11 + 0.25 * s, 13, 9 + s);
        }
        return runs.build();
    }

    /** The partial result shard {@code index} of {@code count} writes: every count-th series from the index. */
    private static PartialResult shard(RecordedSequel sequel, int index, int count, UnaryOperator<TestResult.Run> edit) {
        TestSetup setup = sequel.setup();
        List<Integer> series = new ArrayList<>();
        List<TestResult.Run> runs = new ArrayList<>();
        for (int s = index; s <= setup.seriesCount(); s += count) {
            series.add(s);
            for (int r = 1; r <= sequel.runsIn(s); r++) {
                RunRecord record = sequel.run(s, r);
                runs.add(edit.apply(ResultMapper.run(record)));
            }
        }
        return new PartialResult(PartialResult.SCHEMA_VERSION, setup.testClass(), setup.testMethod(),
                setup.testName(), new PartialResult.ShardRuns(index, count, series), new PartialResult.Times(
                sequel.createdAt().toString(), sequel.createdAt().plusSeconds(index).toString()), null, ResultMapper.parameters(sequel), null,
                RecordedSequels.FINGERPRINT, sequel.environment(), runs);
    }

    private Path write(PartialResult partial, String folder) throws IOException {
        return PartialResults.write(partial, dir.resolve(folder));
    }

    private ShardMerge.Options options() {
        return new ShardMerge.Options(dir.resolve("merged"), dir.resolve("baselines"), dir.resolve("history"), dir, 0);
    }

    @Test
    void theMergedVerdictIsTheUnshardedOneNumberForNumber() throws IOException {
        RecordedSequel sequel = sequel(setup(100));
        write(shard(sequel, 1, 2, run -> run), "shard-1");
        write(shard(sequel, 2, 2, run -> run), "shard-2");

        List<ShardMerge.Merged> merged = ShardMerge.merge(List.of(dir.resolve("shard-1"), dir.resolve("shard-2")),
                options());

        assertThat(merged).singleElement().satisfies(test -> {
            assertThat(test.shards()).extracting(p -> p.shard().index()).containsExactly(1, 2);
            assertThat(test.dropped()).isZero();
            assertThat(test.failureMessage()).isNull();
            assertThat(test.conclusion().passed()).isTrue();
        });
        TestResult unsharded = Judge.decide(sequel).result();
        TestResult result = JsonResults.read(merged.get(0).conclusion().json());
        assertThat(result.series()).isEqualTo(unsharded.series());
        assertThat(result.variabilityScores()).isEqualTo(unsharded.variabilityScores());
        assertThat(result.runs()).isEqualTo(unsharded.runs());
        assertThat(result.verdict()).isEqualTo(unsharded.verdict());
        assertThat(result.parameters().kpis()).isEqualTo(unsharded.parameters().kpis());
    }

    @Test
    void aFailedMergedVerdictHasTheExtensionsFailureMessage() throws IOException {
        RecordedSequel sequel = sequel(setup(12));
        write(shard(sequel, 1, 2, run -> run), "a");
        write(shard(sequel, 2, 2, run -> run), "a");

        ShardMerge.Merged merged = ShardMerge.merge(List.of(dir.resolve("a")), options()).get(0);

        assertThat(merged.conclusion().passed()).isFalse();
        assertThat(merged.failureMessage()).startsWith("TriScale verdict of CcaTest.delay: FAILED (" + SERIES
                + " series × 5 runs, mode SOUND)").contains("violated in series");
    }

    @Test
    void aMissingShardIsRefusedNamingItAndNothingIsWritten() throws IOException {
        RecordedSequel sequel = sequel(setup(100));
        write(shard(sequel, 1, 3, run -> run), "a");
        write(shard(sequel, 3, 3, run -> run), "a");

        assertThatThrownBy(() -> ShardMerge.merge(List.of(dir.resolve("a")), options()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot merge CcaTest.delay: missing shard 2/3; found shard 1/3 (")
                .hasMessageContaining("rerun the missing shard jobs");
        assertThat(dir.resolve("merged")).doesNotExist();
    }

    @Test
    void aDuplicateShardIsRefused() throws IOException {
        RecordedSequel sequel = sequel(setup(100));
        write(shard(sequel, 1, 2, run -> run), "a");
        write(shard(sequel, 2, 2, run -> run), "a");
        write(shard(sequel, 2, 2, run -> run), "b");

        assertThatThrownBy(() -> ShardMerge.merge(List.of(dir.resolve("a"), dir.resolve("b")), options()))
                .hasMessageContaining("duplicate shard 2/2");
    }

    @Test
    void theLastOptionKeepsTheMostRecentPartialResults() throws IOException {
        RecordedSequel sequel = sequel(setup(100));
        write(shard(sequel, 1, 2, run -> run), "old");
        write(shard(sequel, 2, 2, run -> run), "a");
        // A rerun of shard 1, recorded a minute later: the most recent two are one of each shard.
        PartialResult first = shard(sequel, 1, 2, run -> run);
        write(new PartialResult(first.partialSchemaVersion(), first.testClass(), first.testMethod(),
                first.testName(), first.shard(), new PartialResult.Times(first.startedAt(), sequel.createdAt().plusSeconds(60).toString()),
                first.triscaleVersion(), first.parameters(), first.gate(), first.fingerprint(), first.environment(),
                first.runs()), "a");

        ShardMerge.Options last = new ShardMerge.Options(dir.resolve("merged"), dir.resolve("baselines"),
                dir.resolve("history"), dir, 2);
        ShardMerge.Merged merged = ShardMerge.merge(List.of(dir.resolve("old"), dir.resolve("a")), last).get(0);

        assertThat(merged.dropped()).isEqualTo(1);
        assertThat(merged.conclusion().passed()).isTrue();
    }

    @Test
    void shardsOfDifferentParametersAreRefusedNamingTheParameter() throws IOException {
        RecordedSequel sequel = sequel(setup(100));
        RecordedSequel other = sequel(setup(90));
        write(shard(sequel, 1, 2, run -> run), "a");
        write(shard(other, 2, 2, run -> run), "a");

        assertThatThrownBy(() -> ShardMerge.merge(List.of(dir.resolve("a")), options()))
                .hasMessageContaining("the shards ran with different parameters: kpis = ")
                .hasMessageContaining("atMost=100.0").hasMessageContaining("atMost=90.0");
    }

    @Test
    void aShardMissingARunIsRefusedAsIncomplete() throws IOException {
        RecordedSequel sequel = sequel(setup(100));
        PartialResult whole = shard(sequel, 1, 2, run -> run);
        List<TestResult.Run> fewer = new ArrayList<>(whole.runs());
        fewer.remove(2);
        write(new PartialResult(whole.partialSchemaVersion(), whole.testClass(), whole.testMethod(), whole.testName(),
                whole.shard(), whole.times(), whole.triscaleVersion(), whole.parameters(),
                whole.gate(), whole.fingerprint(), whole.environment(), fewer), "a");
        write(shard(sequel, 2, 2, run -> run), "a");

        assertThatThrownBy(() -> ShardMerge.merge(List.of(dir.resolve("a")), options()))
                .hasMessageContaining("does not hold the ").hasMessageContaining("it is incomplete or was altered");
    }

    @Test
    void aMergeWhoseRunsAllAbortedIsSkipped() throws IOException {
        RecordedSequel sequel = sequel(setup(100));
        UnaryOperator<TestResult.Run> aborted = run -> new TestResult.Run(run.series(), run.run(), run.seed(),
                RunStatus.ABORTED, run.durationNanos(), "assumption", run.metrics(), run.notes());
        write(shard(sequel, 1, 2, aborted), "a");
        write(shard(sequel, 2, 2, aborted), "a");

        ShardMerge.Merged merged = ShardMerge.merge(List.of(dir.resolve("a")), options()).get(0);
        assertThat(merged.conclusion()).isNull();
        assertThat(merged.failureMessage()).isNull();
    }

    @Test
    void aFolderThatIsNoneOrHoldsNoPartialResultIsRefused() throws IOException {
        assertThatThrownBy(() -> ShardMerge.merge(List.of(dir.resolve("nowhere")), options()))
                .hasMessageContaining("is not a folder");
        Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> ShardMerge.merge(List.of(dir.resolve("empty")), options()))
                .hasMessageStartingWith("no partial result (*" + PartialResults.SUFFIX + ")");
    }
}
