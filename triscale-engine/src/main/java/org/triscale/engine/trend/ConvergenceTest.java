package org.triscale.engine.trend;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.ValueRange;
import org.triscale.engine.numeric.NanFree;

/**
 * TriScale's convergence test: normalise x and y to [−1, 1], fit Theil–Sen with Sen's interval,
 * and declare convergence when the interval lies within ± tolerance (Jacob et al. 2021).
 *
 * <p>Normalisation is {@code v' = (2v − (lo + hi)) / (hi − lo)}, computed in that order, with y's
 * range from the given bounds (or the min and max of y) and x's from the min and max of x. The
 * test passes unless {@code lowSlope < −t} or {@code highSlope > t}, t = tolerance/100; as in the
 * reference, NaN compares false, so a constant series without bounds (normalised to 0/0) passes.
 * Abscissae that are all equal are refused: no slope is defined (every pair has the same x).
 * Unlike the reference, which draws a random subset of 100 points above 100 points, every pair of
 * points is used: the result is exact and deterministic.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class ConvergenceTest {
    private ConvergenceTest() {
    }

    /**
     * Runs the test.
     *
     * @param x          abscissae, finite (a NaN abscissa drops its point, counted with the NaN values)
     * @param y          values; NaN values are dropped with their x and counted
     * @param yBounds    range used to normalise y, or {@code null} for the min and max of y
     * @param confidence confidence of the slope interval, percent in (0, 100)
     * @param tolerance  tolerance on the normalised slope, percent, &gt; 0
     * @return the outcome
     * @throws IllegalArgumentException if an argument is invalid, fewer than 2 points remain, or the
     *                                  remaining x values are all equal (the slope is undefined)
     */
    public static ConvergenceResult test(double[] x, double[] y, ValueRange yBounds, double confidence,
                                         double tolerance) {
        Arguments.samples("x", x);
        Arguments.samples("y", y);
        Arguments.sameLength("x", x, "y", y);
        Arguments.percent("confidence", confidence);
        Arguments.positive("tolerance", tolerance);
        double[][] rows = NanFree.rows(x, y);
        double[] xs = rows[0];
        double[] ys = rows[1];
        int kept = xs.length;
        int dropped = x.length - kept;
        if (kept < 2) {
            throw new IllegalArgumentException("the convergence test needs at least 2 points with a value, got "
                    + kept + " (" + dropped + " dropped for NaN); record more samples");
        }
        double lo = yBounds == null ? min(ys) : yBounds.min();
        double hi = yBounds == null ? max(ys) : yBounds.max();
        return run(xs, ys, lo, hi, confidence, tolerance, dropped);
    }

    /**
     * Runs the test on NaN-free points with an explicit range for y that may be empty
     * ({@code yLow == yHigh}), as the reference's default bounds are for constant data: y then
     * normalises to NaN and the test passes.
     *
     * @param x          abscissae, finite
     * @param y          values, finite, same length as {@code x}, at least 2
     * @param yLow       lower end of y's range, finite
     * @param yHigh      upper end of y's range, finite, ≥ {@code yLow}
     * @param confidence confidence of the slope interval, percent in (0, 100)
     * @param tolerance  tolerance on the normalised slope, percent, &gt; 0
     * @return the outcome (no point dropped)
     * @throws IllegalArgumentException if an argument is invalid, or the x values are all equal
     */
    public static ConvergenceResult test(double[] x, double[] y, double yLow, double yHigh, double confidence,
                                         double tolerance) {
        Arguments.finite("x", x);
        Arguments.finite("y", y);
        Arguments.sameLength("x", x, "y", y);
        Arguments.percent("confidence", confidence);
        Arguments.positive("tolerance", tolerance);
        if (x.length < 2) {
            throw new IllegalArgumentException("the convergence test needs at least 2 points, got " + x.length);
        }
        if (!Double.isFinite(yLow) || !Double.isFinite(yHigh) || yLow > yHigh) {
            throw new IllegalArgumentException("y range must be two finite values with yLow <= yHigh, got ["
                    + yLow + ", " + yHigh + "]");
        }
        return run(x, y, yLow, yHigh, confidence, tolerance, 0);
    }

    private static ConvergenceResult run(double[] x, double[] y, double yLow, double yHigh, double confidence,
                                         double tolerance, int dropped) {
        int n = x.length;
        double xLow = min(x);
        double xHigh = max(x);
        if (xLow == xHigh) {
            // Every pair has dx = 0: no slope exists, and x would normalise to 0/0; the reference's
            // NaN comparisons would then pass a test that tested nothing.
            throw new IllegalArgumentException("x values all equal (" + n + " points at x = " + xLow + "): the slope is"
                    + " undefined, so convergence cannot be tested; give x values that vary, e.g. the samples' times");
        }
        double[] xn = normalize(x, xLow, xHigh);
        double[] yn = normalize(y, yLow, yHigh);
        TheilSenFit fit = TheilSen.compute(xn, yn, confidence, TheilSen.QUADRATIC_LIMIT);
        double t = Math.abs(tolerance) / 100;
        // Written as the reference writes it: NaN makes both comparisons false, and the test passes.
        boolean failed = fit.lowSlope() < -t || fit.highSlope() > t;
        return new ConvergenceResult(!failed, fit, tolerance, n, dropped);
    }

    /**
     * {@code (2v − (lo + hi)) / (hi − lo)}, in the reference's order of operations. Where a term
     * could overflow (a magnitude beyond MAX/4), v, lo and hi are first divided by 4: exact, so
     * the quotient is the same, where the reference gets infinities and NaN.
     */
    static double[] normalize(double[] values, double lo, double hi) {
        double largest = Math.max(Math.abs(lo), Math.abs(hi));
        for (double v : values) {
            largest = Math.max(largest, Math.abs(v));
        }
        double factor = largest > Double.MAX_VALUE / 4 ? 0.25 : 1;
        double scale = hi * factor - lo * factor;
        double sum = lo * factor + hi * factor;
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (2 * (values[i] * factor) - sum) / scale;
        }
        return out;
    }

    static double min(double[] values) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : values) {
            m = Math.min(m, v);
        }
        return m;
    }

    static double max(double[] values) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            m = Math.max(m, v);
        }
        return m;
    }
}
