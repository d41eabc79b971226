package org.triscale.results;

import org.apiguardian.api.API;
import org.triscale.results.internal.report.Comparisons;

import java.util.List;

/**
 * The comparisons of sequels a launch recorded in its {@value Results#COMPARISONS_FILE}
 * ({@code Sequel} comparisons and {@code TriscaleAssertions} results, passing or failing), as
 * {@link Results#readComparisons} reads them for a report.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class StoredComparisons {
    private final List<Comparisons.Comparison> comparisons;
    private final int dropped;

    StoredComparisons(List<Comparisons.Comparison> comparisons) {
        this(comparisons, 0);
    }

    StoredComparisons(List<Comparisons.Comparison> comparisons, int dropped) {
        this.comparisons = List.copyOf(comparisons);
        this.dropped = dropped;
    }

    /** The comparisons behind it, for the other entry points of this package. */
    List<Comparisons.Comparison> model() {
        return comparisons;
    }

    /**
     * How many comparisons were recorded.
     *
     * @return their number
     */
    public int size() {
        return comparisons.size();
    }

    /**
     * Whether no comparison was recorded.
     *
     * @return {@code true} when there is none
     */
    public boolean isEmpty() {
        return comparisons.isEmpty();
    }

    /**
     * How many of them failed their assertion.
     *
     * @return their number
     * @since 0.3.0
     */
    public int failed() {
        return (int) comparisons.stream()
                .filter(c -> c.outcome() != org.triscale.results.internal.model.TestResult.VerdictStatus.PASSED).count();
    }

    /**
     * Comparisons left out because more than a launch keeps were merged (the first ones are kept).
     *
     * @return their number, 0 for a file read as it is
     * @since 0.3.0
     */
    public int dropped() {
        return dropped;
    }
}
