package org.triscale.engine.sizing;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.numeric.Binomial;
import org.triscale.engine.numeric.Bisection;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.function.IntPredicate;

/**
 * Minimal number of runs (or series) for a distribution-free confidence bound of a percentile
 * (Thompson 1936; sizing as in TriScale, Jacob et al. 2021).
 *
 * <p>With q = min(p, 100 − p), a one-sided bound needs the smallest N with
 * {@code 1 − (1 − q)^N ≥ c}; TriScale computes it as {@code ceil(ln(1 − c) / ln(1 − q))}. When
 * that ratio is an integer up to rounding (q = 50 with c = 50 or 75 gives exactly 1 and 2) the
 * integer is decided exactly on the double inputs, so the answer does not depend on the last bit
 * of a logarithm. With a robustness r &gt; 0, N is the smallest count, at least 2(r + 1), for
 * which the bound may ignore the r most extreme samples: {@code 1 − Σ_{k≤r} pmf(k; N, q) ≥ c}.
 * N is found by an exponential search followed by bisection (the coverage grows with N), so
 * extreme inputs such as p = 99.9, c = 99.9, r = 10 return at once.
 *
 * <p>A two-sided interval is sized as TriScale does: each end as a one-sided bound, the median's
 * pair together. A joint interval bounds the same percentile pair as the two-sided one, both ends
 * holding together with probability at least c.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Sizing {
    /** Largest robustness whose binomial tail is summed term by term like the reference. */
    private static final int TERM_SUM_LIMIT = 1_000;
    /** Relative distance to an integer below which the log ratio is decided exactly. */
    private static final double NEAR_INTEGER = 1e-9;

    private Sizing() {
    }

    /**
     * Minimal N for a one-sided bound of percentile {@code percentile} at {@code confidence},
     * ignoring up to {@code robustness} extreme samples.
     *
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param robustness number of extreme runs the bound may ignore, ≥ 0
     * @return the minimal number of samples
     * @throws IllegalArgumentException if an argument is outside its range, or if the answer
     *                                  exceeds {@link Integer#MAX_VALUE}
     */
    public static int oneSided(double percentile, double confidence, int robustness) {
        check(percentile, confidence, robustness);
        double q = workingPercentile(percentile) / 100;
        double c = confidence / 100;
        int n = logRatioSize(q, c);
        if (robustness == 0) {
            return n;
        }
        return smallestFrom(Math.max(n, 2 * (robustness + 1)),
                size -> 1 - lowerTail(size, q, robustness) >= c, percentile, confidence, robustness);
    }

    /**
     * Minimal N for a two-sided interval as TriScale sizes it: each end is a one-sided bound at
     * {@code confidence} (for the median, the pair is sized together:
     * {@code 1 − 2·Σ_{k≤r} pmf(k; N, 1/2) ≥ c}, without robustness
     * {@code ceil(1 − ln(1 − c)/ln 2)}).
     *
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param robustness number of extreme runs each end may ignore, ≥ 0
     * @return the minimal number of samples
     * @throws IllegalArgumentException if an argument is outside its range, or if the answer
     *                                  exceeds {@link Integer#MAX_VALUE}
     */
    public static int twoSided(double percentile, double confidence, int robustness) {
        if (percentile != 50) {
            return oneSided(percentile, confidence, robustness);
        }
        check(percentile, confidence, robustness);
        double c = confidence / 100;
        int n = medianSize(c);
        if (robustness == 0) {
            return n;
        }
        return smallestFrom(Math.max(n, 2 * (robustness + 1)),
                size -> 1 - 2 * lowerTail(size, 0.5, robustness) >= c, percentile, confidence, robustness);
    }

    /**
     * Minimal N for a joint two-sided interval: the same percentile pair as
     * {@link #twoSided(double, double, int)} (the median, or q = min(p, 100 − p) and 1 − q), with
     * both ends holding <em>together</em> with probability at least {@code confidence}. It is the
     * smallest N ≥ 2(r + 1) for which the (r+1)-th smallest sample is below ξq and the (r+1)-th
     * largest above ξ(1−q) with probability ≥ c (see
     * {@link ThompsonBounds#symmetricPairCoverage(int, double, int)}).
     *
     * @param percentile percentile in (0, 100)
     * @param confidence joint confidence in percent, in (0, 100)
     * @param robustness number of extreme runs each end may ignore, ≥ 0
     * @return the minimal number of samples
     * @throws IllegalArgumentException if an argument is outside its range, or if the answer
     *                                  exceeds {@link Integer#MAX_VALUE}
     */
    public static int joint(double percentile, double confidence, int robustness) {
        check(percentile, confidence, robustness);
        return smallestFrom(2 * (robustness + 1),
                size -> ThompsonBounds.symmetricPairCoverage(size, percentile, robustness) >= confidence,
                percentile, confidence, robustness);
    }

    /** TriScale's working percentile: min(p, 100 − p), with 100 − p computed as the reference does. */
    private static double workingPercentile(double percentile) {
        return percentile > 50 ? 100 - percentile : percentile;
    }

    /**
     * Smallest N with (1 − q)^N ≤ 1 − c: ceil(ln(1 − c)/ln(1 − q)), with log1p for accuracy at
     * extreme q and an exact decision near integers.
     */
    private static int logRatioSize(double q, double c) {
        if (1 - q == 1.0) {
            // q below 2^-53: the answer is beyond 10^15 samples.
            throw new IllegalArgumentException("a bound of percentile " + (100 * q)
                    + " (or its mirror) needs more than " + Integer.MAX_VALUE
                    + " samples; choose a percentile farther from 0 and 100");
        }
        double ratio = Math.log1p(-c) / Math.log1p(-q);
        BigDecimal base = BigDecimal.ONE.subtract(new BigDecimal(q));
        BigDecimal target = BigDecimal.ONE.subtract(new BigDecimal(c));
        return ceilExact(ratio, k -> power(base, k).compareTo(target) <= 0);
    }

    /** Smallest N with 2·(1/2)^N ≤ 1 − c: ceil(1 − ln(1 − c)/ln 2), exact near integers. */
    private static int medianSize(double c) {
        double ratio = 1 - Math.log1p(-c) / Math.log(2);
        BigDecimal target = BigDecimal.ONE.subtract(new BigDecimal(c));
        return ceilExact(ratio, k -> k >= 1 && new BigDecimal(Math.scalb(1.0, 1 - k)).compareTo(target) <= 0);
    }

    /**
     * {@code ceil(ratio)}, except that a ratio within rounding of an integer k is decided by the
     * exact predicate "k is enough".
     */
    private static int ceilExact(double ratio, IntPredicate enough) {
        double nearest = Math.rint(ratio);
        if (nearest >= 1 && Math.abs(ratio - nearest) <= NEAR_INTEGER * nearest) {
            int k = checkedInt(nearest);
            return enough.test(k) ? k : checkedInt(nearest + 1);
        }
        return checkedInt(Math.max(1, Math.ceil(ratio)));
    }

    /** base^k, exact for small k, to 60 significant digits otherwise. */
    private static BigDecimal power(BigDecimal base, int k) {
        return k <= 64 ? base.pow(k) : base.pow(k, new MathContext(60));
    }

    /** Σ_{k=0..r} pmf(k; n, p), accumulated like the reference for moderate r. */
    private static double lowerTail(int n, double p, int r) {
        if (r >= n) {
            return 1;
        }
        if (r <= TERM_SUM_LIMIT) {
            double[] pmf = Binomial.probabilities(n, p, r);
            double sum = 0;
            for (double term : pmf) {
                sum += term;
            }
            return sum;
        }
        return Binomial.cumulative(n, p, r);
    }

    /**
     * Smallest N ≥ start satisfying a condition that, once true, stays true for larger N:
     * exponential search, then bisection.
     */
    private static int smallestFrom(int start, IntPredicate enough, double percentile, double confidence,
                                    int robustness) {
        if (enough.test(start)) {
            return start;
        }
        long failing = start;
        long step = 1;
        long candidate = start + step;
        while (true) {
            if (candidate > Integer.MAX_VALUE) {
                throw tooMany(percentile, confidence, robustness);
            }
            if (enough.test((int) candidate)) {
                break;
            }
            failing = candidate;
            step *= 2;
            candidate = failing + step;
            if (candidate > Integer.MAX_VALUE && failing < Integer.MAX_VALUE) {
                candidate = Integer.MAX_VALUE;
            }
        }
        return (int) Bisection.smallestPassing(failing, candidate, enough);
    }

    private static int checkedInt(double value) {
        if (value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the bound needs more than " + Integer.MAX_VALUE
                    + " samples; choose a percentile farther from 0 and 100 or a lower confidence");
        }
        return (int) value;
    }

    private static IllegalArgumentException tooMany(double percentile, double confidence, int robustness) {
        return new IllegalArgumentException("percentile " + percentile + " at confidence " + confidence
                + " with robustness " + robustness + " needs more than " + Integer.MAX_VALUE
                + " samples; choose a percentile farther from 0 and 100, a lower confidence or robustness");
    }

    private static void check(double percentile, double confidence, int robustness) {
        Arguments.percent("percentile", percentile);
        Arguments.percent("confidence", confidence);
        Arguments.nonNegative("robustness", robustness);
        if (robustness > Integer.MAX_VALUE / 2 - 1) {
            throw new IllegalArgumentException("robustness must be at most " + (Integer.MAX_VALUE / 2 - 1)
                    + ", got " + robustness);
        }
    }
}
