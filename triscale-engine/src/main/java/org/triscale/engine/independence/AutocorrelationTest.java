package org.triscale.engine.independence;

import org.triscale.engine.Arguments;
import org.triscale.engine.CheckResult;
import org.triscale.engine.numeric.PairwiseSum;

import java.util.Locale;

/**
 * TriScale's independence test: every sample autocorrelation at lag ≥ 1 within ± 1.96/√n
 * (Jacob et al. 2021; the band is the usual large-sample 95 % band of one autocorrelation, see
 * Box and Jenkins 1976). Used by the {@code TRISCALE} mode; since it checks all n − 1 lags at
 * once, its false-alarm rate on independent data exceeds 5 % and grows with n (see
 * {@link LjungBoxTest}).
 *
 * <p>As in the reference: d = x − mean(x) (numpy's pairwise mean), r_k = Σ_i d_i·d_{i+k} for
 * k = 0 .. n−1, divided by max_k r_k unless that maximum is 0 or NaN (constant data therefore
 * passes), and the values are independent when |r_k| &lt; 1.96/√n for every k ≥ 1.
 */
public final class AutocorrelationTest {
    /** Name of the check in a {@link CheckResult}. */
    public static final String NAME = "autocorrelation";

    private AutocorrelationTest() {
    }

    /**
     * Tests the values, in their order.
     *
     * @param values finite values in time order, at least one
     * @return passed when every autocorrelation at lag ≥ 1 is within the band; the statistic is
     *         the largest |r_k| over k ≥ 1 (0 for a single value)
     * @throws IllegalArgumentException if {@code values} is null, empty, or not finite
     */
    public static CheckResult test(double[] values) {
        double[] r = autocorrelation(values);
        int n = values.length;
        double threshold = threshold(n);
        double largest = 0;
        int lag = 0;
        boolean passed = true;
        for (int k = 1; k < n; k++) {
            double a = Math.abs(r[k]);
            // Written as the reference writes it: a NaN correlation fails the comparison.
            if (!(a < threshold)) {
                passed = false;
            }
            if (a > largest || Double.isNaN(a)) {
                largest = a;
                lag = k;
            }
        }
        String description = n == 1
                ? "a single value has no autocorrelation to test"
                : String.format(Locale.ROOT, "largest autocorrelation at lag >= 1 is %.3f (lag %d), %s the band "
                        + "+/-%.3f = 1.96/sqrt(%d): %s", largest, lag, passed ? "within" : "outside", threshold, n,
                passed ? "no dependence detected" : "the values look dependent");
        return new CheckResult(NAME, passed, largest, Double.NaN, description);
    }

    /**
     * The normalised sample autocorrelation at lags 0 .. n−1, as the reference computes it (for
     * plots and reports).
     *
     * @param values finite values in time order, at least one
     * @return r_k / max_j r_j (or r_k when that maximum is 0 or NaN)
     * @throws IllegalArgumentException if {@code values} is null, empty, or not finite
     */
    public static double[] autocorrelation(double[] values) {
        Arguments.finite("values", values);
        Arguments.atLeast("number of values", values.length, 1);
        int n = values.length;
        double mean = PairwiseSum.mean(values);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = values[i] - mean;
        }
        double[] r = new double[n];
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < n; k++) {
            double s = 0;
            for (int i = 0; i + k < n; i++) {
                s += d[i] * d[i + k];
            }
            r[k] = s;
            max = Math.max(max, s);
        }
        if (!Double.isNaN(max) && max != 0) {
            for (int k = 0; k < n; k++) {
                r[k] /= max;
            }
        }
        return r;
    }

    /**
     * The band's half-width 1.96/√n.
     *
     * @param n number of values, ≥ 1
     * @return the threshold
     */
    public static double threshold(int n) {
        Arguments.atLeast("n", n, 1);
        return 1.96 / Math.sqrt(n);
    }
}
