package org.triscale.engine.comparison;

import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

import java.util.Arrays;

/**
 * One-sided two-sample rank-sum test of Wilcoxon (1945) and Mann &amp; Whitney (1947): does the
 * first sample tend to be larger (or smaller) than the second?
 *
 * <p>The p-value is the exact permutation distribution of the first sample's rank sum, given the
 * pooled values: every split of the pooled values into samples of sizes m and n is equally likely
 * when the values are exchangeable (same distribution, independent). Ties get mid-ranks and the
 * distribution is conditional on the tie pattern, so the test stays exact with ties, where the
 * classical tables and Commons Statistics' exact method do not apply. Hence
 * {@code P(p ≤ α) ≤ α} under exchangeability, whatever the distribution.
 *
 * <p>The distribution is counted by dynamic programming over the pooled values (subsets of the
 * smaller sample's size, by sum of doubled mid-ranks), about {@code 2 N² k²} operations for
 * N pooled values and k = min(m, n). Above {@value #EXACT_LIMIT} operations (for example 25 runs
 * against 300) the p-value is Commons Statistics' normal approximation with tie-corrected variance
 * and continuity correction, whose error there is far below the α of a regression gate.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class RankSumTest {
    /** Largest number of counting operations of the exact distribution. */
    static final long EXACT_LIMIT = 200_000_000L;

    private static final MannWhitneyUTest GREATER = MannWhitneyUTest.withDefaults()
            .with(AlternativeHypothesis.GREATER_THAN).with(PValueMethod.ASYMPTOTIC);
    private static final MannWhitneyUTest LESS = MannWhitneyUTest.withDefaults()
            .with(AlternativeHypothesis.LESS_THAN).with(PValueMethod.ASYMPTOTIC);

    private RankSumTest() {
    }

    /**
     * Tests whether {@code x} tends to be larger than {@code y}: the p-value is
     * {@code P(R ≥ r)}, R the rank sum of a random m-subset of the pooled values, r that of x.
     *
     * @param x the first sample, at least one finite value
     * @param y the second sample, at least one finite value
     * @return the test
     * @throws IllegalArgumentException if a sample is null, empty or holds NaN or an infinity
     */
    public static RankSumResult greater(double[] x, double[] y) {
        return test(x, y, true);
    }

    /**
     * Tests whether {@code x} tends to be smaller than {@code y}: the p-value is
     * {@code P(R ≤ r)}.
     *
     * @param x the first sample, at least one finite value
     * @param y the second sample, at least one finite value
     * @return the test
     * @throws IllegalArgumentException if a sample is null, empty or holds NaN or an infinity
     */
    public static RankSumResult less(double[] x, double[] y) {
        return test(x, y, false);
    }

    /**
     * The smallest p-value the test can give for samples of sizes m and n without ties,
     * {@code 1 / C(m + n, m)}: when it exceeds α, no data can be significant at α.
     *
     * @param m size of the first sample, ≥ 1
     * @param n size of the second sample, ≥ 1
     * @return the smallest p-value
     * @throws IllegalArgumentException if a size is below 1
     */
    public static double smallestPValue(int m, int n) {
        Arguments.atLeast("m", m, 1);
        Arguments.atLeast("n", n, 1);
        int k = Math.min(m, n);
        int total = m + n;
        double c = 1;
        for (int i = 1; i <= k && Double.isFinite(c); i++) {
            c = c * (total - k + i) / i;
        }
        return 1 / c;
    }

    private static RankSumResult test(double[] x, double[] y, boolean greater) {
        Arguments.finite("x", x);
        Arguments.finite("y", y);
        if (x.length == 0 || y.length == 0) {
            throw new IllegalArgumentException("both samples need at least one value, got " + x.length + " and "
                    + y.length);
        }
        int m = x.length;
        int n = y.length;
        int total = m + n;
        double[] pooled = new double[total];
        System.arraycopy(x, 0, pooled, 0, m);
        System.arraycopy(y, 0, pooled, m, n);
        int[] doubledRanks = Ranks.doubledMidRanks(pooled);
        boolean ties = Ranks.hasTies(pooled);
        long rankSumX = 0;
        for (int i = 0; i < m; i++) {
            rankSumX += doubledRanks[i];
        }
        double u = rankSumX / 2.0 - m * (m + 1) / 2.0;
        int k = Math.min(m, n);
        long operations = 2L * total * total * k * k;
        if (operations > EXACT_LIMIT) {
            double p = (greater ? GREATER : LESS).test(x, y).getPValue();
            return new RankSumResult(u, p, m, n, ties, false);
        }
        // Count the subsets of size k (the smaller sample) by doubled rank sum.
        boolean subsetIsX = m <= n;
        long[] sorted = new long[total];
        for (int i = 0; i < total; i++) {
            sorted[i] = doubledRanks[i];
        }
        Arrays.sort(sorted);
        int maxSum = 0;
        for (int i = 0; i < k; i++) {
            maxSum += (int) sorted[total - 1 - i];
        }
        double[][] counts = new double[k + 1][maxSum + 1];
        counts[0][0] = 1;
        int seen = 0;
        for (int weight : doubledRanks) {
            seen++;
            for (int j = Math.min(k, seen); j >= 1; j--) {
                double[] row = counts[j];
                double[] previous = counts[j - 1];
                for (int s = maxSum; s >= weight; s--) {
                    row[s] += previous[s - weight];
                }
            }
        }
        double[] distribution = counts[k];
        // Rank sum of the counted sample: x itself, or y, whose sum is the complement of x's.
        long allRanks = (long) total * (total + 1);
        long observed = subsetIsX ? rankSumX : allRanks - rankSumX;
        // "x large" is "y small": flip the tail when the counted sample is y.
        boolean upperTail = greater == subsetIsX;
        double tail = 0;
        double all = 0;
        for (int s = 0; s <= maxSum; s++) {
            all += distribution[s];
            if (upperTail ? s >= observed : s <= observed) {
                tail += distribution[s];
            }
        }
        return new RankSumResult(u, Math.min(1, tail / all), m, n, ties, true);
    }
}
