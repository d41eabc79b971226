package org.triscale.results;

import org.apiguardian.api.API;
import org.triscale.results.internal.model.TestResult;

import java.util.List;

/**
 * The result of one test method, as its JSON file holds it (docs/results-format.md describes the
 * fields). Read one with {@link Results#read}; a merge of shards returns them too.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class StoredResult {
    private final TestResult result;

    StoredResult(TestResult result) {
        this.result = result;
    }

    /** The model behind it, for the other entry points of this package. */
    TestResult model() {
        return result;
    }

    /**
     * The test class.
     *
     * @return its fully qualified name
     */
    public String testClass() {
        return result.testClass();
    }

    /**
     * The test method.
     *
     * @return its name
     */
    public String testMethod() {
        return result.testMethod();
    }

    /**
     * Whether the verdict passed.
     *
     * @return {@code true} when every KPI, score, run and gated metric passed
     */
    public boolean passed() {
        return result.verdict().status() == TestResult.VerdictStatus.PASSED;
    }

    /**
     * Why the verdict failed.
     *
     * @return one line per problem; empty when it passed
     */
    public List<String> failures() {
        return result.verdict().failures();
    }

    /**
     * The verdict's warnings.
     *
     * @return one line per warning
     */
    public List<String> warnings() {
        return result.verdict().warnings();
    }
}
