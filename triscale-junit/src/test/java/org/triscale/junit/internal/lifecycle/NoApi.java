package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.triscale.junit.internal.recording.RunRecorder;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.TestSetup;

/**
 * The API side for tests that drive the lifecycle's invocations without a JUnit launch: it
 * resolves no parameter, and any other call is a test's mistake.
 */
final class NoApi implements ApiAdapter {
    static final NoApi INSTANCE = new NoApi();

    private NoApi() {
    }

    @Override
    public TestSetup readSetup(ExtensionContext context) {
        throw new UnsupportedOperationException("the test gives the lifecycle its setup");
    }

    @Override
    public boolean independentRuns(ExtensionContext context) {
        throw new UnsupportedOperationException("no launch");
    }

    @Override
    public boolean isRunContext(Class<?> type) {
        return false;
    }

    @Override
    public Object runContext(RunRecorder recorder) {
        throw new UnsupportedOperationException("no launch");
    }

    @Override
    public ParameterResolver parameters(RunRecord record) {
        return new ParameterResolver() {
            @Override
            public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
                return false;
            }

            @Override
            public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
                throw new UnsupportedOperationException("no parameter");
            }
        };
    }
}
