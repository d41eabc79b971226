package org.triscale.engine.bounds;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.numeric.Binomial;

import java.util.OptionalInt;

/**
 * Distribution-free confidence bounds of a percentile from order statistics (Thompson 1936), as
 * TriScale computes them (Jacob et al. 2021), plus a joint two-sided interval.
 *
 * <p>With B the number of samples below the true percentile ξ<sub>p</sub> (B ~ Binomial(n, p) for
 * a continuous distribution), the k-th smallest sample (0-based) is a lower bound of ξ<sub>p</sub>
 * with probability {@code P(B > k)} and an upper bound with probability {@code P(B ≤ k)}. For
 * distributions with ties these probabilities are lower bounds of the true coverage.
 *
 * <ul>
 *   <li>{@link IntervalKind#ONE_SIDED}: the lower index is the largest k with
 *       {@code P(B > k) ≥ c}; the upper index mirrors the lower bound of the percentile
 *       {@code 100 − p}. Each end holds with probability ≥ c on its own.
 *   <li>{@link IntervalKind#TWO_SIDED}: TriScale's interval, symmetric indices {@code (l, n−1−l)}.
 *       For the median, l is the largest index with {@code 1 − 2·P(B ≤ l) ≥ c}: the pair holds
 *       jointly with probability ≥ c. For another percentile, l is the one-sided lower index of
 *       {@code min(p, 100 − p)} and the upper end bounds {@code max(p, 100 − p)}: each end holds
 *       with probability ≥ c, the pair jointly with probability ≥ 2c − 1.
 *   <li>{@link IntervalKind#JOINT}: the same percentile pair and symmetric indices
 *       {@code (l, n−1−l)} as {@code TWO_SIDED}, with l the largest index for which both ends hold
 *       <em>together</em> with probability ≥ c: {@code P(X(l) ≤ ξq and ξ(1−q) ≤ X(n−1−l)) ≥ c},
 *       q = min(p, 100 − p), computed exactly from the trinomial split of the sample around the
 *       two percentiles. For the median it equals {@code TWO_SIDED}.
 * </ul>
 *
 * <p>For the {@code ONE_SIDED} and {@code TWO_SIDED} kinds the tail probabilities are accumulated
 * term by term exactly as the reference TriScale does ({@code 1 − Σ pmf}), so its indices are
 * reproduced, including exact ties (n = 3, median, 75 %: the tail probability is exactly 0.75,
 * which counts as reached). Above {@value #EXACT_SCAN_LIMIT} samples the tails come from the
 * regularized beta function instead, which is faster and more accurate.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class ThompsonBounds {
    /** Largest n for which tail probabilities are summed term by term like the reference. */
    static final int EXACT_SCAN_LIMIT = 20_000;

    private ThompsonBounds() {
    }

    /**
     * Order-statistic indices bounding {@code percentile} in a sample of {@code n}.
     *
     * @param n          sample size, ≥ 1
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param kind       one-sided, TriScale two-sided, or joint
     * @return the indices; absent ends mean "not enough samples"
     * @throws IllegalArgumentException if an argument is outside its range
     */
    public static OrderStatisticInterval indices(int n, double percentile, double confidence, IntervalKind kind) {
        Arguments.atLeast("n", n, 1);
        Arguments.percent("percentile", percentile);
        Arguments.percent("confidence", confidence);
        Arguments.notNull("kind", kind);
        // The index of the lower bound, and n - 1 - the index of the upper one (-1: that bound does not exist).
        int fromBelow;
        int fromAbove = switch (kind) {
            case ONE_SIDED -> {
                fromBelow = lastReaching(n, percentile, confidence, 1);
                yield lastReaching(n, 100 - percentile, confidence, 1);
            }
            case TWO_SIDED -> {
                fromBelow = percentile == 50
                        ? lastReaching(n, 50, confidence, 2)
                        : lastReaching(n, percentile > 50 ? 100 - percentile : percentile, confidence, 1);
                yield fromBelow;
            }
            case JOINT -> {
                fromBelow = jointLower(n, percentile, confidence / 100);
                yield fromBelow;
            }
        };
        OptionalInt lower = present(fromBelow);
        OptionalInt upper = fromAbove < 0 ? OptionalInt.empty() : OptionalInt.of(n - 1 - fromAbove);
        return new OrderStatisticInterval(n, percentile, confidence, kind, lower, upper);
    }

    /**
     * Probability, in percent, that the order statistic of index {@code index} (0-based) in a
     * sample of {@code n} is at most the true {@code percentile}: {@code P(B > index)}, B ~
     * Binomial(n, percentile/100). Exact for continuous distributions, a lower bound otherwise.
     *
     * @param n          sample size, ≥ 1
     * @param percentile percentile in (0, 100)
     * @param index      order-statistic index in [0, n)
     * @return the coverage in percent
     */
    public static double lowerCoverage(int n, double percentile, int index) {
        checkCoverageArguments(n, percentile, index);
        return 100 * Binomial.survival(n, percentile / 100, index);
    }

    /**
     * Probability, in percent, that the order statistic of index {@code index} (0-based) in a
     * sample of {@code n} is at least the true {@code percentile}: {@code P(B ≤ index)}.
     * Exact for continuous distributions, a lower bound otherwise.
     *
     * @param n          sample size, ≥ 1
     * @param percentile percentile in (0, 100)
     * @param index      order-statistic index in [0, n)
     * @return the coverage in percent
     */
    public static double upperCoverage(int n, double percentile, int index) {
        checkCoverageArguments(n, percentile, index);
        return 100 * Binomial.cumulative(n, percentile / 100, index);
    }

    /**
     * Probability, in percent, that both ends hold together: the order statistic of index
     * {@code lowerIndex} is at most the {@code lowerPercentile} and the one of index
     * {@code upperIndex} is at least the {@code upperPercentile} (equal percentiles for an interval
     * of one percentile; TriScale's two-sided interval of a non-median percentile pairs p and
     * 100 − p). Exact for continuous distributions, a lower bound otherwise.
     *
     * @param n               sample size, ≥ 1
     * @param lowerPercentile percentile bounded from below, in (0, 100)
     * @param lowerIndex      index of the lower end in [0, n)
     * @param upperPercentile percentile bounded from above, in [lowerPercentile, 100)
     * @param upperIndex      index of the upper end in [0, n)
     * @return the joint coverage in percent
     */
    public static double jointCoverage(int n, double lowerPercentile, int lowerIndex, double upperPercentile,
                                       int upperIndex) {
        checkCoverageArguments(n, lowerPercentile, lowerIndex);
        checkCoverageArguments(n, upperPercentile, upperIndex);
        if (upperPercentile < lowerPercentile) {
            throw new IllegalArgumentException("upperPercentile must be >= lowerPercentile, got " + upperPercentile
                    + " < " + lowerPercentile);
        }
        if (lowerPercentile == upperPercentile) {
            return 100 * jointProbability(n, lowerPercentile / 100, lowerIndex, upperIndex);
        }
        return 100 * pairProbability(n, lowerPercentile / 100, lowerIndex, upperPercentile / 100, upperIndex);
    }

    /**
     * TriScale's index search: the last k in [0, n) whose tail {@code max(1 − Σ_{i≤k} f·pmf(i), 0)}
     * reaches the confidence, −1 when even k = 0 does not.
     *
     * @param n             sample size
     * @param percentWork   percentile whose lower bound is searched, in percent
     * @param confidence    confidence in percent
     * @param factor        1, or 2 for the two-sided median
     * @return the index, or −1
     */
    static int lastReaching(int n, double percentWork, double confidence, int factor) {
        double p = percentWork / 100;
        double c = confidence / 100;
        if (n <= EXACT_SCAN_LIMIT) {
            double[] pmf = Binomial.probabilities(n, p, n - 1);
            double cumulative = 0;
            for (int k = 0; k < n; k++) {
                cumulative += factor * pmf[k];
                if (Math.max(1 - cumulative, 0.0) < c) {
                    return k - 1;
                }
            }
            // Every index reaches the confidence: the bound is the last sample.
            return n - 1;
        }
        if (tail(n, p, factor, 0) < c) {
            return -1;
        }
        int lo = 0;
        int hi = n - 1;
        if (tail(n, p, factor, hi) >= c) {
            return hi;
        }
        // Invariant: tail(lo) >= c > tail(hi).
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (tail(n, p, factor, mid) >= c) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static double tail(int n, double p, int factor, int k) {
        return factor == 1
                ? Binomial.survival(n, p, k)
                : Math.max(1 - factor * Binomial.cumulative(n, p, k), 0.0);
    }

    /** {@code P(l < B ≤ u)}: both ends of an interval of one percentile hold. */
    static double jointProbability(int n, double p, int lower, int upper) {
        if (lower >= upper) {
            return 0;
        }
        double value = 1 - Binomial.cumulative(n, p, lower) - Binomial.survival(n, p, upper);
        return Math.max(value, 0.0);
    }

    /**
     * {@code P(X(l) ≤ ξ_pl and ξ_ph ≤ X(u))} for pl &lt; ph: at least l + 1 samples fall below
     * ξ_pl and at least n − u above ξ_ph (a trinomial split of the sample).
     */
    private static double pairProbability(int n, double pl, int lower, double ph, int upper) {
        int minAbove = n - upper;
        double aboveGivenNotBelow = (1 - ph) / (1 - pl);
        double[] below = Binomial.probabilities(n, pl, n);
        double sum = 0;
        for (int a = lower + 1; a <= n - minAbove; a++) {
            if (below[a] == 0) {
                continue;
            }
            // P(#above >= minAbove | a below) with #above ~ Binomial(n − a, (1 − ph)/(1 − pl)).
            sum += below[a] * Binomial.survival(n - a, aboveGivenNotBelow, minAbove - 1);
        }
        return Math.min(Math.max(sum, 0.0), 1.0);
    }

    /**
     * Probability, in percent, that the symmetric pair {@code (l, n − 1 − l)} holds jointly for
     * the percentile pair of {@code percentile}: {@code X(l) ≤ ξq} and {@code ξ(1−q) ≤ X(n−1−l)}
     * with q = min(p, 100 − p) (for the median, {@code X(l) ≤ ξ50 ≤ X(n−1−l)}). This is the
     * coverage of a {@link IntervalKind#JOINT} interval, and the joint coverage of TriScale's
     * two-sided one.
     *
     * @param n          sample size, ≥ 1
     * @param percentile percentile in (0, 100)
     * @param lowerIndex index l of the lower end, in [0, n)
     * @return the joint coverage in percent (0 when the two ends cross)
     */
    public static double symmetricPairCoverage(int n, double percentile, int lowerIndex) {
        checkCoverageArguments(n, percentile, lowerIndex);
        double q = percentile > 50 ? 100 - percentile : percentile;
        int upperIndex = n - 1 - lowerIndex;
        if (upperIndex < lowerIndex) {
            return 0;
        }
        return jointCoverage(n, q, lowerIndex, 100 - q, upperIndex);
    }

    /** Largest l whose symmetric pair reaches c jointly, −1 when none does; coverage falls as l grows. */
    private static int jointLower(int n, double percentile, double c) {
        if (symmetricPairCoverage(n, percentile, 0) / 100 < c) {
            return -1;
        }
        int lo = 0;
        int hi = (n - 1) / 2 + 1;
        // Invariant: coverage(lo) >= c; coverage(hi) < c or hi past the middle.
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (symmetricPairCoverage(n, percentile, mid) / 100 >= c) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static OptionalInt present(int index) {
        return index < 0 ? OptionalInt.empty() : OptionalInt.of(index);
    }

    private static void checkCoverageArguments(int n, double percentile, int index) {
        Arguments.atLeast("n", n, 1);
        Arguments.percent("percentile", percentile);
        if (index < 0 || index >= n) {
            throw new IllegalArgumentException("index must be in [0, " + (n - 1) + "] for n = " + n + ", got " + index);
        }
    }
}
