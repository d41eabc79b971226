package org.triscale.samples;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;
import org.triscale.samples.ns3.Ns3;

/**
 * Runs a test class only where ns-3 is installed. Without ns-3 the class is disabled with the
 * message saying how to install it, so that Surefire and IDEs list its tests as skipped with that
 * reason; with {@code triscale.samples.backend=ns3} (a system property, a configuration parameter, or
 * the environment variable {@code TRISCALE_SAMPLES_BACKEND}) a missing ns-3 fails the class instead.
 *
 * <p>A condition rather than an assumption in the test: a TriScale test whose runs all abort would
 * fail its verdict (no valid runs), and an aborted {@code @BeforeAll} leaves no trace in
 * Surefire's report.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresNs3.Condition.class)
@interface RequiresNs3 {

    /** Enabled when ns-3 is found; disabled with the install hint, or failing when ns-3 is required. */
    final class Condition implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            // The backend reads the system property and the environment; a configuration parameter
            // (junit-platform.properties) may demand ns-3 too.
            boolean required = Ns3.required() || context.getConfigurationParameter(Ns3.BACKEND_PROPERTY)
                    .map(value -> value.trim().equalsIgnoreCase("ns3")).orElse(false);
            try {
                Ns3.requireOrSkip(required, TestAbortedException::new);
                return ConditionEvaluationResult.enabled("ns-3 is installed");
            } catch (TestAbortedException missing) {
                return ConditionEvaluationResult.disabled(missing.getMessage());
            }
        }
    }
}
