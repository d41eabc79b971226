package org.triscale.testsupport;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SliceRule;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The rule every module's {@code PackageCyclesTest} checks: the packages of a module, its root
 * package included, depend on each other in one direction only (they form a DAG). Each package
 * under the root is one slice; classes outside the root are left out, and so are test classes.
 */
public final class PackageCycles {

    private PackageCycles() {
    }

    /**
     * Fails with ArchUnit's report of every cycle if the packages under {@code root} form one.
     *
     * @param root the module's root package, for example {@code "org.triscale.engine"}
     * @throws AssertionError naming the cycles found
     */
    public static void assertNoCycles(String root) {
        check(root, rule(root));
    }

    /**
     * As {@link #assertNoCycles(String)}, but dependencies from classes matching {@code origin} to
     * classes matching {@code target} do not count (for example JUnit's annotations naming their
     * extension classes, which the module loads reflectively).
     *
     * @param root the module's root package
     * @param origin the classes whose dependencies are left out, described for the report
     * @param target the classes they may depend on without counting
     * @throws AssertionError naming the cycles found
     */
    public static void assertNoCycles(String root, DescribedPredicate<? super JavaClass> origin,
            DescribedPredicate<? super JavaClass> target) {
        check(root, rule(root).ignoreDependency(origin, target));
    }

    /**
     * As {@link #assertNoCycles(String)}, with the test classes too: for a module whose code is
     * its tests (the samples), whose packages users read and copy.
     *
     * @param root the module's root package
     * @throws AssertionError naming the cycles found
     */
    public static void assertNoCyclesIncludingTests(String root) {
        rule(root).check(new ClassFileImporter().importPackages(root));
    }

    private static SliceRule rule(String root) {
        if (root == null || root.isBlank() || root.endsWith(".")) {
            throw new IllegalArgumentException("root must be a package name such as \"org.triscale.engine\","
                    + " without a trailing dot; was " + (root == null ? "null" : "\"" + root + "\""));
        }
        return slices().assignedFrom(packagesOf(root)).should().beFreeOfCycles();
    }

    private static void check(String root, SliceRule rule) {
        rule.check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(root));
    }

    /** Each package under the root (the root too) is a slice; other classes are left out. */
    private static SliceAssignment packagesOf(String root) {
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
