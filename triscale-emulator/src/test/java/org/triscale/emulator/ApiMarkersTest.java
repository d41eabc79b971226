package org.triscale.emulator;

import org.junit.jupiter.api.Test;
import org.triscale.testsupport.ApiMarkers;

/**
 * Every public top-level type of this module carries {@code @API} with its {@code since}
 * (INTERNAL where it is public only for the project's own packages).
 */
class ApiMarkersTest {

    @Test
    void everyPublicTypeIsMarked() {
        ApiMarkers.assertEveryPublicTypeMarked("org.triscale.emulator");
    }
}
