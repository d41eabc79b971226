package org.triscale.samples.linux;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.triscale.testbed.linux.LinuxCapabilities;

/**
 * Where a sample's runs go, chosen by one parameter: {@value #PARAMETER} = {@code emulator} (the
 * default) or {@code linux}, as a system property ({@code -Dtriscale.samples.backend=linux}), a
 * JUnit configuration parameter or the environment variable {@code TRISCALE_SAMPLES_BACKEND}, the
 * same key as the ns-3 samples' {@code ns3} (this sample has no ns-3 variant: {@code ns3} runs its
 * emulator variant). A test method takes the backend as a parameter ({@link Select} resolves it).
 */
enum Backend {
    /** The embedded emulator: deterministic, milliseconds per run, runs everywhere. */
    EMULATOR,
    /** Kernel TCP on a {@code LinuxDumbbell}: needs root, namespaces, the CCAs and iperf3. */
    LINUX;

    /** The parameter that chooses the backend. */
    static final String PARAMETER = "triscale.samples.backend";

    /**
     * @param value the parameter's value; empty for the default
     * @return the backend it names
     * @throws IllegalArgumentException for a value that names none
     */
    static Backend of(Optional<String> value) {
        String v = value.map(s -> s.trim().toLowerCase(Locale.ROOT)).orElse("");
        return switch (v) {
            case "", "emulator", "ns3" -> EMULATOR;
            case "linux" -> LINUX;
            default -> throw new IllegalArgumentException(PARAMETER + " = '" + value.orElseThrow()
                    + "' names no backend of this sample; use emulator (the default) or linux");
        };
    }

    /** @return the backend the configuration of this test run names */
    static Backend of(ExtensionContext context) {
        return of(context.getConfigurationParameter(PARAMETER)
                .or(() -> Optional.ofNullable(System.getenv("TRISCALE_SAMPLES_BACKEND")).filter(s -> !s.isBlank())));
    }

    /**
     * Runs a class on the configured backend: with {@code linux}, disabled with the reason where
     * the Linux test bed lacks a piece the class names ({@link #qdisc}, {@link #cca},
     * {@link #namespaceCca}, {@link #tool}); resolves a {@link Backend} parameter. A condition rather
     * than an assumption in the test: a TriScale test whose runs all abort fails its verdict.
     */
    @Target(ElementType.TYPE)
    @Retention(RetentionPolicy.RUNTIME)
    @ExtendWith(Select.class)
    @interface OnConfiguredBackend {
        /** @return qdiscs the Linux variant needs besides htb */
        String[] qdisc() default {};

        /** @return congestion controls its long flows need */
        String[] cca() default {};

        /** @return congestion controls its workload's sender namespace needs as default */
        String[] namespaceCca() default {};

        /** @return programs it needs */
        String[] tool() default {};
    }

    /** The condition and parameter resolver of {@link OnConfiguredBackend}. */
    static final class Select implements ExecutionCondition, ParameterResolver {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            Backend backend;
            try {
                backend = of(context);
            } catch (IllegalArgumentException e) {
                return ConditionEvaluationResult.enabled(e.getMessage()); // fails at parameter resolution, with this message
            }
            if (backend == EMULATOR) {
                return ConditionEvaluationResult.enabled("backend emulator");
            }
            OnConfiguredBackend needs = context.getRequiredTestClass().getAnnotation(OnConfiguredBackend.class);
            List<String> qdiscs = new java.util.ArrayList<>(List.of("htb"));
            qdiscs.addAll(List.of(needs.qdisc()));
            List<String> missing = LinuxCapabilities.probe().missing(new LinuxCapabilities.Requirement(qdiscs,
                    List.of(needs.cca()), List.of(needs.namespaceCca()), List.of(needs.tool())));
            return missing.isEmpty() ? ConditionEvaluationResult.enabled("backend linux")
                    : ConditionEvaluationResult.disabled("backend linux: " + String.join("; ", missing));
        }

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == Backend.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            try {
                return of(context);
            } catch (IllegalArgumentException e) {
                throw new ParameterResolutionException(e.getMessage(), e);
            }
        }
    }
}
