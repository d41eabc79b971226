package org.triscale.engine.trend;

import org.apache.commons.numbers.arrays.Selection;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Theil–Sen slope estimator (Theil 1950, Sen 1968) with Sen's confidence interval, equal to
 * {@code scipy.stats.theilslopes(method="separate")} (SciPy 1.10).
 *
 * <p>The slopes are {@code (y_i − y_j)/(x_i − x_j)} over the pairs with {@code x_i > x_j}; the
 * slope is their median, the intercept {@code median(y) − slope · median(x)}. The interval follows
 * equation 2.6 of Sen (1968): with a = the confidence (or 1 − it, whichever is at most 1/2),
 * z = Φ⁻¹(a/2) and σ² = (n(n−1)(2n+5) − Σ<sub>x ties</sub> t(t−1)(2t+5) − Σ<sub>y ties</sub>
 * t(t−1)(2t+5)) / 18, the ends are the sorted slopes of index
 * {@code max(rint((N + zσ)/2) − 1, 0)} and {@code min(rint((N − zσ)/2), N − 1)}, N the number of
 * slopes and rint rounding half to even.
 *
 * <p>Every slope is used (no subsampling). Up to {@value #QUADRATIC_LIMIT} points the slopes are
 * materialised and the needed order statistics selected in place; above, they are selected without
 * storing all pairs, with the same result. Φ⁻¹ comes from Commons Statistics; it differs from
 * SciPy's by an ulp or two in z, which moves the interval only if {@code (N ± zσ)/2} lies within
 * about 10⁻¹⁵ of a half-integer.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class TheilSen {
    /** Largest number of points whose slopes are materialised. */
    static final int QUADRATIC_LIMIT = 3_000;

    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private TheilSen() {
    }

    /**
     * Fits a Theil–Sen line.
     *
     * @param x          abscissae, finite, same length as {@code y}, at least two distinct values
     * @param y          ordinates, finite
     * @param confidence confidence of the slope interval in percent, in (0, 100)
     * @return the fit
     * @throws IllegalArgumentException if an argument is invalid
     */
    public static TheilSenFit fit(double[] x, double[] y, double confidence) {
        Arguments.finite("x", x);
        Arguments.finite("y", y);
        Arguments.sameLength("x", x, "y", y);
        Arguments.percent("confidence", confidence);
        if (x.length < 2) {
            throw new IllegalArgumentException("a line fit needs at least 2 points, got " + x.length);
        }
        double first = x[0];
        boolean distinct = false;
        for (double v : x) {
            distinct |= v != first;
        }
        if (!distinct) {
            throw new IllegalArgumentException("x must hold at least two distinct values; all " + x.length
                    + " are " + first);
        }
        return compute(x, y, confidence, QUADRATIC_LIMIT);
    }

    /**
     * The fit with SciPy's semantics for NaN (NaN slopes sort last and a NaN median propagates;
     * no slope at all gives NaN everywhere), without argument checks.
     *
     * @param quadraticLimit largest n for the materialised path (tests lower it)
     */
    static TheilSenFit compute(double[] x, double[] y, double confidence, int quadraticLimit) {
        int n = x.length;
        boolean finite = allFinite(x) && allFinite(y);
        long count;
        double slope;
        double low;
        double high;
        SenInterval interval;
        if (n <= quadraticLimit || !finite) {
            double[] slopes = allSlopes(x, y);
            count = slopes.length;
            interval = senInterval(count, sigmaSquared(x, y), confidence);
            if (count > 0) {
                // Place the needed order statistics as a full sort would (NaN last), without sorting.
                int m = slopes.length;
                int[] ranks = interval.defined()
                        ? new int[] {(m - 1) / 2, m / 2, (int) interval.indexLow(), (int) interval.indexHigh(), m - 1}
                        : new int[] {(m - 1) / 2, m / 2, m - 1};
                Selection.select(slopes, ranks);
            }
            slope = sortedMedian(slopes);
            low = interval.defined() ? slopes[(int) interval.indexLow()] : Double.NaN;
            high = interval.defined() ? slopes[(int) interval.indexHigh()] : Double.NaN;
        } else {
            count = SlopeSelection.pairCount(x);
            interval = senInterval(count, sigmaSquared(x, y), confidence);
            if (count == 0) {
                slope = Double.NaN;
                low = Double.NaN;
                high = Double.NaN;
            } else {
                // One call for all ranks: neighbouring ranks share the selection's narrowing rounds.
                long lowRank = interval.defined() ? interval.indexLow() : (count - 1) / 2;
                long highRank = interval.defined() ? interval.indexHigh() : count / 2;
                double[] selected = SlopeSelection.select(x, y, (count - 1) / 2, count / 2, lowRank, highRank);
                slope = count % 2 == 1 ? selected[0] : (selected[0] + selected[1]) / 2;
                low = interval.defined() ? selected[2] : Double.NaN;
                high = interval.defined() ? selected[3] : Double.NaN;
            }
        }
        double intercept = median(y) - slope * median(x);
        return new TheilSenFit(slope, intercept, low, high, confidence, n, count);
    }

    /**
     * Sen's interval indices for {@code count} slopes.
     *
     * @param count        number of slopes N
     * @param sigmaSquared variance of Kendall's S under independence, with tie corrections
     * @param confidence   confidence in percent
     * @return z, σ², the raw positions and the clamped indices (undefined when there is no slope
     *         or σ² is negative)
     */
    static SenInterval senInterval(long count, double sigmaSquared, double confidence) {
        double z = zQuantile(confidence);
        double sigma = Math.sqrt(sigmaSquared);
        double rawLow = (count + z * sigma) / 2.;
        double rawHigh = (count - z * sigma) / 2.;
        if (count == 0 || Double.isNaN(sigma)) {
            return new SenInterval(z, sigmaSquared, rawLow, rawHigh, -1, -1);
        }
        long indexHigh = Math.min((long) Math.rint(rawHigh), count - 1);
        long indexLow = Math.max((long) Math.rint(rawLow) - 1, 0);
        return new SenInterval(z, sigmaSquared, rawLow, rawHigh, indexLow, indexHigh);
    }

    /** z = Φ⁻¹(a/2), a = confidence/100 folded to at most 1/2 as SciPy does. */
    static double zQuantile(double confidence) {
        double alpha = confidence / 100;
        if (alpha > 0.5) {
            alpha = 1. - alpha;
        }
        return STANDARD_NORMAL.inverseCumulativeProbability(alpha / 2.);
    }

    /**
     * σ² of Sen (1968), eq. 2.6: an exact integer times the double 1/18.
     *
     * @param x abscissae
     * @param y ordinates
     * @return the variance
     */
    static double sigmaSquared(double[] x, double[] y) {
        long n = y.length;
        BigInteger total = BigInteger.valueOf(n).multiply(BigInteger.valueOf(n - 1))
                .multiply(BigInteger.valueOf(2 * n + 5));
        total = total.subtract(tieTerm(x)).subtract(tieTerm(y));
        return 1 / 18. * total.doubleValue();
    }

    /**
     * Σ t(t−1)(2t+5) over groups of equal values; the groups compare with {@code ==}, so -0.0 and
     * 0.0 tie and NaN never ties, as in SciPy.
     */
    private static BigInteger tieTerm(double[] values) {
        BigInteger sum = BigInteger.ZERO;
        for (long t : MannKendallTest.groupSizes(values)) {
            if (t > 1) {
                sum = sum.add(BigInteger.valueOf(t * (t - 1)).multiply(BigInteger.valueOf(2 * t + 5)));
            }
        }
        return sum;
    }

    /** All slopes over pairs with x_i − x_j &gt; 0, unsorted. */
    private static double[] allSlopes(double[] x, double[] y) {
        int n = x.length;
        long pairs = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (x[i] - x[j] > 0) {
                    pairs++;
                }
            }
        }
        if (pairs > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("too many pairs to materialise: " + pairs);
        }
        double[] slopes = new double[(int) pairs];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double dx = x[i] - x[j];
                if (dx > 0) {
                    slopes[k++] = (y[i] - y[j]) / dx;
                }
            }
        }
        return slopes;
    }

    /**
     * numpy's median of an array whose middle and last order statistics are in place: NaN if any
     * NaN (sorted last), else the middle value or the mean of the middle pair.
     */
    private static double sortedMedian(double[] sorted) {
        int n = sorted.length;
        if (n == 0 || Double.isNaN(sorted[n - 1])) {
            return Double.NaN;
        }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sortedMedian(sorted);
    }

    private static boolean allFinite(double[] values) {
        for (double v : values) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Intermediate values of Sen's interval, for step-by-step comparison with SciPy.
     *
     * @param z            Φ⁻¹(a/2)
     * @param sigmaSquared σ²
     * @param rawLow       (N + zσ)/2
     * @param rawHigh      (N − zσ)/2
     * @param indexLow     index of the low slope, −1 when undefined
     * @param indexHigh    index of the high slope, −1 when undefined
     */
    record SenInterval(double z, double sigmaSquared, double rawLow, double rawHigh, long indexLow,
                       long indexHigh) {
        boolean defined() {
            return indexLow >= 0;
        }
    }
}
