package org.triscale.engine.trend;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Exact null distribution of the Mann–Kendall score S of n values with a given tie structure:
 * every distinct ordering of the values is equally likely (the values are exchangeable, as they
 * are when i.i.d.).
 *
 * <p>S = M − 2I, where M is the number of pairs of unequal values and I the number of discordant
 * pairs (inversions). The number of orderings of a multiset with I inversions is the coefficient
 * of q^I in the q-multinomial coefficient [n; a₁, …, a_g]_q, a product of q-binomials
 * [A_k; a_k]_q with A_k = a₁ + … + a_k (MacMahon 1916). Without ties it is the Mahonian
 * distribution behind Kendall's tau tables (Kendall 1975). Each q-binomial is built as
 * ∏ (1 − q^(m+i)) / (1 − q^i), i = 1..a, in exact long arithmetic: every intermediate value is a
 * coefficient of a polynomial whose coefficients sum to at most {@link #MAX_ORDERINGS}, so nothing
 * overflows and nothing is rounded. Floating point is deliberately avoided: the division by
 * (1 − q^i) amplifies rounding errors and gives wrong tails for unbalanced tie groups.
 *
 * <p>Cost: O(n · M) additions, M ≤ n(n − 1)/2.
 */
final class KendallScoreDistribution {
    /** Largest number of distinct orderings computed exactly (n ≤ 20 without ties; more with ties). */
    static final long MAX_ORDERINGS = 1L << 62;

    private final long[] counts;
    private final long orderings;
    private final int maxScore;

    private KendallScoreDistribution(long[] counts, long orderings, int maxScore) {
        this.counts = counts;
        this.orderings = orderings;
        this.maxScore = maxScore;
    }

    /**
     * Number of distinct orderings of a multiset with the given group sizes, n! / ∏ a_k!, or −1
     * when it exceeds {@link #MAX_ORDERINGS}.
     */
    static long orderings(int[] groupSizes) {
        BigInteger limit = BigInteger.valueOf(MAX_ORDERINGS);
        BigInteger count = BigInteger.ONE;
        int placed = 0;
        for (int size : groupSizes) {
            for (int i = 1; i <= size; i++) {
                // count * C(placed + i, i) / C(placed + i - 1, i - 1) is exact in integers.
                count = count.multiply(BigInteger.valueOf(placed + i)).divide(BigInteger.valueOf(i));
                if (count.compareTo(limit) > 0) {
                    return -1;
                }
            }
            placed += size;
        }
        return count.longValueExact();
    }

    /**
     * The exact distribution for values whose groups of equal values have the given sizes.
     *
     * @param groupSizes sizes of the groups of equal values (1 for a value without ties), each ≥ 1
     * @return the distribution, or {@code null} when there are more than {@link #MAX_ORDERINGS}
     *         orderings (the caller then uses the normal approximation)
     */
    static KendallScoreDistribution of(int[] groupSizes) {
        long total = orderings(groupSizes);
        if (total < 0) {
            return null;
        }
        int n = 0;
        long tiedPairs = 0;
        for (int size : groupSizes) {
            n += size;
            tiedPairs += (long) size * (size - 1) / 2;
        }
        int maxScore = (int) ((long) n * (n - 1) / 2 - tiedPairs);
        int[] sizes = groupSizes.clone();
        Arrays.sort(sizes);
        // Largest group first: it contributes the factor [a; a]_q = 1, so it costs nothing.
        long[] c = new long[maxScore + n + 1];
        c[0] = 1;
        int degree = 0;
        int placed = sizes[sizes.length - 1];
        for (int g = sizes.length - 2; g >= 0; g--) {
            int size = sizes[g];
            for (int i = 1; i <= size; i++) {
                int d = placed + i;
                // Multiply by (1 - q^d): descending, so c[s - d] is still the old coefficient.
                for (int s = degree + d; s >= d; s--) {
                    c[s] -= c[s - d];
                }
                // Divide by (1 - q^i): ascending running sums, exact because the quotient is a
                // polynomial (the result is [placed + i; i]_q times the previous product).
                for (int s = i; s <= degree + d; s++) {
                    c[s] += c[s - i];
                }
                degree += placed;
            }
            placed += size;
        }
        return new KendallScoreDistribution(Arrays.copyOf(c, maxScore + 1), total, maxScore);
    }

    /** Number of pairs of unequal values: S ranges over −M, −M + 2, …, M. */
    int maxScore() {
        return maxScore;
    }

    /** Number of distinct orderings, all equally likely under the null hypothesis. */
    long orderings() {
        return orderings;
    }

    /** Number of orderings whose score is {@code score}; 0 for an impossible score. */
    long count(long score) {
        long twiceInversions = maxScore - score;
        if (twiceInversions < 0 || twiceInversions > 2L * maxScore || (twiceInversions & 1) != 0) {
            return 0;
        }
        return counts[(int) (twiceInversions / 2)];
    }

    /** Exact two-sided p-value P(|S*| ≥ |s|) over all orderings. */
    double twoSidedPValue(long score) {
        long magnitude = Math.abs(score);
        long extreme = 0;
        for (int inversions = 0; inversions <= maxScore; inversions++) {
            if (Math.abs((long) maxScore - 2L * inversions) >= magnitude) {
                extreme += counts[inversions];
            }
        }
        return (double) extreme / (double) orderings;
    }

    /** Smallest attainable two-sided p-value: the sorted and the reversed orderings. */
    double smallestPValue() {
        return maxScore == 0 ? 1.0 : 2.0 / orderings;
    }
}
