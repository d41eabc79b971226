package org.triscale.junit;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;
import org.triscale.junit.internal.lifecycle.ApiAdapter;
import org.triscale.junit.internal.lifecycle.Templates;
import org.triscale.junit.internal.recording.RunRecorder;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.TestSetup;

import java.util.stream.Stream;

/**
 * The JUnit Jupiter extension behind {@link Runs}, registered by it: package-private beside the
 * annotations (as JUnit's own and junit-pioneer's extensions are), so that no annotation names an
 * internal class. It reads the annotations and makes the {@link RunContext}; the lifecycle
 * ({@code internal.lifecycle.Templates}) does the rest and reaches the API only through the
 * {@link ApiAdapter} this class gives it.
 */
final class TriscaleExtension implements TestTemplateInvocationContextProvider, ExecutionCondition {
    private final Templates templates = new Templates(new Adapter());

    /** Creates the extension; JUnit calls it reflectively. */
    TriscaleExtension() {
    }

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(method -> AnnotationSupport.isAnnotated(method, Runs.class)).orElse(false);
    }

    @Override
    public boolean mayReturnZeroTestTemplateInvocationContexts(ExtensionContext context) {
        return templates.mayReturnZeroInvocations(context);
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return templates.executionCondition(context);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        return templates.invocations(context);
    }

    /** The annotations and the {@code RunContext}, as the lifecycle needs them. */
    private static final class Adapter implements ApiAdapter {

        @Override
        public TestSetup readSetup(ExtensionContext context) {
            return SetupReader.read(context);
        }

        @Override
        public boolean independentRuns(ExtensionContext context) {
            return AnnotationSupport.findAnnotation(context.getRequiredTestMethod(), Runs.class).map(Runs::independent)
                    .orElse(false);
        }

        @Override
        public boolean isRunContext(Class<?> type) {
            return RunContext.class.isAssignableFrom(type);
        }

        @Override
        public Object runContext(RunRecorder recorder) {
            return RecordingRunContext.of(recorder);
        }

        @Override
        public ParameterResolver parameters(RunRecord record) {
            return new RunContextResolver(record);
        }
    }
}
