package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.triscale.testsupport.PackageCycles;

/**
 * The packages of this module depend on each other in one direction only: no cycle, and no
 * exception. The annotations name only the package-private extension beside them, and the
 * {@code internal} packages reach the API only through interfaces the extension implements.
 */
class PackageCyclesTest {

    @Test
    void packagesFormNoCycle() {
        PackageCycles.assertNoCycles("org.triscale.junit");
    }
}
