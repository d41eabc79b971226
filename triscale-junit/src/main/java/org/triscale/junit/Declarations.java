package org.triscale.junit;

import org.triscale.results.internal.setup.KpiSpec;
import org.triscale.results.internal.setup.Metrics;
import org.triscale.results.internal.setup.ScoreSpec;

import java.util.List;

/**
 * What a {@code @Runs} method declares that {@link GateSpecReader} reads {@code @Baseline} against,
 * handed over by {@link SetupReader} once it has read and checked them: the test class, the
 * declared metrics, KPIs and scores, and the size of the sequel. It also holds the one message for
 * an attribute that names no declared metric, which both readers give.
 *
 * @param testClass        the test class's name, the folder of its baseline and history files
 * @param metrics          the declared metrics
 * @param kpis             the declared KPIs
 * @param scores           the declared variability scores
 * @param seriesCount      the number of series
 * @param seriesPercentile the percentile of the series' KPIs (of the scores without their own)
 * @param seriesConfidence the confidence of the series' KPIs (of the scores without their own)
 * @param runsPerSeries    the runs of each series
 */
record Declarations(String testClass, Metrics metrics, List<KpiSpec> kpis, List<ScoreSpec> scores,
                           int seriesCount, double seriesPercentile, double seriesConfidence, int runsPerSeries) {

    /** Copies the lists: the declarations do not change. */
    public Declarations {
        kpis = List.copyOf(kpis);
        scores = List.copyOf(scores);
    }

    /**
     * The message for an attribute that names no declared metric: the declared ones, and the fix.
     *
     * @param attribute the annotation and attribute up to the value, e.g. {@code @Kpi(metric}
     * @param name      the name it gives
     * @param metrics   the declared metrics
     * @return the message
     */
    static String notDeclared(String attribute, String name, Metrics metrics) {
        return attribute + " = \"" + name + "\") names no declared metric; declared: " + metrics.names()
                + ". Fix the name or add @Metric(name = \"" + name + "\", ...)";
    }
}
