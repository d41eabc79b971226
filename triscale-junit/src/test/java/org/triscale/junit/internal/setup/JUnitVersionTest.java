package org.triscale.junit.internal.setup;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JUnitVersionTest {
    @Test
    void refusesJupiterAndPlatformOlderThan514() {
        assertThat(JUnitVersion.problem("JUnit Jupiter", "5.13.4", 5)).get().asString()
                .isEqualTo("TriScale for JUnit needs JUnit Jupiter 5.14 (Platform 1.14) or 6.x, but JUnit Jupiter"
                        + " 5.13.4 is on the class path; import the junit-bom 5.14.x or 6.x in your POM's"
                        + " dependencyManagement");
        assertThat(JUnitVersion.problem("JUnit Platform", "1.10.0", 1)).isPresent();
        assertThat(JUnitVersion.problem("JUnit Jupiter", "4.13", 5)).isPresent();
    }

    @Test
    void acceptsSupportedAndUnknownVersions() {
        assertThat(JUnitVersion.problem("JUnit Jupiter", "5.14.0", 5)).isEmpty();
        assertThat(JUnitVersion.problem("JUnit Jupiter", "6.1.3", 5)).isEmpty();
        assertThat(JUnitVersion.problem("JUnit Platform", "1.14.4", 1)).isEmpty();
        assertThat(JUnitVersion.problem("JUnit Platform", "6.0.0-M1", 1)).isEmpty();
        assertThat(JUnitVersion.problem("JUnit Jupiter", null, 5)).isEmpty();
        assertThat(JUnitVersion.problem("JUnit Jupiter", "dev", 5)).isEmpty();
    }
}
