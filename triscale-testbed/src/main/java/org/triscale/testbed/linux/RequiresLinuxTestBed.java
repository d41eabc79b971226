package org.triscale.testbed.linux;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Runs a test class or method only where a {@link LinuxTestBed} with these pieces can be made;
 * otherwise it is skipped with what is missing and what was tried, e.g. "qdisc dualpi2 not in this
 * kernel (tried: ip netns exec ... tc qdisc add dev lo root dualpi2 → Error: Specified qdisc kind is unknown.)".
 *
 * @since 0.3.0
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresLinuxTestBed.Condition.class)
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
// JUnit Jupiter is an optional module: the annotation and its condition are for JUnit tests only (by design).
@SuppressWarnings("exports")
public @interface RequiresLinuxTestBed {
    /** @return qdisc kernel names needed besides htb (e.g. {@code "fq_codel"}, {@code "netem"}) */
    String[] qdisc() default {};

    /** @return congestion controls the kernel must have (the long flows set them per socket) */
    String[] cca() default {};

    /** @return congestion controls a sender namespace must take as its default (the flows of a workload) */
    String[] namespaceCca() default {};

    /** @return programs needed, e.g. {@code "iperf3"} for long flows */
    String[] tool() default {};

    /** Probes with {@link LinuxCapabilities}. */
    final class Condition implements ExecutionCondition {
        /** Creates the condition (JUnit does). */
        public Condition() {
        }

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            // Sets: a class's own context has the class as its element too, and a method may repeat
            // what its class needs; each missing piece is named once.
            Set<String> qdiscs = new LinkedHashSet<>(List.of("htb"));
            Set<String> ccas = new LinkedHashSet<>();
            Set<String> namespaceCcas = new LinkedHashSet<>();
            Set<String> tools = new LinkedHashSet<>();
            for (var element : List.of(context.getRequiredTestClass(), context.getElement().orElse(null))) {
                if (element != null) {
                    AnnotationSupport.findAnnotation(element, RequiresLinuxTestBed.class).ifPresent(a -> {
                        qdiscs.addAll(List.of(a.qdisc()));
                        ccas.addAll(List.of(a.cca()));
                        namespaceCcas.addAll(List.of(a.namespaceCca()));
                        tools.addAll(List.of(a.tool()));
                    });
                }
            }
            List<String> missing = LinuxCapabilities.probe().missing(new LinuxCapabilities.Requirement(
                    List.copyOf(qdiscs), List.copyOf(ccas), List.copyOf(namespaceCcas), List.copyOf(tools)));
            return missing.isEmpty()
                    ? ConditionEvaluationResult.enabled("Linux test bed with " + qdiscs + " " + ccas + " " + namespaceCcas + " " + tools)
                    : ConditionEvaluationResult.disabled(String.join("; ", missing));
        }
    }
}
