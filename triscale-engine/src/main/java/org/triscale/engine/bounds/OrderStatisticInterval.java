package org.triscale.engine.bounds;

import java.util.OptionalInt;

/**
 * Indices (0-based, in the ascending-sorted sample) of the order statistics that bound a
 * percentile with a given confidence. An absent index means the sample is too small for that end.
 *
 * @param n          sample size
 * @param percentile percentile in (0, 100)
 * @param confidence confidence in percent
 * @param kind       how the ends were sized
 * @param lowerIndex index of the lower bound, absent when n is too small
 * @param upperIndex index of the upper bound, absent when n is too small
 */
public record OrderStatisticInterval(int n, double percentile, double confidence, IntervalKind kind,
                                     OptionalInt lowerIndex, OptionalInt upperIndex) {
}
