package org.triscale.engine.bounds;

/**
 * Distribution-free confidence bounds of a percentile from order statistics (Thompson 1936).
 *
 * <p>TODO(engine): implementation in progress.
 */
public final class ThompsonBounds {
    private ThompsonBounds() {
    }

    /**
     * Order-statistic indices bounding {@code percentile} in a sample of {@code n}.
     *
     * @param n          sample size, ≥ 1
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param kind       one-sided, TriScale two-sided, or joint
     * @return the indices; absent ends mean "not enough samples"
     */
    public static OrderStatisticInterval indices(int n, double percentile, double confidence, IntervalKind kind) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
