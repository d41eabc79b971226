package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

import java.lang.reflect.Method;

/**
 * An invocation that runs no user code: a series' KPI checks and the verdict skip the
 * {@code @BeforeEach} and {@code @AfterEach} methods (the method body is skipped by each).
 */
interface BodylessInvocation extends InvocationInterceptor {

    @Override
    default void interceptBeforeEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
                                           ExtensionContext context) {
        invocation.skip();
    }

    @Override
    default void interceptAfterEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
                                          ExtensionContext context) {
        invocation.skip();
    }
}
