package org.triscale.engine.trend;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KendallScoreDistributionTest {

    @Test
    void mahonianNumbersWithoutTies() {
        // Orderings of n distinct values by number of inversions (Kendall's tables; OEIS A008302).
        assertCounts(new int[] {1, 1, 1, 1}, 1, 3, 5, 6, 5, 3, 1);
        assertCounts(new int[] {1, 1, 1, 1, 1}, 1, 4, 9, 15, 20, 22, 20, 15, 9, 4, 1);
        assertCounts(new int[] {1, 1, 1, 1, 1, 1}, 1, 5, 14, 29, 49, 71, 90, 101, 101, 90, 71, 49, 29, 14, 5, 1);
    }

    @Test
    void twentyDistinctValuesFitExactlyAndSumToTwentyFactorial() {
        KendallScoreDistribution d = KendallScoreDistribution.of(ones(20));
        assertThat(d).isNotNull();
        assertThat(d.orderings()).isEqualTo(2_432_902_008_176_640_000L);
        assertThat(d.maxScore()).isEqualTo(190);
        long sum = 0;
        for (int s = -190; s <= 190; s += 2) {
            assertThat(d.count(s)).isEqualTo(d.count(-s)).isPositive();
            sum += d.count(s);
        }
        assertThat(sum).isEqualTo(d.orderings());
        assertThat(KendallScoreDistribution.of(ones(21))).as("21! orderings exceed the exact range").isNull();
    }

    @Test
    void tiesAgainstBruteForceEnumeration() {
        int[][] structures = {
            {2, 1}, {1, 2}, {2, 2}, {3, 1}, {2, 2, 2}, {1, 3, 1}, {4, 4}, {1, 7}, {3, 2, 1, 2}, {5, 1, 1}, {2, 1, 1, 1, 1, 1, 1},
        };
        for (int[] groups : structures) {
            Map<Long, BigInteger> expected = bruteForce(groups);
            KendallScoreDistribution d = KendallScoreDistribution.of(groups);
            long total = 0;
            for (Map.Entry<Long, BigInteger> e : expected.entrySet()) {
                assertThat(d.count(e.getKey())).as("groups %s, S = %d", java.util.Arrays.toString(groups), e.getKey())
                        .isEqualTo(e.getValue().longValueExact());
                total += e.getValue().longValueExact();
            }
            assertThat(d.orderings()).isEqualTo(total);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 20, 59})
    void unbalancedTwoValuedDataIsExact(int small) {
        // The q-binomial [n; small]: counts of the Mann-Whitney statistic. Floating point gets these
        // tails wrong; the exact long arithmetic must match an independent BigInteger recurrence.
        int large = small == 59 ? 1 : 60 - small;
        int[] groups = {small, large};
        KendallScoreDistribution d = KendallScoreDistribution.of(groups);
        BigInteger[] expected = qBinomial(small + large, small);
        assertThat(d.maxScore()).isEqualTo(small * large);
        for (int inversions = 0; inversions < expected.length; inversions++) {
            assertThat(d.count(d.maxScore() - 2L * inversions)).isEqualTo(expected[inversions].longValueExact());
        }
    }

    @Test
    void orderingsStopAtTheLimit() {
        assertThat(KendallScoreDistribution.orderings(new int[] {30, 30})).isEqualTo(118_264_581_564_861_424L);
        assertThat(KendallScoreDistribution.orderings(new int[] {33, 33})).isEqualTo(-1);
        assertThat(KendallScoreDistribution.orderings(new int[] {2, 98})).isEqualTo(4950);
        assertThat(KendallScoreDistribution.orderings(new int[] {1, 1, 98})).isEqualTo(9900);
    }

    @Test
    void pValuesOfSmallSamples() {
        KendallScoreDistribution five = KendallScoreDistribution.of(ones(5));
        assertThat(five.twoSidedPValue(10)).isEqualTo(2.0 / 120);
        assertThat(five.twoSidedPValue(-8)).isEqualTo(10.0 / 120);
        assertThat(five.twoSidedPValue(0)).isEqualTo(1.0);
        assertThat(five.smallestPValue()).isEqualTo(2.0 / 120);
        assertThat(KendallScoreDistribution.of(new int[] {3}).smallestPValue()).isEqualTo(1.0);
    }

    private static void assertCounts(int[] groups, long... counts) {
        KendallScoreDistribution d = KendallScoreDistribution.of(groups);
        assertThat(d.maxScore()).isEqualTo(counts.length - 1);
        for (int inversions = 0; inversions < counts.length; inversions++) {
            assertThat(d.count(d.maxScore() - 2L * inversions)).isEqualTo(counts[inversions]);
        }
        assertThat(d.count(d.maxScore() - 1)).isZero();
        assertThat(d.count(d.maxScore() + 2)).isZero();
    }

    static int[] ones(int n) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, 1);
        return a;
    }

    /** Distinct orderings by score, from all n! permutations of labelled values. */
    private static Map<Long, BigInteger> bruteForce(int[] groups) {
        int n = 0;
        for (int g : groups) {
            n += g;
        }
        double[] values = new double[n];
        int k = 0;
        long multiplicity = 1;
        for (int v = 0; v < groups.length; v++) {
            for (int i = 0; i < groups[v]; i++) {
                values[k++] = v;
                multiplicity *= i + 1;
            }
        }
        Map<Long, BigInteger> counts = new HashMap<>();
        permute(values, 0, counts);
        long m = multiplicity;
        counts.replaceAll((s, c) -> c.divide(BigInteger.valueOf(m)));
        return counts;
    }

    private static void permute(double[] a, int from, Map<Long, BigInteger> counts) {
        if (from == a.length) {
            long s = 0;
            for (int i = 0; i < a.length; i++) {
                for (int j = i + 1; j < a.length; j++) {
                    s += Double.compare(a[j], a[i]) == 0 ? 0 : (a[j] > a[i] ? 1 : -1);
                }
            }
            counts.merge(s, BigInteger.ONE, BigInteger::add);
            return;
        }
        for (int i = from; i < a.length; i++) {
            swap(a, from, i);
            permute(a, from + 1, counts);
            swap(a, from, i);
        }
    }

    private static void swap(double[] a, int i, int j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    /** Coefficients of the Gaussian binomial [n; k]_q by Pascal's rule [n; k] = [n-1; k-1] + q^k [n-1; k]. */
    static BigInteger[] qBinomial(int n, int k) {
        BigInteger[][] row = new BigInteger[k + 1][];
        row[0] = new BigInteger[] {BigInteger.ONE};
        for (int j = 1; j <= k; j++) {
            row[j] = new BigInteger[] {BigInteger.ZERO};
        }
        for (int m = 1; m <= n; m++) {
            for (int j = Math.min(m, k); j >= 1; j--) {
                // [m; j] = [m-1; j-1] + q^j [m-1; j]; [m-1; j] is 0 when j > m - 1.
                BigInteger[] prevJ = j <= m - 1 ? row[j] : new BigInteger[0];
                BigInteger[] prevJm1 = row[j - 1];
                int degree = j * (m - j);
                BigInteger[] next = new BigInteger[degree + 1];
                java.util.Arrays.fill(next, BigInteger.ZERO);
                for (int s = 0; s < prevJm1.length && s <= degree; s++) {
                    next[s] = next[s].add(prevJm1[s]);
                }
                for (int s = 0; s < prevJ.length; s++) {
                    next[s + j] = next[s + j].add(prevJ[s]);
                }
                row[j] = next;
            }
        }
        return row[k];
    }
}
