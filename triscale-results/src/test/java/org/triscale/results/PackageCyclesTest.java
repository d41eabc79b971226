package org.triscale.results;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The packages of this module depend on each other in one direction only: no cycle. */
class PackageCyclesTest {

    @Test
    void packagesFormNoCycle() {
        slices().assignedFrom(packagesOf("org.triscale.results")).should().beFreeOfCycles()
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("org.triscale.results"));
    }

    /** The rule is not a formality: two packages that reference each other fail it, naming both. */
    @Test
    void aCycleFailsTheRule() {
        assertThatThrownBy(() -> slices().assignedFrom(packagesOf("org.triscale.results.cyclefixture")).should()
                .beFreeOfCycles().check(new ClassFileImporter().importPackages("org.triscale.results.cyclefixture")))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Cycle detected: Slice org.triscale.results.cyclefixture.a")
                .hasMessageContaining("Slice org.triscale.results.cyclefixture.b");
    }

    /** Each package under the root (the root too) is a slice; other classes are left out. */
    static SliceAssignment packagesOf(String root) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass type) {
                String name = type.getPackageName();
                return name.equals(root) || name.startsWith(root + ".") ? SliceIdentifier.of(name)
                        : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages of " + root;
            }
        };
    }
}
