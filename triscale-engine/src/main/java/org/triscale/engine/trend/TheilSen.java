package org.triscale.engine.trend;

/**
 * Theil–Sen slope estimator (Theil 1950, Sen 1968) with Sen's confidence interval, equal to
 * {@code scipy.stats.theilslopes(method="separate")}.
 *
 * <p>TODO(engine): implementation in progress.
 */
public final class TheilSen {
    private TheilSen() {
    }

    /**
     * Fits a Theil–Sen line.
     *
     * @param x          abscissae, finite, same length as {@code y}
     * @param y          ordinates, finite
     * @param confidence confidence of the slope interval in percent, in (0, 100)
     * @return the fit
     */
    public static TheilSenFit fit(double[] x, double[] y, double confidence) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
