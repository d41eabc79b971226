package org.triscale.junit.internal.setup;

import org.triscale.junit.internal.gate.GateSpec;
import org.triscale.engine.analysis.ConvergenceSpec;

import java.util.List;
import java.util.Optional;

/**
 * The validated annotations of one test method: how many runs and series, which metrics, KPIs and
 * scores.
 *
 * @param testClass         fully qualified name of the test class
 * @param testMethod        the method's name
 * @param testName          {@code SimpleClass.method}, for messages
 * @param runsPercentile    {@code @Runs} percentile
 * @param runsConfidence    {@code @Runs} confidence
 * @param robustness        {@code @Runs} robustness
 * @param runsPerSeries     number of runs in each series
 * @param sizedRuns         minimal runs per series for {@code @Runs}'s percentile and confidence
 * @param seriesCount       number of series
 * @param seriesPercentile  {@code @Series} percentile
 * @param seriesConfidence  {@code @Series} confidence
 * @param convergence       the convergence test, when required
 * @param metrics           the metrics, in declaration order
 * @param kpis              the KPIs, in declaration order
 * @param scores            the variability scores, in declaration order
 * @param settings          configuration parameters in force
 * @param gate              the regression gate ({@code @Baseline}), when present
 */
public record TestSetup(String testClass, String testMethod, String testName,
                 double runsPercentile, double runsConfidence, int robustness, int runsPerSeries, int sizedRuns,
                 int seriesCount, double seriesPercentile, double seriesConfidence,
                 Optional<ConvergenceSpec> convergence, List<MetricSpec> metrics, List<KpiSpec> kpis,
                 List<ScoreSpec> scores, Settings settings, Optional<GateSpec> gate) {

    public TestSetup {
        metrics = List.copyOf(metrics);
        kpis = List.copyOf(kpis);
        scores = List.copyOf(scores);
    }

    /** Total number of runs over all series. */
    public int totalRuns() {
        return seriesCount * runsPerSeries;
    }

    /** The metric with this name, or {@code null}. */
    public MetricSpec metric(String name) {
        for (MetricSpec metric : metrics) {
            if (metric.name().equals(name)) {
                return metric;
            }
        }
        return null;
    }

    /** The declared metric names, comma-separated, for messages. */
    public String metricNames() {
        if (metrics.isEmpty()) {
            return "(none: add @Metric)";
        }
        StringBuilder names = new StringBuilder();
        for (MetricSpec metric : metrics) {
            names.append(names.length() > 0 ? ", " : "").append(metric.name());
        }
        return names.toString();
    }
}
