package org.triscale.engine.numeric;

import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.apiguardian.api.API;

/**
 * Binomial probabilities for order-statistic bounds.
 *
 * <p>Point probabilities are computed as the product {@code C(n, k) · p^k · (1 − p)^(n−k)} while
 * every factor is a normal double, which is exact whenever the true value is representable (for
 * example {@code C(3, 0) · 0.5³ = 0.125}); TriScale's indices depend on such exact ties (n = 3,
 * median, 75 %: the tail probability is exactly 0.75). Elsewhere, and for the tails, the
 * probabilities come from Commons Statistics' {@link BinomialDistribution} (saddle-point expansion
 * and regularized beta function), which stays accurate for any number of trials.
 *
 * @since 0.3.0
 */
@API(status = API.Status.INTERNAL, since = "0.3.0")
public final class Binomial {
    /** Smallest factor the direct product accepts; below it the product loses precision. */
    private static final double SMALLEST_FACTOR = 0x1p-900;

    private Binomial() {
    }

    /**
     * Point probabilities {@code P(B = k)} for {@code k = 0 .. kMax}, B ~ Binomial(n, p).
     *
     * @param n    number of trials, ≥ 0
     * @param p    probability of success in [0, 1]
     * @param kMax largest k, in [0, n]
     * @return the probabilities, {@code kMax + 1} values
     */
    public static double[] probabilities(int n, double p, int kMax) {
        check(n, p);
        if (kMax < 0 || kMax > n) {
            throw new IllegalArgumentException("kMax must be in [0, " + n + "], got " + kMax);
        }
        double[] out = new double[kMax + 1];
        BinomialDistribution fallback = null;
        double q = 1 - p;
        // C(n, k) is accumulated exactly while it stays below 2^53 (each step's product is an integer).
        double coefficient = 1;
        for (int k = 0; k <= kMax; k++) {
            double direct = Double.NaN;
            if (Double.isFinite(coefficient)) {
                double pk = Math.pow(p, k);
                double qk = Math.pow(q, n - k);
                if ((pk >= SMALLEST_FACTOR || k == 0) && (qk >= SMALLEST_FACTOR || k == n)) {
                    direct = coefficient * pk * qk;
                }
            }
            if (Double.isNaN(direct) || (direct < Double.MIN_NORMAL && p > 0 && p < 1)) {
                if (fallback == null) {
                    fallback = BinomialDistribution.of(n, p);
                }
                direct = fallback.probability(k);
            }
            out[k] = direct;
            coefficient = coefficient * (n - k) / (k + 1);
        }
        return out;
    }

    /**
     * {@code P(B ≤ k)} for B ~ Binomial(n, p).
     *
     * @param n number of trials, ≥ 0
     * @param p probability of success in [0, 1]
     * @param k any integer
     * @return the lower tail probability
     */
    public static double cumulative(int n, double p, int k) {
        check(n, p);
        return BinomialDistribution.of(n, p).cumulativeProbability(k);
    }

    /**
     * {@code P(B > k)} for B ~ Binomial(n, p), computed directly (no cancellation in {@code 1 − cdf}).
     *
     * @param n number of trials, ≥ 0
     * @param p probability of success in [0, 1]
     * @param k any integer
     * @return the upper tail probability
     */
    public static double survival(int n, double p, int k) {
        check(n, p);
        return BinomialDistribution.of(n, p).survivalProbability(k);
    }

    private static void check(int n, double p) {
        if (n < 0) {
            throw new IllegalArgumentException("number of trials must be >= 0, got " + n);
        }
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("probability must be in [0, 1], got " + p);
        }
    }
}
