package org.triscale.engine.trend;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Arrays;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.CheckResult;

/**
 * Mann–Kendall test for a monotonic trend (Mann 1945, Kendall 1975): the check used by the
 * {@code SOUND} mode for the stationarity of a series of values in run order.
 *
 * <p>The statistic is S = Σ_{i&lt;j} sign(x_j − x_i), the number of pairs that increase minus the
 * number that decrease. The test is two-sided: it fails when the values tend to increase or to
 * decrease with their position. Under the null hypothesis (exchangeable values, which i.i.d.
 * values are) every ordering of the values is equally likely, and the p-value is computed:
 * <ul>
 *   <li><b>exactly</b> from the permutation distribution of S given the ties (q-multinomial
 *       coefficients, in exact integer arithmetic) whenever the values have at most
 *       2<sup>62</sup> distinct orderings: every n ≤ 20, and larger n with many ties (for example
 *       balanced two-valued data up to n = 65). The false-alarm rate is then ≤ α at every n;</li>
 *   <li>otherwise by the <b>normal approximation</b> with a continuity correction of 1 (half the
 *       step of S) and the tie-corrected variance
 *       Var(S) = [n(n−1)(2n+5) − Σ t(t−1)(2t+5)] / 18 (t: sizes of the groups of equal values).
 *       Checked exactly against the permutation distribution for n = 21 to 200, without ties and
 *       with two-valued, three-valued, paired and Poisson-like ties: its false-alarm rate is ≤ α
 *       for every α ≤ 0.05 (for α = 0.1 to 0.5 it can exceed α by about 1 % of α, e.g. 0.3027 at
 *       α = 0.3).</li>
 * </ul>
 *
 * <p>Constant values pass (nothing varies, so nothing trends). With very few values no ordering
 * is significant at small α (n = 3: the smallest possible p-value is 1/3; n = 4: 1/12; n = 5:
 * 1/60); the result's description says so when it happens. Time: O(n²) for S, plus O(n³) for
 * the exact distribution when it is used (n ≤ 20 without ties), well under a millisecond at
 * n ≤ 200.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class MannKendallTest {
    /** Smallest number of values accepted. */
    public static final int MIN_VALUES = 3;

    /** Name of the check in {@link CheckResult#name()}. */
    public static final String NAME = "mann-kendall";

    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private MannKendallTest() {
    }

    /**
     * Tests the values, in their order, for a monotonic trend.
     *
     * @param values finite values in time order (at least {@value #MIN_VALUES}; drop NaN first)
     * @param alpha  false-alarm rate in (0, 1): the probability of failing i.i.d. values
     * @return passed when no trend is detected at level {@code alpha} (p-value > alpha); the
     *         statistic is S and the description one sentence for a report
     * @throws IllegalArgumentException if {@code values} is null, has fewer than
     *                                  {@value #MIN_VALUES} values or a NaN or infinite value, or
     *                                  if {@code alpha} is not in (0, 1)
     */
    public static CheckResult test(double[] values, double alpha) {
        Arguments.falseAlarmRate(alpha);
        Outcome outcome = analyse(values);
        int n = values.length;
        if (outcome.constant()) {
            return new CheckResult(NAME, true, 0.0, 1.0, "all " + n + " values are equal: no variation,"
                    + " so no trend to test (Mann–Kendall S = 0, p = 1, n = " + n + ")");
        }
        boolean passed = outcome.pValue() > alpha;
        String figures = "(Mann–Kendall S = " + outcome.score() + ", " + (outcome.exact() ? "exact p = " : "p ≈ ")
                + formatP(outcome.pValue()) + (passed ? " > " : " ≤ ") + "α = " + formatAlpha(alpha)
                + ", n = " + n + ")";
        String description;
        if (passed) {
            description = "no monotonic trend " + figures;
            if (outcome.smallestPValue() > alpha) {
                description += "; with " + n + " values no order is significant at this α (smallest possible p = "
                        + formatP(outcome.smallestPValue()) + ")";
            }
        } else {
            description = "monotonic trend detected: the values tend to "
                    + (outcome.score() > 0 ? "increase" : "decrease") + " with their position " + figures;
        }
        return new CheckResult(NAME, passed, outcome.score(), outcome.pValue(), description);
    }

    /**
     * Two-sided p-value of the test (exact or normal approximation as described in the class
     * documentation); 1 for constant values.
     */
    static double pValue(double[] values) {
        return analyse(values).pValue();
    }

    /** Below this many values the pairs are compared directly; above, ranks go through a Fenwick tree. */
    static final int DIRECT_SCORE_LIMIT = 256;

    /**
     * The Mann–Kendall score S = Σ_{i<j} sign(x_j − x_i), in O(n log n): each value adds the
     * number of earlier values below it and subtracts those above it, counted over dense ranks
     * (equal values share a rank, -0.0 and 0.0 included) with a Fenwick tree (Fenwick 1994).
     */
    static long score(double[] values) {
        int n = values.length;
        if (n <= DIRECT_SCORE_LIMIT) {
            return directScore(values);
        }
        int[] ranks = denseRanks(values);
        int[] tree = new int[n + 1];
        long s = 0;
        for (int j = 0; j < n; j++) {
            int rank = ranks[j];
            int below = prefixCount(tree, rank - 1);
            int atMost = prefixCount(tree, rank);
            s += below - (j - atMost);
            for (int i = rank; i <= n; i += i & -i) {
                tree[i]++;
            }
        }
        return s;
    }

    private static int prefixCount(int[] tree, int rank) {
        int count = 0;
        for (int i = rank; i > 0; i -= i & -i) {
            count += tree[i];
        }
        return count;
    }

    /** 1-based ranks of the values among their distinct values, compared with {@code <} and {@code ==}. */
    private static int[] denseRanks(double[] values) {
        double[] distinct = values.clone();
        Arrays.sort(distinct);
        int m = 0;
        for (int i = 0; i < distinct.length; i++) {
            if (m == 0 || distinct[i] != distinct[m - 1]) {
                distinct[m++] = distinct[i];
            }
        }
        int[] ranks = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            int lo = 0;
            int hi = m - 1;
            while (distinct[lo] != v) {
                int mid = (lo + hi) >>> 1;
                if (distinct[mid] < v) {
                    lo = mid + 1;
                } else if (distinct[mid] > v) {
                    hi = mid - 1;
                } else {
                    lo = mid;
                }
            }
            ranks[i] = lo + 1;
        }
        return ranks;
    }

    /** S by comparing every pair: the definition, used for short series and as the tests' reference. */
    static long directScore(double[] values) {
        long s = 0;
        for (int i = 0; i < values.length - 1; i++) {
            double xi = values[i];
            for (int j = i + 1; j < values.length; j++) {
                double xj = values[j];
                s += xj > xi ? 1 : (xj < xi ? -1 : 0);
            }
        }
        return s;
    }

    /** P-value of S by the normal approximation with continuity correction and tie-corrected variance. */
    static double normalPValue(long score, int n, int[] groupSizes) {
        double tieTerm = 0;
        for (int t : groupSizes) {
            tieTerm += (double) t * (t - 1) * (2.0 * t + 5);
        }
        double variance = ((double) n * (n - 1) * (2.0 * n + 5) - tieTerm) / 18.0;
        double corrected = Math.max(Math.abs(score) - 1.0, 0.0);
        return Math.min(1.0, 2 * STANDARD_NORMAL.survivalProbability(corrected / Math.sqrt(variance)));
    }

    /** Sizes of the groups of equal values, in ascending order of value. */
    static int[] groupSizes(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int[] sizes = new int[sorted.length];
        int groups = 0;
        int start = 0;
        for (int i = 1; i <= sorted.length; i++) {
            // == rather than Arrays.sort's order, so that -0.0 and 0.0 are one group, as sign() sees them.
            if (i == sorted.length || sorted[i] != sorted[start]) {
                sizes[groups++] = i - start;
                start = i;
            }
        }
        return Arrays.copyOf(sizes, groups);
    }

    private static Outcome analyse(double[] values) {
        checkValues(values);
        int[] groups = groupSizes(values);
        if (groups.length == 1) {
            return new Outcome(true, 0, 1.0, true, 1.0);
        }
        long s = score(values);
        KendallScoreDistribution exact = KendallScoreDistribution.of(groups);
        if (exact != null) {
            return new Outcome(false, s, exact.twoSidedPValue(s), true, exact.smallestPValue());
        }
        return new Outcome(false, s, normalPValue(s, values.length, groups), false, 0.0);
    }

    private static void checkValues(double[] values) {
        Arguments.checkedSeries("the Mann–Kendall trend test", values, MIN_VALUES);
    }

    /** Two significant digits, plain notation; tiny values as an upper bound. */
    private static String formatP(double p) {
        if (p < 1e-4) {
            return "< 0.0001";
        }
        return new BigDecimal(p).round(new MathContext(2, RoundingMode.HALF_EVEN)).stripTrailingZeros()
                .toPlainString();
    }

    private static String formatAlpha(double alpha) {
        return BigDecimal.valueOf(alpha).stripTrailingZeros().toPlainString();
    }

    private record Outcome(boolean constant, long score, double pValue, boolean exact, double smallestPValue) {
    }
}
