package org.triscale.testbed;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The committed tool outputs under src/test/resources/fixtures (see the README there). */
final class Fixtures {
    private Fixtures() {
    }

    static Path path(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/fixtures/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
