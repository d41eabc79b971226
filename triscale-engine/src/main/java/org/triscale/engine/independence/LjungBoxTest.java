package org.triscale.engine.independence;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.SplittableRandom;

import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.CheckResult;

/**
 * Ljung–Box portmanteau test of serial independence (Ljung and Box 1978): the independence check
 * of the {@code SOUND} mode.
 *
 * <p>Statistic: Q = n(n+2) Σ_{k=1..h} r_k² / (n − k), where r_k is the lag-k sample
 * autocorrelation of the values in their order. Lag rule: h = max(1, round(ln n)) (h = 1 for
 * n ≤ 4, 2 for n = 5–12, 3 for n = 13–33, 4 up to 90, 5 up to 244), the choice that simulation
 * studies favour for power (Tsay, <i>Analysis of Financial Time Series</i>, 3rd ed., 2010,
 * §2.2): dependence between runs usually shows at the first lags (slow drifts, AR(1)-like
 * carry-over), and each extra lag adds noise to Q. Against AR(1) with φ = 0.7 it detects 56 % of
 * series at n = 20 and 97.5 % at n = 50 (α = 5 %), against 52.5 % and 93.6 % with
 * h = min(10, n/5); at n = 10 both rules give h = 2 and detect 12 %.
 *
 * <p>Calibration: the p-value is a <b>permutation</b> p-value at every n, never the χ²(h)
 * approximation. Under the null hypothesis the values are exchangeable (i.i.d. values are), so
 * every ordering is equally likely and the permutation p-value is valid at any n, for any
 * distribution, with ties. The χ²(h) approximation is not: in the seeded simulations recorded in
 * the project's {@code docs/checks-calibration.md} it fails i.i.d. uniform data 6.3 % of the time
 * at n = 15 and α = 5 %, and heavy-tailed data (log-normal, σ = 2) 6.8 % of the time at n = 300
 * and at n = 1,000, where the permutation p-value stays at 5 %. Computation:
 * <ul>
 *   <li>n ≤ {@value #MAX_ENUMERATED}: all n! orderings are enumerated, p = #{Q* ≥ Q} / n!
 *       (exact);</li>
 *   <li>larger n: {@value #PERMUTATIONS} random orderings drawn by a {@link SplittableRandom}
 *       with a fixed seed, p = (1 + #{Q* ≥ Q}) / (1 + {@value #PERMUTATIONS}). The result is
 *       deterministic; over random seeds this p-value is exactly valid, and for the fixed seed the
 *       seeded simulations of the test suite confirm the false-alarm rate.</li>
 * </ul>
 * Orderings whose Q equals the observed Q up to a relative 10⁻⁹ (rounding) count as at least as
 * extreme, which can only make the test more conservative. Time: O(n · h · 999), about 1 ms at
 * n = 200.
 *
 * <p>Constant values pass (no variation, nothing to test). With very few values no ordering is
 * significant at small α (an ordering and its reverse have the same Q, so p ≥ 2/n!: 1/3 at n = 3,
 * 1/12 at n = 4); the result's description says so, with the smallest possible p-value, when it
 * happens.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class LjungBoxTest {
    /** Smallest number of values accepted. */
    public static final int MIN_VALUES = 3;

    /** Name of the check in {@link CheckResult#name()}. */
    public static final String NAME = "ljung-box";

    /** Number of random orderings for n > {@value #MAX_ENUMERATED}. */
    static final int PERMUTATIONS = 999;

    /** Largest n for which all n! orderings are enumerated (720 ≤ {@value #PERMUTATIONS} + 1). */
    static final int MAX_ENUMERATED = 6;

    /** Seed of the random orderings: fixed, so that a result can be reproduced. */
    static final long SEED = 0x7_1A5CA1EL;

    /** Relative tolerance under which a permuted Q counts as equal to the observed Q. */
    private static final double RELATIVE_TOLERANCE = 1e-9;

    private LjungBoxTest() {
    }

    /**
     * Tests the values, in their order, for serial dependence.
     *
     * @param values finite values in time order (at least {@value #MIN_VALUES}; drop NaN first)
     * @param alpha  false-alarm rate in (0, 1): the probability of failing i.i.d. values
     * @return passed when no dependence is detected at level {@code alpha} (p-value > alpha); the
     *         statistic is Q and the description one sentence for a report
     * @throws IllegalArgumentException if {@code values} is null, has fewer than
     *                                  {@value #MIN_VALUES} values or a NaN or infinite value, or
     *                                  if {@code alpha} is not in (0, 1)
     */
    public static CheckResult test(double[] values, double alpha) {
        Arguments.falseAlarmRate(alpha);
        Outcome outcome = analyse(values, -1);
        int n = values.length;
        if (outcome.constant()) {
            return new CheckResult(NAME, true, 0.0, 1.0, "all " + n + " values are equal: no variation,"
                    + " so no dependence to test (Ljung–Box Q = 0, p = 1, n = " + n + ")");
        }
        boolean passed = outcome.pValue() > alpha;
        int h = lags(n);
        String lagText = h == 1 ? "lag 1" : "lags 1–" + h;
        String figures = "(Ljung–Box Q = " + format(outcome.statistic(), 3) + " at " + lagText
                + ", " + (n <= MAX_ENUMERATED ? "exact permutation p = " : "permutation p = ")
                + formatP(outcome.pValue()) + (passed ? " > " : " ≤ ") + "α = "
                + BigDecimal.valueOf(alpha).stripTrailingZeros().toPlainString() + ", n = " + n + ")";
        String description;
        if (passed) {
            description = "no serial dependence " + figures;
            if (outcome.smallestPValue() > alpha) {
                description += "; with " + n + " values no order is significant at this α (smallest possible p = "
                        + formatP(outcome.smallestPValue()) + ")";
            }
        } else {
            description = "serial dependence detected: the values are autocorrelated (lag-1 autocorrelation "
                    + format(outcome.lag1(), 2) + ") " + figures;
        }
        return new CheckResult(NAME, passed, outcome.statistic(), outcome.pValue(), description);
    }

    /** Permutation p-value of the test as described in the class documentation; 1 for constant values. */
    static double pValue(double[] values) {
        return analyse(values, -1).pValue();
    }

    /** The permutation p-value with {@code lags} lags instead of the lag rule (to compare lag rules). */
    static double pValue(double[] values, int lags) {
        if (lags < 1 || values != null && lags >= values.length) {
            throw new IllegalArgumentException("lags must be in [1, n - 1], got " + lags);
        }
        return analyse(values, lags).pValue();
    }

    /**
     * The p-value of the classical χ²(h) approximation, for comparison only (it is not calibrated
     * at small n nor for heavy-tailed data); 1 for constant values.
     */
    static double asymptoticPValue(double[] values) {
        checkValues(values);
        double[] y = standardized(values);
        if (y == null) {
            return 1.0;
        }
        int h = lags(values.length);
        return ChiSquaredDistribution.of(h).survivalProbability(standardizedStatistic(y, h));
    }

    /** Number of lags for n values: max(1, round(ln n)), at most n − 1. */
    static int lags(int n) {
        return (int) Math.max(1, Math.min(n - 1, Math.round(Math.log(n))));
    }

    /** The Ljung–Box statistic of the values with {@code h} lags; 0 for constant values. */
    static double statistic(double[] values, int h) {
        double[] y = standardized(values);
        return y == null ? 0.0 : standardizedStatistic(y, h);
    }

    private static double standardizedStatistic(double[] y, int h) {
        int n = y.length;
        double ss = sumOfSquares(y);
        return n * (n + 2.0) * weightedSum(y, h) / (ss * ss);
    }

    /** The test with {@code lags} lags, or with the lag rule when {@code lags} is −1. */
    private static Outcome analyse(double[] values, int lags) {
        checkValues(values);
        double[] y = standardized(values);
        if (y == null) {
            return new Outcome(true, 0.0, 1.0, 1.0, 0.0);
        }
        int n = y.length;
        int h = lags == -1 ? lags(n) : lags;
        double ss = sumOfSquares(y);
        double observed = weightedSum(y, h);
        double threshold = observed * (1 - RELATIVE_TOLERANCE);
        double q = n * (n + 2.0) * observed / (ss * ss);
        double lag1 = lagProduct(y, 1) / ss;
        if (n <= MAX_ENUMERATED) {
            return enumerate(y, h, threshold, q, lag1);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] w = y.clone();
        int atLeast = 1;
        for (int b = 0; b < PERMUTATIONS; b++) {
            shuffle(w, random);
            if (reaches(w, h, threshold)) {
                atLeast++;
            }
        }
        return new Outcome(false, q, atLeast / (PERMUTATIONS + 1.0), 0.0, lag1);
    }

    /** Exact permutation p-value over all n! orderings (Heap's algorithm, iterative). */
    private static Outcome enumerate(double[] y, int h, double threshold, double q, double lag1) {
        int n = y.length;
        double[] w = y.clone();
        int[] c = new int[n];
        double[] sums = new double[factorial(n)];
        int k = 0;
        sums[k++] = weightedSum(w, h);
        int i = 1;
        while (i < n) {
            if (c[i] < i) {
                int j = (i & 1) == 0 ? 0 : c[i];
                double t = w[j];
                w[j] = w[i];
                w[i] = t;
                sums[k++] = weightedSum(w, h);
                c[i]++;
                i = 1;
            } else {
                c[i] = 0;
                i++;
            }
        }
        double max = Double.NEGATIVE_INFINITY;
        for (double s : sums) {
            max = Math.max(max, s);
        }
        int atLeast = 0;
        int atMax = 0;
        double maxThreshold = max * (1 - RELATIVE_TOLERANCE);
        for (double s : sums) {
            atLeast += s >= threshold ? 1 : 0;
            atMax += s >= maxThreshold ? 1 : 0;
        }
        return new Outcome(false, q, atLeast / (double) sums.length, atMax / (double) sums.length, lag1);
    }

    /**
     * The values centred on their mean after division by their largest magnitude (so that neither
     * the sums nor the squares overflow or underflow); {@code null} when all values are equal.
     */
    private static double[] standardized(double[] values) {
        boolean constant = true;
        double scale = 0;
        for (double v : values) {
            constant &= v == values[0];
            scale = Math.max(scale, Math.abs(v));
        }
        if (constant) {
            return null;
        }
        int n = values.length;
        double[] y = new double[n];
        double mean = 0;
        for (int i = 0; i < n; i++) {
            y[i] = values[i] / scale;
            mean += y[i];
        }
        mean /= n;
        for (int i = 0; i < n; i++) {
            y[i] -= mean;
        }
        return y;
    }

    private static double sumOfSquares(double[] y) {
        return lagProduct(y, 0);
    }

    /** Σ_{k=1..h} c_k² / (n − k), with c_k the lag-k sum of products: Q up to a constant factor. */
    private static double weightedSum(double[] y, int h) {
        int n = y.length;
        double sum = 0;
        for (int k = 1; k <= h; k++) {
            double c = lagProduct(y, k);
            sum += c * c / (n - k);
        }
        return sum;
    }

    /**
     * Whether {@link #weightedSum} reaches {@code threshold}; stops at the first lag where the
     * partial sum (of non-negative terms) does, which saves work for the many orderings of
     * i.i.d.-looking data whose Q exceeds the observed one.
     */
    private static boolean reaches(double[] y, int h, double threshold) {
        int n = y.length;
        double sum = 0;
        for (int k = 1; k <= h; k++) {
            double c = lagProduct(y, k);
            sum += c * c / (n - k);
            if (sum >= threshold) {
                return true;
            }
        }
        return false;
    }

    private static double lagProduct(double[] y, int k) {
        // Four independent sums break the dependency chain of one accumulator (about 3× faster on
        // long series); every ordering, observed or permuted, is summed the same way.
        double c0 = 0;
        double c1 = 0;
        double c2 = 0;
        double c3 = 0;
        int m = y.length - k;
        int t = 0;
        for (; t + 3 < m; t += 4) {
            c0 += y[t] * y[t + k];
            c1 += y[t + 1] * y[t + 1 + k];
            c2 += y[t + 2] * y[t + 2 + k];
            c3 += y[t + 3] * y[t + 3 + k];
        }
        for (; t < m; t++) {
            c0 += y[t] * y[t + k];
        }
        return (c0 + c1) + (c2 + c3);
    }

    /** Fisher–Yates shuffle: each call gives a uniformly random ordering. */
    private static void shuffle(double[] w, SplittableRandom random) {
        for (int i = w.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double t = w[i];
            w[i] = w[j];
            w[j] = t;
        }
    }

    private static int factorial(int n) {
        int f = 1;
        for (int i = 2; i <= n; i++) {
            f *= i;
        }
        return f;
    }

    private static void checkValues(double[] values) {
        Arguments.checkedSeries("the Ljung–Box independence test", values, MIN_VALUES);
    }

    private static String formatP(double p) {
        return p < 1e-4 ? "< 0.0001" : format(p, 2);
    }

    /** {@code digits} significant digits, plain notation. */
    private static String format(double x, int digits) {
        if (x == 0) {
            return "0";
        }
        return new BigDecimal(x).round(new MathContext(digits, RoundingMode.HALF_EVEN)).stripTrailingZeros()
                .toPlainString();
    }

    private record Outcome(boolean constant, double statistic, double pValue, double smallestPValue, double lag1) {
    }
}
