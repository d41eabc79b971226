package org.triscale.emulator;

import org.junit.jupiter.api.Test;
import org.triscale.testsupport.PackageCycles;

/**
 * The packages of this module, the root included, depend on each other in one direction only: no
 * cycle. The value types every package uses ({@code Rate}, {@code Ecn} …) live in {@code base},
 * below the root that assembles a scenario from {@code link}, {@code queue} and {@code workload}.
 */
class PackageCyclesTest {

    @Test
    void packagesFormNoCycle() {
        PackageCycles.assertNoCycles("org.triscale.emulator");
    }
}
