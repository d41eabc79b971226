package org.triscale.junit.sequel;

import org.apiguardian.api.API;
import org.triscale.engine.comparison.ComparisonSettings;
import org.triscale.engine.comparison.SequelChange;
import org.triscale.engine.comparison.SequelComparison;

/**
 * The reference and the candidate of one interleaved launch ({@link Sequel#interleave}): both
 * sequels, run pair by pair on the same seeds, and the order in which each pair ran. Comparing
 * them ({@link #compare}, or {@code candidate().compare(metric, reference(), settings)}, or the
 * assertions {@code assertThat(candidate()).isNotWorseThan(reference())}) uses the interleaved
 * design of {@link SequelComparison#interleaved}: exact whatever the test bed's drift.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class InterleavedSequels {
    private final Sequel reference;
    private final Sequel candidate;
    private final boolean[][] referenceFirst;

    InterleavedSequels(Sequel reference, Sequel candidate, boolean[][] referenceFirst) {
        this.reference = reference;
        this.candidate = candidate;
        this.referenceFirst = referenceFirst;
    }

    /**
     * The reference's runs.
     *
     * @return the reference sequel
     */
    public Sequel reference() {
        return reference;
    }

    /**
     * The candidate's runs.
     *
     * @return the candidate sequel
     */
    public Sequel candidate() {
        return candidate;
    }

    /**
     * Whether the reference ran first in one pair: the seeded coin of that pair.
     *
     * @param series the series, from 0
     * @param run    the run (pair) in its series, from 0
     * @return {@code true} when the reference's run came before the candidate's
     * @throws IllegalArgumentException if the series or run is out of range
     */
    public boolean referenceFirst(int series, int run) {
        if (series < 0 || series >= referenceFirst.length || run < 0 || run >= referenceFirst[series].length) {
            throw new IllegalArgumentException("pair (series " + series + ", run " + run + ") is not in this launch"
                    + " of " + referenceFirst.length + " series of " + referenceFirst[0].length
                    + " runs; series and runs count from 0");
        }
        return referenceFirst[series][run];
    }

    /**
     * Compares the candidate with the reference on one metric, interleaved design.
     *
     * @param metric   a metric recorded by both
     * @param settings direction, α, tolerance
     * @return the change and the outcome
     * @throws IllegalArgumentException if a sequel did not record the metric
     */
    public SequelChange compare(String metric, ComparisonSettings settings) {
        return candidate.compare(metric, reference, settings);
    }

    @Override
    public String toString() {
        return "'" + candidate.name() + "' interleaved with '" + reference.name() + "' (" + referenceFirst.length
                + " series of " + referenceFirst[0].length + " pairs)";
    }
}
