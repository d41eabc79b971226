package org.triscale.junit;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Registered by every TriScale annotation, so that it also sees methods the extension does not
 * run: fails, before any {@code @BeforeEach} method and the body, a method that carries TriScale
 * annotations without {@code @Runs} (they would be ignored), and a {@code @Runs} method that is
 * also a {@code @Test}, {@code @RepeatedTest}, ... (its body would run outside the runs).
 */
final class UsageCheck implements BeforeEachCallback {

    /** Creates the check; JUnit calls it. */
    UsageCheck() {
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        String testName = context.getRequiredTestClass().getSimpleName() + "." + method.getName();
        Optional<String> problem = AnnotationSupport.isAnnotated(method, Runs.class) ? Annotations.otherTest(method)
                : Optional.of("@Metric, @Kpi, @VariabilityScore, @Series, @ConvergenceRequired and @Baseline apply only"
                        + " to a @Runs method, and this method has no @Runs; add @Runs(kpiPercentile = 75, "
                        + "kpiConfidence = 75) or remove them");
        if (problem.isPresent()) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + testName + ": "
                    + problem.get());
        }
    }
}
