package org.triscale.junit;

import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks how a {@code @Runs} method is annotated, beyond the attributes: no other kind of test
 * (whose body would run outside the extension), each single annotation once (directly or through
 * a composed annotation), and no overloaded {@code @Runs} method (which would share result files,
 * baselines, history and seeds).
 */
final class Annotations {
    /** Jupiter annotations that make a method a test of another kind, by name (params is optional). */
    private static final List<String> OTHER_TESTS = List.of("org.junit.jupiter.api.Test",
            "org.junit.jupiter.api.RepeatedTest", "org.junit.jupiter.api.TestFactory",
            "org.junit.jupiter.params.ParameterizedTest");
    private static final List<Class<? extends Annotation>> SINGLE = List.of(Runs.class, Series.class,
            ConvergenceRequired.class, Baseline.class);

    private Annotations() {
    }

    /** The first problem with the annotations of a {@code @Runs} method, if any. */
    static Optional<String> checkUsage(Method method, Class<?> testClass) {
        Optional<String> otherTest = otherTest(method);
        if (otherTest.isPresent()) {
            return otherTest;
        }
        for (Class<? extends Annotation> type : SINGLE) {
            int count = count(method, type, new HashSet<>());
            if (count > 1) {
                return Optional.of("@" + type.getSimpleName() + " is present " + count + " times (directly and "
                        + "through composed annotations); keep one, since only one of them could apply");
            }
        }
        List<Method> overloads = ReflectionSupport.findMethods(testClass,
                other -> other.getName().equals(method.getName()) && AnnotationSupport.isAnnotated(other, Runs.class),
                HierarchyTraversalMode.TOP_DOWN);
        if (overloads.size() > 1) {
            return Optional.of("@Runs methods named " + method.getName() + " are overloaded ("
                    + overloads.stream().map(Annotations::signature).collect(Collectors.joining(", "))
                    + "); they would share result files, baselines, history and seeds, so give each a unique name");
        }
        return Optional.empty();
    }

    /** The message for a {@code @Runs} method that is also another kind of test, if it is. */
    static Optional<String> otherTest(Method method) {
        List<String> found = new ArrayList<>();
        collect(method, new HashSet<>(), found);
        return found.isEmpty() ? Optional.empty() : Optional.of("@Runs cannot be combined with " + String.join(", ", found)
                + ": JUnit would run the method outside TriScale's runs; remove " + String.join(", ", found));
    }

    private static void collect(AnnotatedElement element, Set<Class<?>> visited, List<String> found) {
        for (Annotation annotation : element.getAnnotations()) {
            Class<? extends Annotation> type = annotation.annotationType();
            if (OTHER_TESTS.contains(type.getName())) {
                found.add("@" + type.getSimpleName());
            } else if (!type.getName().startsWith("java.") && visited.add(type)) {
                collect(type, visited, found);
            }
        }
    }

    /** How often {@code type} is present on {@code element}, directly or through meta-annotations. */
    private static int count(AnnotatedElement element, Class<? extends Annotation> type, Set<Class<?>> path) {
        int count = 0;
        for (Annotation annotation : element.getAnnotations()) {
            Class<? extends Annotation> found = annotation.annotationType();
            if (found == type) {
                count++;
            } else if (!found.getName().startsWith("java.") && path.add(found)) {
                count += count(found, type, path);
                path.remove(found);
            }
        }
        return count;
    }

    private static String signature(Method method) {
        return method.getName() + "(" + Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName)
                .collect(Collectors.joining(", ")) + ")";
    }
}
