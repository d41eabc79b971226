package org.triscale.junit.internal.lifecycle;

import org.triscale.results.internal.recording.RunRecord;
import org.triscale.junit.internal.recording.RunRecorder;
import org.triscale.junit.internal.recording.VerdictRunContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.triscale.junit.RunContext;

/**
 * Resolves {@link RunContext} parameters of the test method and of {@code @BeforeEach}/
 * {@code @AfterEach} methods. The verdict's method body never runs; it gets a context that
 * refuses every call.
 */
final class RunContextResolver implements ParameterResolver {
    private final RunRecord record;

    /** @param record the run, or {@code null} for the verdict */
    RunContextResolver(RunRecord record) {
        this.record = record;
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RunContext.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        if (record == null) {
            return VerdictRunContext.INSTANCE;
        }
        RunRecorder recorder = RunRecorder.of(record);
        if (recorder == null) {
            throw new ParameterResolutionException("the RunContext of " + record.label() + " is closed: its run ended");
        }
        return recorder;
    }
}
