package org.triscale.results;

import org.junit.jupiter.api.Test;
import org.triscale.testsupport.ApiMarkers;

/**
 * Every public type of the API package {@code org.triscale.results} carries {@code @API} with
 * its {@code since}; {@code internal} is not API.
 */
class ApiMarkersTest {

    @Test
    void everyPublicTypeIsMarked() {
        ApiMarkers.assertEveryPublicTypeMarked("org.triscale.results");
    }
}
