package org.triscale.engine.sizing;

/**
 * Minimal number of runs (or series) for a distribution-free confidence bound of a percentile
 * (Thompson 1936; sizing as in TriScale, Jacob et al. 2021).
 *
 * <p>TODO(engine): implementation in progress.
 */
public final class Sizing {
    private Sizing() {
    }

    /**
     * Minimal N for a one-sided bound of percentile {@code percentile} at {@code confidence},
     * ignoring up to {@code robustness} extreme samples.
     *
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param robustness number of extreme runs the bound may ignore, ≥ 0
     * @return the minimal number of samples
     */
    public static int oneSided(double percentile, double confidence, int robustness) {
        throw new UnsupportedOperationException("not implemented yet");
    }

    /**
     * Minimal N for a two-sided interval as TriScale sizes it: each end is a one-sided bound at
     * {@code confidence} (for the median, the pair is sized together).
     *
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param robustness number of extreme runs each end may ignore, ≥ 0
     * @return the minimal number of samples
     */
    public static int twoSided(double percentile, double confidence, int robustness) {
        throw new UnsupportedOperationException("not implemented yet");
    }

    /**
     * Minimal N for a joint two-sided interval: both ends hold together with probability at
     * least {@code confidence}.
     *
     * @param percentile percentile in (0, 100)
     * @param confidence joint confidence in percent, in (0, 100)
     * @param robustness number of extreme runs each end may ignore, ≥ 0
     * @return the minimal number of samples
     */
    public static int joint(double percentile, double confidence, int robustness) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
