package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.triscale.testsupport.ApiMarkers;

/**
 * Every public type of the API packages ({@code org.triscale.junit}, {@code .assertions},
 * {@code .sequel}) carries {@code @API} with its {@code since}; {@code internal} is not API.
 */
class ApiMarkersTest {

    @Test
    void everyPublicTypeIsMarked() {
        ApiMarkers.assertEveryPublicTypeMarked("org.triscale.junit");
    }
}
