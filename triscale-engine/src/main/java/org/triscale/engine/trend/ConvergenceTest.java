package org.triscale.engine.trend;

import org.triscale.engine.ValueRange;

/**
 * TriScale's convergence test: normalise x and y to [−1, 1], fit Theil–Sen with Sen's interval,
 * and declare convergence when the interval lies within ± tolerance (Jacob et al. 2021).
 *
 * <p>TODO(engine): implementation in progress.
 */
public final class ConvergenceTest {
    private ConvergenceTest() {
    }

    /**
     * Runs the test.
     *
     * @param x          abscissae
     * @param y          values; NaN values are dropped with their x and counted
     * @param yBounds    range used to normalise y, or {@code null} for the min and max of y
     * @param confidence confidence of the slope interval, percent in (0, 100)
     * @param tolerance  tolerance on the normalised slope, percent, &gt; 0
     * @return the outcome
     */
    public static ConvergenceResult test(double[] x, double[] y, ValueRange yBounds, double confidence,
                                         double tolerance) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
