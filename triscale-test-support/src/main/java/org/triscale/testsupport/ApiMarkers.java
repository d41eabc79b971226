package org.triscale.testsupport;

import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import java.util.Optional;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

/**
 * The rule every published module's {@code ApiMarkersTest} checks: each public top-level type of
 * its main code outside an {@code internal} package carries apiguardian's {@code @API} with a
 * {@code since} version, so that a user sees how stable a type is (as in JUnit's own jars) and a
 * new public type cannot ship without a decision. Nested types follow their enclosing type and
 * need no marker of their own; types under a package named {@code internal} are not API.
 *
 * <p>The annotation is matched by its name, so this module does not depend on apiguardian.
 */
public final class ApiMarkers {
    /** The marker's type, as the class files name it. */
    static final String API = "org.apiguardian.api.API";

    private ApiMarkers() {
    }

    /**
     * Fails naming each public top-level type under {@code root} (its sub-packages included,
     * packages named {@code internal} and their sub-packages left out) that has no {@code @API} or
     * whose {@code @API} gives no {@code since}. Test classes are not imported.
     *
     * @param root the module's root package, for example {@code "org.triscale.engine"}
     * @throws AssertionError naming every type without the marker, or if {@code root} holds no
     *         public type at all (a misspelt root checks nothing)
     */
    public static void assertEveryPublicTypeMarked(String root) {
        requireRoot(root);
        check(root, new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(root));
    }

    /** The rule on classes already imported: the rule's own test gives it fixture classes. */
    static void check(String root, JavaClasses imported) {
        requireRoot(root);
        classes().that().resideInAPackage(root + "..")
                .and().resideOutsideOfPackage("..internal..")
                .and().arePublic()
                .and().areTopLevelClasses()
                .should(carryApiWithSince())
                .because("a public type outside an internal package is API and says how stable it is")
                .check(imported);
    }

    private static void requireRoot(String root) {
        if (root == null || root.isBlank() || root.endsWith(".")) {
            throw new IllegalArgumentException("root must be a package name such as \"org.triscale.engine\","
                    + " without a trailing dot; was " + (root == null ? "null" : "\"" + root + "\""));
        }
    }

    private static ArchCondition<JavaClass> carryApiWithSince() {
        return new ArchCondition<>("carry @API(status = ..., since = \"...\")") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                Optional<JavaAnnotation<JavaClass>> api = type.tryGetAnnotationOfType(API);
                if (api.isEmpty()) {
                    events.add(SimpleConditionEvent.violated(type, type.getName()
                            + " has no @API: add @API(status = API.Status.EXPERIMENTAL, since = \"<version>\")"
                            + " (INTERNAL if it is public only for the project's own packages)"));
                } else if (api.get().get("since").map(String::valueOf).filter(since -> !since.isBlank()).isEmpty()) {
                    events.add(SimpleConditionEvent.violated(type, type.getName()
                            + " has @API without since: give the version that introduced its status,"
                            + " e.g. since = \"0.3.0\""));
                }
            }
        };
    }
}
