package org.triscale.results.internal.report;

/**
 * The kinds of chart of a test's report page, each with the section it goes in. A new chart adds
 * its kind here: {@link #heading(boolean)} is an exhaustive switch, so the compiler asks for its
 * section rather than filing it under another.
 */
enum ChartKind {
    /** A KPI's run metrics and its bound. */
    KPI("kpi"),
    /** The series KPIs and the variability score. */
    SCORE("score"),
    /** An adaptive series' anytime-valid bounds run by run. */
    SEQUENTIAL("sequential"),
    /** Adaptive series' anytime-valid bounds of the variability score. */
    SEQUENTIAL_SCORE("sequential-score"),
    /** The regression gate's change. */
    GATE("gate"),
    /** The history of a gated KPI. */
    HISTORY("history"),
    /** The autocorrelation of the run metrics. */
    ACF("acf"),
    /** The distribution of each run's samples. */
    CDF("cdf"),
    /** One run's samples with their trend. */
    SAMPLES("samples");

    private final String attribute;

    ChartKind(String attribute) {
        this.attribute = attribute;
    }

    /** @return the page's {@code data-chart} attribute, e.g. {@code sequential-score} */
    String attribute() {
        return attribute;
    }

    /**
     * The heading of the section the chart goes in.
     *
     * @param adaptiveRuns whether the test's runs were adaptive (its KPI charts show each series' KPI)
     * @return the heading
     */
    String heading(boolean adaptiveRuns) {
        return switch (this) {
            case KPI -> "KPIs: run metrics and " + (adaptiveRuns ? "each series' KPI" : "Thompson bounds");
            case SCORE -> "Variability: series KPIs and scores";
            case SEQUENTIAL, SEQUENTIAL_SCORE -> "Adaptive stopping: anytime-valid bounds";
            case GATE -> "Regression gate";
            case HISTORY -> "History of the gated KPIs";
            case ACF -> "Independence of the runs";
            case CDF -> "Distributions";
            case SAMPLES -> "Convergence: samples of each run";
        };
    }
}
