package org.triscale.junit.internal.lifecycle;

import org.triscale.results.internal.recording.RunRecord;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

import java.util.List;

/**
 * One run: named "series 2/5 · run 3/5" ("run 3 of max 40" for adaptive runs, "series 2 of max 20"
 * for adaptive series; "· reference" or "· candidate" for an arm of an interleaved pair); resolves its {@code RunContext} and records its outcome.
 */
final class RunInvocationContext implements TestTemplateInvocationContext {
    private final TemplateState state;
    private final RunRecord record;
    /** Resolves the run's {@code RunContext} and arm. */
    private final Extension parameters;

    RunInvocationContext(TemplateState state, RunRecord record, Extension parameters) {
        this.state = state;
        this.record = record;
        this.parameters = parameters;
    }

    /** The run this invocation executes. */
    RunRecord record() {
        return record;
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        return "series " + record.series + (state.setup.adaptiveSeries() ? " of max " : "/") + state.setup.seriesCount()
                + " · run " + record.run
                + (state.setup.adaptive() ? " of max " : "/") + state.setup.runsPerSeries()
                + (state.interleaved() ? " · " + state.arm(record).name().toLowerCase(java.util.Locale.ROOT) : "");
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return List.of(parameters, new RunExecution(state, record));
    }
}
