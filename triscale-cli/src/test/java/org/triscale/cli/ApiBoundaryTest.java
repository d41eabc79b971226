package org.triscale.cli;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The command uses the published API of the other modules only: {@code org.triscale.results} for
 * results, reports and merges, never a package under {@code internal}, which may change in any release.
 */
class ApiBoundaryTest {

    @Test
    void theCommandImportsNoInternalPackage() {
        noClasses().that().resideInAPackage("org.triscale.cli..")
                .should().dependOnClassesThat().resideInAPackage("org.triscale..internal..")
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("org.triscale.cli"));
    }
}
