package org.triscale.samples;

import org.junit.jupiter.api.Test;
import org.triscale.testsupport.PackageCycles;

/**
 * The samples' packages, their tests included (the samples are tests), depend on each other in
 * one direction only: a user copying one package needs only the packages below it.
 */
class PackageCyclesTest {

    @Test
    void packagesFormNoCycle() {
        PackageCycles.assertNoCyclesIncludingTests("org.triscale.samples");
    }
}
