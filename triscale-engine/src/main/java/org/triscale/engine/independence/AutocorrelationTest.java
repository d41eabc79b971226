package org.triscale.engine.independence;

import org.triscale.engine.CheckResult;

/**
 * TriScale's independence test: every sample autocorrelation at lag ≥ 1 within ± 1.96/√n.
 * Used by the {@code TRISCALE} mode; its false-alarm rate exceeds 5 % (see {@link LjungBoxTest}).
 *
 * <p>TODO(engine): implementation in progress.
 */
public final class AutocorrelationTest {
    private AutocorrelationTest() {
    }

    /**
     * Tests the values, in their order.
     *
     * @param values finite values in time order
     * @return passed when every autocorrelation at lag ≥ 1 is within the band
     */
    public static CheckResult test(double[] values) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
