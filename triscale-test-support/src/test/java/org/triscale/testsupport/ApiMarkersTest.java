package org.triscale.testsupport;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The API-marker rule on fixture packages: it accepts marked types and leaves out nested,
 * non-public and internal ones, and it fails naming each public type without a marker or without
 * its {@code since}.
 */
class ApiMarkersTest {
    private static final String FIXTURE = "org.triscale.testsupport.fixture.";

    private static void checkFixture(String name) {
        ApiMarkers.check(FIXTURE + name, new ClassFileImporter().importPackages(FIXTURE + name));
    }

    @Test
    void acceptsMarkedTypesAndLeavesOutNestedHiddenAndInternalOnes() {
        assertThatCode(() -> checkFixture("marked")).doesNotThrowAnyException();
    }

    @Test
    void namesEachPublicTypeWithoutMarkerOrWithoutSince() {
        assertThatThrownBy(() -> checkFixture("unmarked"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("was violated (2 times)")
                .hasMessageContaining(FIXTURE + "unmarked.Unmarked has no @API")
                .hasMessageContaining(FIXTURE + "unmarked.NoSince has @API without since")
                .hasMessageNotContaining("Fine");
    }

    @Test
    void failsWhenTheRootHoldsNoPublicType() {
        assertThatThrownBy(() -> checkFixture("empty"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("failed to check any classes");
    }

    @Test
    void leavesOutTestClasses() {
        // The fixtures are test classes: the module-facing entry point imports none of them.
        assertThatThrownBy(() -> ApiMarkers.assertEveryPublicTypeMarked(FIXTURE + "unmarked"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("failed to check any classes")
                .hasMessageNotContaining("Unmarked has no @API");
    }

    @Test
    void refusesARootThatIsNoPackageName() {
        assertThatThrownBy(() -> ApiMarkers.assertEveryPublicTypeMarked("org.triscale."))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("root must be a package name such as \"org.triscale.engine\", without a trailing dot;"
                        + " was \"org.triscale.\"");
    }
}
