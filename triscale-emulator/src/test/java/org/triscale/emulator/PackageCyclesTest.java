package org.triscale.emulator;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The packages of this module, the root included, depend on each other in one direction only: no
 * cycle. The value types every package uses ({@code Rate}, {@code Ecn} …) live in {@code base},
 * below the root that assembles a scenario from {@code link}, {@code queue} and {@code workload}.
 */
class PackageCyclesTest {

    @Test
    void packagesFormNoCycle() {
        slices().assignedFrom(packagesOf("org.triscale.emulator")).should().beFreeOfCycles()
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("org.triscale.emulator"));
    }

    /** Each package under the root (the root too) is a slice; other classes are left out. */
    static SliceAssignment packagesOf(String root) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass type) {
                String name = type.getPackageName();
                return name.startsWith(root) ? SliceIdentifier.of(name)
                        : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages of " + root;
            }
        };
    }
}
