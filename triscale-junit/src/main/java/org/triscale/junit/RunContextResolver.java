package org.triscale.junit;

import org.triscale.results.internal.recording.RunRecord;
import org.triscale.junit.internal.recording.RunRecorder;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves {@link RunContext} parameters of the test method and of {@code @BeforeEach}/
 * {@code @AfterEach} methods, and the {@link Baseline.Arm} of an interleaved run. The verdict's method body never runs; it gets a context that
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
        Class<?> type = parameter.getParameter().getType();
        return type == RunContext.class || type == Baseline.Arm.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        boolean arm = parameter.getParameter().getType() == Baseline.Arm.class;
        if (record == null) {
            // The verdict's body never runs: any arm will do, the context refuses every call.
            return arm ? Baseline.Arm.CANDIDATE : VerdictRunContext.INSTANCE;
        }
        RunRecorder recorder = RunRecorder.of(record);
        if (recorder == null) {
            throw new ParameterResolutionException("the RunContext of " + record.label() + " is closed: its run ended");
        }
        return arm ? RecordingRunContext.arm(recorder) : RecordingRunContext.of(recorder);
    }
}
