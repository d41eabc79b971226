package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.triscale.testsupport.PackageCycles;

/** The packages of this module depend on each other in one direction only: no cycle. */
class PackageCyclesTest {

    @Test
    void packagesFormNoCycle() {
        PackageCycles.assertNoCycles("org.triscale.testbed");
    }
}
