package org.triscale.engine.comparison;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

import java.util.Arrays;

/**
 * Hodges &amp; Lehmann (1963) estimates of a change, with their exact distribution-free confidence
 * intervals: the values of the change that the matching rank test does not reject.
 *
 * <ul>
 *   <li><b>Paired</b> ({@link #paired}): the median of the n(n + 1)/2 Walsh averages
 *       {@code (d_i + d_j)/2, i ≤ j}, of the per-pair changes; the interval runs from the k-th
 *       smallest to the k-th largest Walsh average, k from the null distribution of the
 *       signed-rank statistic (Tukey 1949; Bauer 1972).</li>
 *   <li><b>Two samples</b> ({@link #shift}): the median of the m·n differences {@code y_j − x_i};
 *       the interval runs from the k-th smallest to the k-th largest difference, k from the null
 *       distribution of the Mann–Whitney statistic (Moses 1953; Bauer 1972).</li>
 * </ul>
 *
 * <p>For continuous data the interval covers the true change with probability at least the
 * confidence, exactly; with ties (discrete metrics) the closed interval keeps at least that
 * coverage. k is taken from the exact null distribution up to about 600 pairs or samples whose
 * product is 10⁶, and from its normal approximation beyond.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class HodgesLehmann {
    /** Largest number of counting operations of the exact null distributions. */
    private static final long EXACT_LIMIT = 200_000_000L;
    /** Largest number of Walsh averages or pairwise differences held in memory. */
    static final long MAX_AVERAGES = 20_000_000L;

    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    private HodgesLehmann() {
    }

    /**
     * The Hodges–Lehmann estimate of the centre of paired changes and its interval.
     *
     * @param changes    the per-pair changes, at least one finite value
     * @param confidence two-sided confidence in (0, 1), e.g. 0.98 for two one-sided 1 % bounds
     * @return the estimate and interval
     * @throws IllegalArgumentException if {@code changes} is empty, holds NaN or an infinity, has more
     *                                  than 6,000 values, or the confidence is out of range
     */
    public static ShiftEstimate paired(double[] changes, double confidence) {
        Arguments.finite("changes", changes);
        checkConfidence(confidence);
        int n = changes.length;
        if (n == 0) {
            throw new IllegalArgumentException("changes needs at least one value, got none");
        }
        long count = (long) n * (n + 1) / 2;
        if (count > MAX_AVERAGES) {
            throw new IllegalArgumentException("changes has " + n + " values, more than the 6,000 whose Walsh"
                    + " averages fit in memory; compare fewer runs (e.g. series medians)");
        }
        double[] walsh = new double[(int) count];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                walsh[k++] = (changes[i] + changes[j]) / 2;
            }
        }
        Arrays.sort(walsh);
        int index = signedRankCriticalCount(n, (1 - confidence) / 2);
        return interval(walsh, index, confidence);
    }

    /**
     * The Hodges–Lehmann estimate of the shift from {@code x} to {@code y} (how much larger y tends
     * to be) and its interval.
     *
     * @param x          the first sample (the reference), at least one finite value
     * @param y          the second sample (the candidate), at least one finite value
     * @param confidence two-sided confidence in (0, 1)
     * @return the estimate and interval
     * @throws IllegalArgumentException if a sample is empty, holds NaN or an infinity, the product of
     *                                  the sizes exceeds 2·10⁷, or the confidence is out of range
     */
    public static ShiftEstimate shift(double[] x, double[] y, double confidence) {
        Arguments.finite("x", x);
        Arguments.finite("y", y);
        checkConfidence(confidence);
        if (x.length == 0 || y.length == 0) {
            throw new IllegalArgumentException("both samples need at least one value, got " + x.length + " and "
                    + y.length);
        }
        long count = (long) x.length * y.length;
        if (count > MAX_AVERAGES) {
            throw new IllegalArgumentException("samples of " + x.length + " and " + y.length + " values have more"
                    + " than 2e7 differences; compare fewer values (e.g. series medians)");
        }
        double[] differences = new double[(int) count];
        int k = 0;
        for (double a : x) {
            for (double b : y) {
                differences[k++] = b - a;
            }
        }
        Arrays.sort(differences);
        int index = rankSumCriticalCount(x.length, y.length, (1 - confidence) / 2);
        return interval(differences, index, confidence);
    }

    /** The median of the sorted values and the interval from the index-th smallest to the index-th largest. */
    private static ShiftEstimate interval(double[] sorted, int index, double confidence) {
        int count = sorted.length;
        double median = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
        if (index < 1) {
            return new ShiftEstimate(median, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, confidence);
        }
        return new ShiftEstimate(median, sorted[index - 1], sorted[count - index], confidence);
    }

    /**
     * The largest k with {@code P(T+ ≤ k − 1) ≤ tail}, T+ the signed-rank statistic of n untied
     * nonzero changes; 0 when even {@code P(T+ = 0) = 2^−n} exceeds the tail.
     */
    static int signedRankCriticalCount(int n, double tail) {
        long max = (long) n * (n + 1) / 2;
        if ((double) n * max > EXACT_LIMIT) {
            double sd = Math.sqrt(n * (n + 1.0) * (2 * n + 1) / 24);
            return Math.max(0, (int) Math.floor(max / 2.0 - NORMAL.inverseSurvivalProbability(tail) * sd + 0.5));
        }
        // P(T+ = t) by dynamic programming over the ranks 1..n, each + with probability ½.
        double[] probability = new double[(int) max + 1];
        probability[0] = 1;
        int reach = 0;
        for (int rank = 1; rank <= n; rank++) {
            reach += rank;
            for (int t = reach; t >= 0; t--) {
                probability[t] = 0.5 * (probability[t] + (t >= rank ? probability[t - rank] : 0));
            }
        }
        return criticalCount(probability, tail);
    }

    /**
     * The largest k with {@code P(U ≤ k − 1) ≤ tail}, U the Mann–Whitney statistic of untied samples
     * of sizes m and n; 0 when even {@code P(U = 0) = 1/C(m + n, m)} exceeds the tail.
     */
    static int rankSumCriticalCount(int m, int n, double tail) {
        long max = (long) m * n;
        if ((double) Math.min(m, n) * max > EXACT_LIMIT) {
            double sd = Math.sqrt(m * (double) n * (m + n + 1) / 12);
            return Math.max(0, (int) Math.floor(max / 2.0 - NORMAL.inverseSurvivalProbability(tail) * sd + 0.5));
        }
        // P(U = u) are the coefficients of the Gaussian binomial [m+n choose k]_q / C(m+n, k), k = min(m, n):
        // the product over i = 1..k of (1 − q^(l+i)) / (1 − q^i) · i/(l+i), l = max(m, n), scaled at each
        // step so that the coefficients stay probabilities (C(1160, 580) overflows a double). Coefficients
        // above mn are dropped: both factors only carry mass upwards.
        int k = Math.min(m, n);
        int l = Math.max(m, n);
        double[] counts = new double[(int) max + 1];
        counts[0] = 1;
        for (int i = 1; i <= k; i++) {
            for (int u = (int) max; u >= l + i; u--) {
                counts[u] -= counts[u - l - i];
            }
            for (int u = i; u <= max; u++) {
                counts[u] += counts[u - i];
            }
            double scale = i / (double) (l + i);
            for (int u = 0; u <= max; u++) {
                counts[u] *= scale;
            }
        }
        return criticalCount(counts, tail);
    }

    private static int criticalCount(double[] probability, double tail) {
        double cumulative = 0;
        int k = 0;
        // Tolerance against rounding: a tail equal to α in exact arithmetic must count as ≤ α.
        while (k < probability.length && cumulative + probability[k] <= tail * (1 + 1e-12)) {
            cumulative += probability[k];
            k++;
        }
        return k;
    }

    private static void checkConfidence(double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence
                    + "; use e.g. 0.98 for two one-sided bounds at 99 %");
        }
    }
}
