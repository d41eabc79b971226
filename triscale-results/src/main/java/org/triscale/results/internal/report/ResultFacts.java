package org.triscale.results.internal.report;

import org.triscale.results.internal.common.Format;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.model.TestResult;

import java.util.ArrayList;
import java.util.List;

/**
 * What the tables, summaries and pages say about a {@link TestResult}: the deciding value of each
 * KPI over its series, thresholds and values with units.
 */
final class ResultFacts {
    private ResultFacts() {
    }

    /** The name of an enum constant; empty for null. */
    static String text(Enum<?> value) {
        return value == null ? "" : value.name();
    }

    /** The text; empty for null. */
    static String text(String value) {
        return value == null ? "" : value;
    }

    /** Whether a verdict, or a comparison's outcome, is {@code PASSED}. */
    static boolean passed(TestResult.VerdictStatus status) {
        return status == TestResult.VerdictStatus.PASSED;
    }

    /** Whether a run is {@code PASSED}. */
    static boolean passed(RunStatus status) {
        return status == RunStatus.PASSED;
    }

    /** Whether a KPI's side is {@code UPPER}. */
    static boolean upper(Side side) {
        return side == Side.UPPER;
    }

    /** Whether a gated metric's direction is {@code LOWER_IS_BETTER}. */
    static boolean lowerIsBetter(Direction direction) {
        return direction == Direction.LOWER_IS_BETTER;
    }

    /** The test's short name: {@code SimpleClass.method}, {@code SimpleClass.method[cell]} in a grid. */
    static String name(TestResult result) {
        String type = result.testClass();
        return type.substring(type.lastIndexOf('.') + 1) + "." + result.testKey();
    }

    /** Whether the test's series stopped adaptively ({@code @Runs(adaptive = true)}). */
    static boolean adaptiveRuns(TestResult result) {
        return result.parameters().runs().adaptive();
    }

    /** Whether the test's sequel stopped adaptively ({@code @Series(adaptive = true)}). */
    static boolean adaptiveSeries(TestResult result) {
        return Boolean.TRUE.equals(result.parameters().series().adaptive());
    }

    /**
     * The test's size: {@code "3 series × 10 runs"}; adaptive: {@code "3 series × ≤ 42 of 200
     * runs"} (the most runs a series took, of its maximum), {@code "6 of 20 series × 5 runs"}.
     */
    static String size(TestResult result) {
        TestResult.Parameters parameters = result.parameters();
        String series = parameters.series().count() + (adaptiveSeries(result)
                ? " of " + parameters.series().maxCount() : "") + " series";
        String runs = (adaptiveRuns(result) ? "≤ " + parameters.runs().count() + " of " + parameters.runs().maxCount()
                : Integer.toString(parameters.runs().count())) + " runs";
        return series + " × " + runs;
    }

    /** The unit of a metric, empty when it has none or is not declared. */
    static String unit(TestResult result, String metric) {
        for (TestResult.MetricParameters parameters : result.parameters().metrics()) {
            if (parameters.name().equals(metric)) {
                return parameters.unit();
            }
        }
        return "";
    }

    /** The metric's declared bounds, or null. */
    static List<Double> bounds(TestResult result, String metric) {
        for (TestResult.MetricParameters parameters : result.parameters().metrics()) {
            if (parameters.name().equals(metric)) {
                return parameters.bounds();
            }
        }
        return null;
    }

    static String value(TestResult result, String metric, Double value) {
        return value == null ? "n/a" : Format.withUnit(value, unit(result, metric));
    }

    /** {@code "delay P75"}. */
    static String kpiLabel(TestResult.KpiParameters kpi) {
        return kpi.metric() + " P" + Format.number(kpi.percentile());
    }

    /** {@code "≤ 60 ms"}, {@code "≥ 19 Mbit/s"}, {@code "in [1, 2] ms"}, {@code "none"}. */
    static String threshold(TestResult result, String metric, Double atLeast, Double atMost) {
        String unit = unit(result, metric);
        if (atLeast != null && atMost != null) {
            return "in [" + Format.number(atLeast) + ", " + Format.withUnit(atMost, unit) + "]";
        }
        if (atMost != null) {
            return "≤ " + Format.withUnit(atMost, unit);
        }
        if (atLeast != null) {
            return "≥ " + Format.withUnit(atLeast, unit);
        }
        return "none";
    }

    /** The KPI values of every series, in series order (null where undefined). */
    static List<TestResult.SeriesKpi> seriesKpis(TestResult result, int index) {
        List<TestResult.SeriesKpi> kpis = new ArrayList<>();
        for (TestResult.SeriesResult series : result.series()) {
            kpis.add(index < series.kpis().size() ? series.kpis().get(index) : null);
        }
        return kpis;
    }

    /**
     * The deciding KPI over the series: the first undefined or failing one, else the one closest to
     * its threshold (the largest upper bound, the smallest lower bound).
     */
    static TestResult.SeriesKpi deciding(TestResult result, int index) {
        TestResult.SeriesKpi worst = null;
        for (TestResult.SeriesKpi kpi : seriesKpis(result, index)) {
            if (kpi == null) {
                continue;
            }
            if (!kpi.bound().passed()) {
                return kpi;
            }
            double value = kpi.bound().value();
            if (worst == null || (upper(kpi.spec().side()) ? value > worst.bound().value()
                    : value < worst.bound().value())) {
                worst = kpi;
            }
        }
        return worst;
    }

    /** {@code "ok"}, {@code "FAILED"} or {@code "undefined"}. */
    static String outcome(boolean defined, boolean passed) {
        return passed ? "ok" : defined ? "FAILED" : "undefined";
    }

    /** The score's threshold: {@code "≤ 2500 ms"}, {@code "≤ 5 % relative"}, both, or {@code "none"}. */
    static String scoreThreshold(TestResult result, TestResult.Score score, TestResult.ScoreParameters parameters) {
        List<String> parts = new ArrayList<>();
        if (parameters != null && parameters.atMost() != null) {
            parts.add("≤ " + Format.withUnit(parameters.atMost(), unit(result, score.definition().metric())));
        }
        if (parameters != null && parameters.relativeAtMost() != null) {
            parts.add("≤ " + Format.percent(parameters.relativeAtMost()) + " relative");
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    /** The parameters of the i-th score (declaration order), or null. */
    static TestResult.ScoreParameters scoreParameters(TestResult result, int index) {
        List<TestResult.ScoreParameters> all = result.parameters().variabilityScores();
        return index < all.size() ? all.get(index) : null;
    }

    /**
     * The gate's change as the decision used it: the estimate of the test (Hodges–Lehmann, or the
     * mean of the series' changes when paired by series) with its interval, relative to the
     * baseline: "+9.79 % [+5.1 %, +14.2 %]"; null without a comparison.
     */
    /**
     * The short name of the quantity a gate decided on: "median per-run change" (paired,
     * interleaved), "mean per-series change" (paired by series), "shift of the series medians" or
     * "shift of the runs" (unpaired); null without a comparison.
     */
    static String gateQuantity(TestResult.GateMetric gate) {
        TestResult.GateComparison comparison = gate.gate();
        if (comparison == null || comparison.design() == null) {
            return null;
        }
        return switch (comparison.design()) {
            case PAIRED_SERIES -> "mean per-series change";
            case PAIRED, INTERLEAVED -> "median per-run change";
            case UNPAIRED -> gate.compared() == org.triscale.engine.baseline.ComparisonUnit.SERIES
                    ? "shift of the series medians" : "shift of the runs";
        };
    }

    static String gateChange(TestResult.GateMetric gate) {
        TestResult.GateComparison comparison = gate.gate();
        if (comparison == null || comparison.change() == null) {
            return null;
        }
        return Format.signedPercent(comparison.change()) + (comparison.lower() == null || comparison.upper() == null
                ? "" : " [" + Format.signedPercent(comparison.lower()) + ", "
                + Format.signedPercent(comparison.upper()) + "]");
    }
}
