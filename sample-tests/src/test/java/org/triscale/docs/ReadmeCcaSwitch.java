package org.triscale.docs;

import org.triscale.emulator.cca.Cca;

/**
 * The algorithm {@link ReadmeExampleVerdictTest} swaps into its compiled copy of the README's
 * first example, in place of {@code Cca.CUBIC}. Public because the copy lives in another package.
 */
public final class ReadmeCcaSwitch {
    private static volatile Cca current = Cca.CUBIC;

    private ReadmeCcaSwitch() {
    }

    /**
     * The algorithm the copy runs.
     *
     * @return the algorithm set last, {@link Cca#CUBIC} by default
     */
    public static Cca cca() {
        return current;
    }

    static void set(Cca cca) {
        current = cca;
    }
}
