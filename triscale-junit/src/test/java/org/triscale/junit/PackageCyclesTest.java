package org.triscale.junit;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import org.junit.jupiter.api.Test;
import org.triscale.testsupport.PackageCycles;

/**
 * The packages of this module depend on each other in one direction only: no cycle. An annotation
 * naming the extension that implements it ({@code @ExtendWith(TriscaleExtension.class)} on
 * {@code @Runs}) is JUnit's wiring, not a dependency of the API on the extension's code: those
 * references are left out.
 */
class PackageCyclesTest {

    @Test
    void packagesFormNoCycle() {
        PackageCycles.assertNoCycles("org.triscale.junit",
                DescribedPredicate.describe("the API's annotations",
                        (JavaClass type) -> type.isAnnotation() && type.getPackageName().equals("org.triscale.junit")),
                DescribedPredicate.describe("JUnit extensions", (JavaClass type) -> type.getRawInterfaces()
                        .stream().anyMatch(extension -> extension.getPackageName()
                                .equals("org.junit.jupiter.api.extension"))));
    }
}
