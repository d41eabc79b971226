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

    StoredComparisons(List<Comparisons.Comparison> comparisons) {
        this.comparisons = List.copyOf(comparisons);
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
}
