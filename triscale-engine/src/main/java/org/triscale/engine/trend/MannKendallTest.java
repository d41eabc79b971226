package org.triscale.engine.trend;

import org.triscale.engine.CheckResult;

/**
 * Mann–Kendall test for a monotonic trend (Mann 1945, Kendall 1975): the check used by the
 * {@code SOUND} mode for the stationarity of a series of values in run order.
 *
 * <p>TODO(engine): implementation in progress.
 */
public final class MannKendallTest {
    private MannKendallTest() {
    }

    /**
     * Tests the values, in their order, for a monotonic trend.
     *
     * @param values finite values in time order
     * @param alpha  false-alarm rate in (0, 1)
     * @return passed when no trend is detected at level {@code alpha}
     */
    public static CheckResult test(double[] values, double alpha) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
