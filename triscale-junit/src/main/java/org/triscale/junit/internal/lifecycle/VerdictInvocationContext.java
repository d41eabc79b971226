package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

import java.util.List;

/** The last invocation, named "verdict": skips the method body and analyses the runs. */
final class VerdictInvocationContext implements TestTemplateInvocationContext {
    private final TemplateState state;
    /** Gives the body that never runs a context that refuses every call. */
    private final Extension parameters;

    VerdictInvocationContext(TemplateState state, Extension parameters) {
        this.state = state;
        this.parameters = parameters;
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        return "verdict";
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return List.of(parameters, new VerdictExecution(state));
    }
}
