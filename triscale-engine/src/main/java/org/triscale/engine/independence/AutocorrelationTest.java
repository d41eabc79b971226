package org.triscale.engine.independence;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.CheckResult;

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
 *
 * <p>The reference sums every lag directly, O(n²). Here, above {@value #DIRECT_LIMIT} values, all
 * lag sums come from one FFT (Wiener–Khinchin, O(n log n)) with a proven bound on their error, and
 * the few lags whose FFT value is too close to the band or to the largest value to decide are
 * summed directly: outcome, statistic and lag are those of the direct sums, exactly (see
 * {@link LagSums}).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class AutocorrelationTest {
    /** Name of the check in a {@link CheckResult}. */
    public static final String NAME = "autocorrelation";

    /** Up to this many values the lag sums are computed directly (n²/2 products). */
    static final int DIRECT_LIMIT = 256;

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
        return test(values, DIRECT_LIMIT);
    }

    /** {@link #test(double[])} with the FFT used above {@code directLimit} values (tests force it). */
    static CheckResult test(double[] values, int directLimit) {
        LagSums sums = LagSums.of(values, directLimit);
        int n = values.length;
        double threshold = threshold(n);
        double max = sums.max;
        double largest = 0;
        int lag = 0;
        boolean passed = true;
        if (max != 0) {
            // Decide every lag from the approximate sums where the error bound allows, and from the
            // exact sum where the approximation is too close to the band or to the largest value:
            // the outcome is then the one of the exact sums at every lag.
            // The margins also cover the rounding of r_k / max, a few units in the last place.
            double band = threshold * max;
            double top = 0;
            for (int k = 1; k < n; k++) {
                top = Math.max(top, Math.abs(sums.approximate[k]));
            }
            double bandMargin = sums.error + 4 * Math.ulp(band);
            double topMargin = sums.error + 4 * Math.ulp(top);
            for (int k = 1; k < n; k++) {
                double approximate = Math.abs(sums.approximate[k]);
                boolean nearBand = Math.abs(approximate - band) <= bandMargin;
                boolean nearTop = approximate >= top - 2 * topMargin;
                if (!nearBand && !nearTop) {
                    passed &= approximate < band;
                    continue;
                }
                double a = Math.abs(sums.exact(k) / max);
                // Written as the reference writes it: a NaN correlation fails the comparison.
                if (!(a < threshold)) {
                    passed = false;
                }
                if (a > largest || Double.isNaN(a)) {
                    largest = a;
                    lag = k;
                }
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
     * plots and reports). Above {@value #DIRECT_LIMIT} values the lag sums come from an FFT and
     * differ from the reference's direct sums by less than 1e-12 (in units of r_0).
     *
     * @param values finite values in time order, at least one
     * @return r_k / max_j r_j (or r_k when that maximum is 0)
     * @throws IllegalArgumentException if {@code values} is null, empty, or not finite
     */
    public static double[] autocorrelation(double[] values) {
        LagSums sums = LagSums.of(values, DIRECT_LIMIT);
        double[] r = sums.approximate.clone();
        if (sums.max != 0) {
            for (int k = 0; k < r.length; k++) {
                r[k] /= sums.max;
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
