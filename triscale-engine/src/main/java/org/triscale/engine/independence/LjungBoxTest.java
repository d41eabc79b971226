package org.triscale.engine.independence;

import org.triscale.engine.CheckResult;

/**
 * Ljung–Box portmanteau test of serial independence (Ljung and Box 1978): the independence check
 * of the {@code SOUND} mode.
 *
 * <p>TODO(engine): implementation in progress.
 */
public final class LjungBoxTest {
    private LjungBoxTest() {
    }

    /**
     * Tests the values, in their order, for serial dependence.
     *
     * @param values finite values in time order
     * @param alpha  false-alarm rate in (0, 1)
     * @return passed when no dependence is detected at level {@code alpha}
     */
    public static CheckResult test(double[] values, double alpha) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
