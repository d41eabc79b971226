package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestWatcher;

import java.lang.reflect.Method;
import java.util.Optional;

/**
 * The verdict invocation: skips the method body and the {@code @BeforeEach}/{@code @AfterEach}
 * methods, then judges the runs.
 */
final class VerdictExecution implements BodylessInvocation, TestWatcher {
    private final TemplateState state;

    VerdictExecution(TemplateState state) {
        this.state = state;
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
                                            ExtensionContext context) {
        invocation.skip();
        state.verdictExecuted();
        VerdictPublisher.publish(state, context);
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
        state.verdictExecuted();
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        state.verdictExecuted();
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        state.verdictExecuted();
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        state.verdictExecuted();
    }
}
