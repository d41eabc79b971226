package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.engine.CheckResult;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.RunMetric;
import org.triscale.engine.analysis.VariabilityResult;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.network.FctSummary;
import org.triscale.engine.network.JainIndex;
import org.triscale.engine.trend.ConvergenceResult;
import org.triscale.engine.trend.TheilSenFit;

/**
 * The output fields of each operation, under the names of the reference vectors' {@code expected}
 * objects. The batch protocol and the commands' {@code --json} output both use these, so the
 * names cannot drift apart.
 */
public final class Responses {
    private Responses() {
    }

    /**
     * {@code experiment_sizing}: {@code n_one_sided}, {@code n_two_sided}.
     *
     * @param oneSided minimal runs for a one-sided bound
     * @param twoSided minimal runs for a two-sided interval
     * @return the fields
     */
    public static ObjectNode sizing(int oneSided, int twoSided) {
        ObjectNode node = Json.object();
        node.put("n_one_sided", oneSided);
        node.put("n_two_sided", twoSided);
        return node;
    }

    /**
     * {@code thompson_ci}: {@code lower_index}, {@code upper_index} (null when not enough samples).
     *
     * @param interval the indices
     * @return the fields
     */
    public static ObjectNode interval(OrderStatisticInterval interval) {
        ObjectNode node = Json.object();
        Json.putIndex(node, "lower_index", interval.lowerIndex());
        Json.putIndex(node, "upper_index", interval.upperIndex());
        return node;
    }

    /**
     * {@code convergence_test}: {@code converged}, {@code slope}, {@code intercept},
     * {@code low_slope}, {@code high_slope} of the Theil–Sen fit on the normalised data.
     *
     * @param result the test's outcome
     * @return the fields
     */
    public static ObjectNode convergence(ConvergenceResult result) {
        ObjectNode node = Json.object();
        node.put("converged", result.converged());
        TheilSenFit fit = result.fit();
        Json.putNumber(node, "slope", fit == null ? Double.NaN : fit.slope());
        Json.putNumber(node, "intercept", fit == null ? Double.NaN : fit.intercept());
        Json.putNumber(node, "low_slope", fit == null ? Double.NaN : fit.lowSlope());
        Json.putNumber(node, "high_slope", fit == null ? Double.NaN : fit.highSlope());
        return node;
    }

    /**
     * {@code analysis_metric}: {@code converged} (the metric is defined), {@code measure}.
     *
     * @param metric the run's metric
     * @return the fields
     */
    public static ObjectNode metric(RunMetric metric) {
        ObjectNode node = Json.object();
        node.put("converged", metric.valid());
        Json.putNumber(node, "measure", metric.value());
        return node;
    }

    /**
     * {@code analysis_kpi}: {@code stationary}, {@code kpi}.
     *
     * @param kpi the KPI
     * @return the fields
     */
    public static ObjectNode kpi(KpiResult kpi) {
        ObjectNode node = Json.object();
        node.put("stationary", kpi.stationarity().stationary());
        Json.putNumber(node, "kpi", kpi.value());
        return node;
    }

    /**
     * {@code analysis_variability}: {@code stationary}, {@code lower_value}, {@code upper_value},
     * {@code score}, {@code relative_score} (bound values read from the sorted data).
     *
     * @param score the variability score
     * @return the fields
     */
    public static ObjectNode variability(VariabilityResult score) {
        ObjectNode node = Json.object();
        node.put("stationary", score.stationarity().stationary());
        Json.putNumber(node, "lower_value", score.lowerValue());
        Json.putNumber(node, "upper_value", score.upperValue());
        Json.putNumber(node, "score", score.score());
        Json.putNumber(node, "relative_score", score.relativeScore());
        return node;
    }

    /**
     * {@code independence_test}: {@code independent}.
     *
     * @param check the independence check
     * @return the fields
     */
    public static ObjectNode independence(CheckResult check) {
        ObjectNode node = Json.object();
        node.put("independent", check.passed());
        return node;
    }

    /**
     * {@code harm}: {@code harm}.
     *
     * @param harm the harm
     * @return the fields
     */
    public static ObjectNode harm(double harm) {
        return Json.putNumber(Json.object(), "harm", harm);
    }

    /**
     * {@code jain}: {@code index}.
     *
     * @param index Jain's index
     * @return the fields
     */
    public static ObjectNode jain(JainIndex index) {
        return Json.putNumber(Json.object(), "index", index.index());
    }

    /**
     * {@code fct_summary}: {@code geomean}, {@code median}, {@code p95}.
     *
     * @param summary the FCT summary
     * @return the fields
     */
    public static ObjectNode fctSummary(FctSummary summary) {
        ObjectNode node = Json.object();
        Json.putNumber(node, "geomean", summary.geometricMean());
        Json.putNumber(node, "median", summary.median());
        Json.putNumber(node, "p95", summary.p95());
        return node;
    }
}
