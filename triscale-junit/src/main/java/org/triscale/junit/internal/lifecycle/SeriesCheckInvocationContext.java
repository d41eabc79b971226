package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

import java.util.List;

/**
 * The invocation after the last run of a series, named "series 2/5 · KPI checks" ("series 2 of max
 * 20 · KPI checks" for adaptive series): skips the method body and passes or fails with that
 * series' KPIs, so that a failing series is a failed test that every report counts alike.
 */
final class SeriesCheckInvocationContext implements TestTemplateInvocationContext {
    /** What follows the series in the display name. */
    static final String NAME = "KPI checks";
    private final TemplateState state;
    private final int series;
    /** Gives the body that never runs a context that refuses every call. */
    private final Extension parameters;

    SeriesCheckInvocationContext(TemplateState state, int series, Extension parameters) {
        this.state = state;
        this.series = series;
        this.parameters = parameters;
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        return name(state, series);
    }

    /** {@code "series 2/5 · KPI checks"}: the display name, also the first words of its failure. */
    static String name(TemplateState state, int series) {
        return "series " + series + (state.setup.adaptiveSeries() ? " of max " : "/") + state.setup.seriesCount()
                + " · " + NAME;
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return List.of(parameters, new SeriesCheckExecution(state, series));
    }
}
