package org.triscale.engine.sequential;

import org.apache.commons.numbers.arrays.SortInPlace;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.analysis.Side;


/**
 * Percentiles of importance-sampled values: each value comes with its likelihood ratio (the
 * target density over the sampling density at that value), known up to a constant factor.
 *
 * <p>The distribution function is estimated by the self-normalised importance-sampling estimator
 * {@code F̂(x) = Σ w_i·1{x_i ≤ x} / Σ w_i}, and the percentile is the smallest value with
 * {@code F̂ ≥ p} (Glynn 1996). Its interval inverts a normal interval for F at the percentile
 * (Woodruff 1952): with the delta-method standard error
 * {@code se = √(Σ w_i² (1{x_i ≤ ξ̂} − p)²) / Σ w_i} of F̂(ξ̂), the ends are the weighted percentiles
 * at the levels {@code p ∓ z·se} (Chu and Nakayama 2012 prove this interval asymptotically valid
 * under importance sampling). The interval is asymptotic, not distribution-free: its coverage
 * approaches the confidence as the effective sample size grows; the measured coverage is in the
 * adaptive-runs documentation. With equal weights it is the classical Woodruff interval.
 *
 * An end that falls on the smallest (largest) value is left open: nothing beyond it backs it.
 *
 * <p>The effective sample size is Kish's (1965) {@code (Σw)² / Σw²}.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class WeightedPercentiles {
    private static final NormalDistribution STANDARD = NormalDistribution.of(0, 1);

    private WeightedPercentiles() {
    }

    /**
     * Estimates a percentile and its interval from weighted values.
     *
     * @param values     the values (e.g. flow completion times); a NaN row is dropped and counted
     * @param weights    their likelihood ratios, finite and ≥ 0, not all 0; a NaN row is dropped
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param side       {@link Side#UPPER} or {@link Side#LOWER} for a one-sided bound at the
     *                   confidence, {@code null} for a two-sided interval
     * @return the estimate, its interval and the effective sample size
     * @throws IllegalArgumentException if an argument is invalid
     */
    public static WeightedPercentile estimate(double[] values, double[] weights, double percentile, double confidence,
                                              Side side) {
        Arguments.samples("values", values);
        Arguments.notNull("weights", weights);
        Arguments.sameLength("values", values, "weights", weights);
        Arguments.percent("percentile", percentile);
        Arguments.percent("confidence", confidence);
        int n = 0;
        for (int i = 0; i < values.length; i++) {
            double w = weights[i];
            if (Double.isNaN(w) || Double.isNaN(values[i])) {
                continue;
            }
            if (!(w >= 0) || w == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("weights[" + i + "] is " + w + "; a likelihood ratio must be a"
                        + " finite number >= 0 (NaN drops the row)");
            }
            n++;
        }
        int dropped = values.length - n;
        double[] x = new double[n];
        double[] weight = new double[n];
        for (int i = 0, k = 0; i < values.length; i++) {
            if (!Double.isNaN(weights[i]) && !Double.isNaN(values[i])) {
                x[k] = values[i];
                weight[k++] = weights[i];
            }
        }
        SortInPlace.ASCENDING.apply(x, weight);
        double[] cumulative = new double[n];
        double sum = 0;
        double sumSquares = 0;
        for (int k = 0; k < n; k++) {
            sum += weight[k];
            sumSquares += weight[k] * weight[k];
            cumulative[k] = sum;
        }
        double p = percentile / 100;
        if (n == 0 || sum == 0) {
            if (n > 0) {
                throw new IllegalArgumentException("weights are all 0; at least one likelihood ratio must be > 0");
            }
            return new WeightedPercentile(Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, percentile,
                    confidence, 0, dropped, 0);
        }
        int at = firstReaching(cumulative, p * sum);
        double estimate = x[at];
        // Σ w²(1{x ≤ ξ̂} − p)²: the indicator is 1 up to the last value equal to the estimate.
        int last = at;
        while (last + 1 < n && x[last + 1] == estimate) {
            last++;
        }
        double belowSquares = 0;
        for (int k = 0; k <= last; k++) {
            belowSquares += weight[k] * weight[k];
        }
        double aboveSquares = sumSquares - belowSquares;
        double se = Math.sqrt(belowSquares * (1 - p) * (1 - p) + Math.max(0, aboveSquares) * p * p) / sum;
        double z = STANDARD.inverseCumulativeProbability(side == null ? (1 + confidence / 100) / 2 : confidence / 100);
        double lower = side == Side.UPPER ? Double.NaN : level(x, cumulative, sum, p - z * se);
        double upper = side == Side.LOWER ? Double.NaN : level(x, cumulative, sum, p + z * se);
        // An end at the sample's extreme is not backed by any value beyond it (and one value, or
        // all the weight on one value, makes the standard error meaningless): leave it open.
        if (Double.isNaN(lower) || lower == x[0]) {
            lower = Double.NEGATIVE_INFINITY;
        }
        if (Double.isNaN(upper) || upper == x[n - 1]) {
            upper = Double.POSITIVE_INFINITY;
        }
        return new WeightedPercentile(estimate, lower, upper, percentile, confidence, n, dropped,
                sum * sum / sumSquares);
    }

    /** The weighted percentile at a level, NaN when the level is outside (0, 1). */
    private static double level(double[] x, double[] cumulative, double sum, double level) {
        if (!(level > 0 && level < 1)) {
            return Double.NaN;
        }
        return x[firstReaching(cumulative, level * sum)];
    }

    /** The first index whose cumulative weight reaches the target (the last index if rounding misses it). */
    private static int firstReaching(double[] cumulative, double target) {
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] >= target) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }
}
