package org.triscale.engine.comparison;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

import java.util.Arrays;

/**
 * One-sided Wilcoxon (1945) signed-rank test of paired changes: do the changes tend to be positive
 * (or negative)? Used on the per-run changes of two sequels run on the same seeds (common random
 * numbers), so that each pair shares its workload and only the change between the two sequels
 * remains.
 *
 * <p>The absolute changes are ranked together, zeros included, with mid-ranks for ties; zeros then
 * carry no sign and drop out of the statistic (Pratt 1959), which keeps the ranks of the other
 * changes as they are. The p-value is the exact permutation distribution of the statistic given
 * the observed ranks: under the null hypothesis each nonzero change is positive or negative with
 * probability ½, independently (the two members of a pair are exchangeable), and the 2<sup>k</sup>
 * sign flips of the k nonzero changes are counted by dynamic programming over the sums of doubled
 * mid-ranks. Hence {@code P(p ≤ α) ≤ α} for any distribution symmetric under exchange of the two
 * members, ties and zeros included: the test stays exact for heavy-tailed and discrete (count)
 * metrics. Above {@value #EXACT_LIMIT} counting operations (about 600 nonzero changes) the
 * p-value is the normal approximation with the variance of the observed mid-ranks and a
 * continuity correction.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class SignedRankTest {
    /** Largest number of counting operations of the exact distribution. */
    static final long EXACT_LIMIT = 200_000_000L;

    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    private SignedRankTest() {
    }

    /**
     * Tests whether the changes tend to be positive: the p-value is {@code P(W+ ≥ w)}.
     *
     * @param changes the per-pair changes (second member minus first, or the log of their ratio),
     *                at least one finite value
     * @return the test
     * @throws IllegalArgumentException if {@code changes} is null, empty or holds NaN or an infinity
     */
    public static SignedRankResult greater(double[] changes) {
        return test(changes, true);
    }

    /**
     * Tests whether the changes tend to be negative: the p-value is {@code P(W+ ≤ w)}.
     *
     * @param changes the per-pair changes, at least one finite value
     * @return the test
     * @throws IllegalArgumentException if {@code changes} is null, empty or holds NaN or an infinity
     */
    public static SignedRankResult less(double[] changes) {
        return test(changes, false);
    }

    /**
     * The smallest p-value the test can give with n pairs, {@code 2^−n} (every change nonzero and of
     * one sign): when it exceeds α, no data can be significant at α.
     *
     * @param pairs number of pairs, ≥ 1
     * @return the smallest p-value
     * @throws IllegalArgumentException if {@code pairs} is below 1
     */
    public static double smallestPValue(int pairs) {
        Arguments.atLeast("pairs", pairs, 1);
        return Math.pow(2, -pairs);
    }

    private static SignedRankResult test(double[] changes, boolean greater) {
        Arguments.finite("changes", changes);
        if (changes.length == 0) {
            throw new IllegalArgumentException("changes needs at least one value, got none");
        }
        int n = changes.length;
        double[] absolute = new double[n];
        for (int i = 0; i < n; i++) {
            absolute[i] = Math.abs(changes[i]);
        }
        int[] doubled = Ranks.doubledMidRanks(absolute);
        int nonzero = 0;
        long observed = 0;
        long total = 0;
        for (int i = 0; i < n; i++) {
            if (changes[i] != 0) {
                doubled[nonzero++] = doubled[i];
                total += doubled[i];
                if (changes[i] > 0) {
                    observed += doubled[i];
                }
            }
        }
        int[] weights = Arrays.copyOf(doubled, nonzero);
        boolean ties = Ranks.hasTies(weights);
        double wPlus = observed / 2.0;
        if (nonzero == 0) {
            return new SignedRankResult(0, 1, n, n, ties, true);
        }
        if ((double) nonzero * total > EXACT_LIMIT) {
            double variance = 0;
            for (int w : weights) {
                variance += (double) w * w;
            }
            // W+ in doubled units has mean total/2 and variance Σ w²/4; the continuity correction is
            // half the smallest step of W+ (one doubled unit for mid-ranks).
            double mean = total / 2.0;
            double sd = Math.sqrt(variance / 4);
            double z = greater ? (observed - 0.5 - mean) / sd : (observed + 0.5 - mean) / sd;
            double p = greater ? NORMAL.survivalProbability(z) : NORMAL.cumulativeProbability(z);
            return new SignedRankResult(wPlus, p, n, n - nonzero, ties, false);
        }
        // Probability of each doubled sum of the ranks given a + sign, each sign with probability ½.
        double[] probability = new double[(int) total + 1];
        probability[0] = 1;
        int reach = 0;
        for (int w : weights) {
            reach += w;
            for (int s = reach; s >= 0; s--) {
                probability[s] = 0.5 * (probability[s] + (s >= w ? probability[s - w] : 0));
            }
        }
        double tail = 0;
        for (int s = 0; s <= total; s++) {
            if (greater ? s >= observed : s <= observed) {
                tail += probability[s];
            }
        }
        return new SignedRankResult(wPlus, Math.min(1, tail), n, n - nonzero, ties, true);
    }
}
