package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

import java.util.List;

/** The last invocation, named "verdict": skips the method body and analyses the runs. */
final class VerdictInvocationContext implements TestTemplateInvocationContext {
    private final TemplateState state;

    VerdictInvocationContext(TemplateState state) {
        this.state = state;
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        return "verdict";
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return List.of(new RunContextResolver(null), new VerdictExecution(state));
    }
}
