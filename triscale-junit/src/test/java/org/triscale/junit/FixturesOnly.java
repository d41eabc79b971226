package org.triscale.junit;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a fixture class: it runs only inside the tests' own launches (through {@link Kit}), which
 * set the configuration parameter {@value #PARAMETER}; an IDE or build that discovers it directly
 * skips it.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(FixturesOnly.Condition.class)
public @interface FixturesOnly {
    /** The configuration parameter that enables fixtures. */
    String PARAMETER = "triscale.test.fixtures";

    /** Enables fixtures only when {@value #PARAMETER} is {@code true}. */
    final class Condition implements ExecutionCondition {
        /** Creates the condition (JUnit does). */
        public Condition() {
        }

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(PARAMETER).map(Boolean::parseBoolean).orElse(false)
                    ? ConditionEvaluationResult.enabled("fixture run by a test")
                    : ConditionEvaluationResult.disabled("fixture: runs only inside the extension's tests");
        }
    }
}
