package org.triscale.engine.bounds;

import org.apiguardian.api.API;

import java.util.OptionalInt;

/**
 * Indices (0-based, in the ascending-sorted sample) of the order statistics that bound a
 * percentile with a given confidence. An absent index means the sample is too small for that end.
 *
 * <p>The coverage methods state exactly what the confidence covers: the probability that each end,
 * or both together, hold (for continuous distributions; with ties the true coverage is at least
 * this). Coverage is in percent, like the confidence.
 *
 * @param n          sample size
 * @param percentile percentile in (0, 100)
 * @param confidence confidence in percent
 * @param kind       how the ends were sized
 * @param lowerIndex index of the lower bound, absent when n is too small
 * @param upperIndex index of the upper bound, absent when n is too small
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record OrderStatisticInterval(int n, double percentile, double confidence, IntervalKind kind,
                                     OptionalInt lowerIndex, OptionalInt upperIndex) {

    /** Checks that the indices are present together with their kind and inside the sample. */
    public OrderStatisticInterval {
        if (kind == null || lowerIndex == null || upperIndex == null) {
            throw new IllegalArgumentException("kind, lowerIndex and upperIndex must not be null"
                    + " (use OptionalInt.empty() for an absent end)");
        }
        checkIndex("lowerIndex", lowerIndex, n);
        checkIndex("upperIndex", upperIndex, n);
    }

    /** Returns {@code true} when both ends are present. */
    public boolean complete() {
        return lowerIndex.isPresent() && upperIndex.isPresent();
    }

    /**
     * The percentile the lower end bounds from below: {@code min(p, 100 − p)} for a two-sided or
     * joint interval of a non-median percentile, {@code p} otherwise.
     *
     * @return the percentile in percent
     */
    public double lowerPercentile() {
        return kind != IntervalKind.ONE_SIDED && percentile > 50 ? 100 - percentile : percentile;
    }

    /**
     * The percentile the upper end bounds from above: {@code max(p, 100 − p)} for a two-sided or
     * joint interval of a non-median percentile, {@code p} otherwise.
     *
     * @return the percentile in percent
     */
    public double upperPercentile() {
        return kind != IntervalKind.ONE_SIDED && percentile < 50 ? 100 - percentile : percentile;
    }

    /**
     * Probability, in percent, that the lower end is at most the true {@link #lowerPercentile()}.
     *
     * @return the coverage, NaN when the lower end is absent
     */
    public double lowerCoverage() {
        return lowerIndex.isPresent() ? ThompsonBounds.lowerCoverage(n, lowerPercentile(), lowerIndex.getAsInt())
                : Double.NaN;
    }

    /**
     * Probability, in percent, that the upper end is at least the true {@link #upperPercentile()}.
     *
     * @return the coverage, NaN when the upper end is absent
     */
    public double upperCoverage() {
        return upperIndex.isPresent() ? ThompsonBounds.upperCoverage(n, upperPercentile(), upperIndex.getAsInt())
                : Double.NaN;
    }

    /**
     * Probability, in percent, that both ends hold together. For {@link IntervalKind#JOINT} it is at
     * least the confidence; for TriScale's two-sided interval of a non-median percentile, and for two
     * one-sided bounds, it may be as low as {@code 2c − 100}.
     *
     * @return the joint coverage, NaN when an end is absent
     */
    public double jointCoverage() {
        return complete() ? ThompsonBounds.jointCoverage(n, lowerPercentile(), lowerIndex.getAsInt(),
                upperPercentile(), upperIndex.getAsInt()) : Double.NaN;
    }

    private static void checkIndex(String name, OptionalInt index, int n) {
        if (index.isPresent() && (index.getAsInt() < 0 || index.getAsInt() >= n)) {
            throw new IllegalArgumentException(name + " must be in [0, " + (n - 1) + "] for n = " + n + ", got "
                    + index.getAsInt());
        }
    }
}
