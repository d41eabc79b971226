package org.triscale.results;

import org.apiguardian.api.API;
import org.triscale.results.internal.judge.Judge;
import org.triscale.results.internal.merge.ShardMerge;

import java.nio.file.Path;
import java.util.List;

/**
 * The merge of the shards of one test method ({@link Results#mergeShards}): its verdict, or none
 * when every run skipped itself.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class MergedTest {
    private final ShardMerge.Merged merged;
    private final StoredResult result;

    MergedTest(ShardMerge.Merged merged) {
        this.merged = merged;
        this.result = merged.conclusion() == null ? null : new StoredResult(merged.conclusion().result());
    }

    /**
     * The test class.
     *
     * @return its fully qualified name
     */
    public String testClass() {
        return merged.setup().testClass();
    }

    /**
     * The test method.
     *
     * @return its name
     */
    public String testMethod() {
        return merged.setup().testMethod();
    }

    /**
     * The test method and its grid cell, what the test's files are named after.
     *
     * @return {@code method[cell]}, or the method's name outside a grid
     * @since 0.3.0
     */
    public String testKey() {
        return merged.setup().testKey();
    }

    /**
     * The test's display name, as the verdict's lines start with it.
     *
     * @return {@code Class.method}
     */
    public String testName() {
        return merged.setup().testName();
    }

    /**
     * The runs of the test: every run of every series.
     *
     * @return their number
     */
    public int totalRuns() {
        return merged.setup().totalRuns();
    }

    /**
     * Older partial results left out by {@link MergeOptions#last()}.
     *
     * @return their number
     */
    public int dropped() {
        return merged.dropped();
    }

    /**
     * Whether every run skipped itself (an assumption), so that the verdict is skipped.
     *
     * @return {@code true} when there is no verdict
     */
    public boolean skipped() {
        return merged.conclusion() == null;
    }

    /**
     * The merged result.
     *
     * @return it, or {@code null} when {@link #skipped()}
     */
    public StoredResult result() {
        return result;
    }

    /**
     * The JSON file of the merged result.
     *
     * @return it, or {@code null} when skipped or when it could not be written
     */
    public Path json() {
        return merged.conclusion() == null ? null : merged.conclusion().json();
    }

    /**
     * Why the verdict failed.
     *
     * @return one line per problem; empty when it passed or was skipped
     */
    public List<String> failures() {
        Judge.Conclusion conclusion = merged.conclusion();
        return conclusion == null ? List.of() : conclusion.failures();
    }

    /**
     * Whether the verdict passed.
     *
     * @return {@code true} when it passed; {@code false} when it failed or was skipped
     */
    public boolean passed() {
        return merged.conclusion() != null && merged.conclusion().passed();
    }

    /**
     * The message of a failed verdict, as the extension would fail with it.
     *
     * @return it, or {@code null} when the verdict passed or was skipped
     */
    public String failureMessage() {
        return merged.failureMessage();
    }
}
