package org.triscale.samples;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The samples are what users copy: they use the published API only ({@code org.triscale.junit},
 * its {@code assertions} and {@code sequel}, the emulator, the engine, the test bed), never a
 * package under {@code internal}.
 */
class ApiBoundaryTest {

    @Test
    void theSamplesImportNoInternalPackage() {
        noClasses().that().resideInAPackage("org.triscale.samples..")
                .should().dependOnClassesThat().resideInAPackage("org.triscale..internal..")
                .check(new ClassFileImporter().importPackages("org.triscale.samples"));
    }
}
