package org.triscale.results.internal.report;

import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.sequential.Decision;
import org.triscale.engine.sequential.SequentialKpi;
import org.triscale.engine.sequential.SequentialScore;
import org.triscale.engine.sequential.SequentialScoreStep;
import org.triscale.engine.sequential.SequentialStep;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.model.StopReason;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.verdict.AdaptiveSequel;
import org.triscale.results.internal.verdict.AdaptiveSeries;

import java.util.ArrayList;
import java.util.List;

/**
 * The charts of adaptive tests: how the anytime-valid bounds (Howard and Ramdas 2022) closed in
 * on the verdict, run by run ({@code @Runs(adaptive = true)}) or series by series
 * ({@code @Series(adaptive = true)}). The result keeps the bounds at the stop only; the charts
 * replay the sequences from the recorded run metrics and series KPIs with the extension's own
 * tuning, so every step drawn is the one the extension saw.
 */
final class AdaptiveCharts {
    private AdaptiveCharts() {
    }

    /**
     * The page's sentence on the stopping: {@code "Adaptive runs: series 1 stopped at run 12, series
     * 2 at run 9 of at most 200 (every KPI decided)."}; empty for a fixed-N test.
     */
    static String summary(TestResult result) {
        List<String> parts = new ArrayList<>();
        if (ResultFacts.adaptiveRuns(result)) {
            List<String> stops = new ArrayList<>();
            for (TestResult.SeriesResult series : result.series()) {
                stops.add("series " + series.series() + " at run " + series.stopRun() + " ("
                        + reason(series.stopReason(), "KPI") + ")");
            }
            parts.add("Adaptive runs, at most " + result.parameters().runs().maxCount() + " per series: "
                    + String.join(", ", stops) + ".");
        }
        if (ResultFacts.adaptiveSeries(result)) {
            TestResult.SeriesParameters series = result.parameters().series();
            parts.add("Adaptive series: stopped after series " + series.count() + " of at most " + series.maxCount()
                    + " (" + reason(series.stopReason(), "score") + ").");
        }
        return String.join(" ", parts);
    }

    /** A stopping reason of the result, in words. */
    private static String reason(StopReason reason, String what) {
        if (reason == null) {
            return "not recorded";
        }
        return switch (reason) {
            case DECIDED -> "every " + what + " decided";
            case PRECISION -> "every " + what + " decided or precise";
            case MAX_COUNT -> "maxCount reached, judged by the last look";
        };
    }

    /**
     * One KPI of an adaptive test: its anytime-valid lower and upper bounds after every run of
     * every series, the threshold, and where each series stopped.
     */
    static Charts.Figure runs(TestResult result, int index) {
        TestResult.KpiParameters kpi = result.parameters().kpis().get(index);
        TestResult.RunsParameters parameters = result.parameters().runs();
        String unit = ResultFacts.unit(result, kpi.metric());
        boolean upperSide = ResultFacts.upper(kpi.side());
        Double threshold = upperSide ? kpi.atMost() : kpi.atLeast();
        int perSeries = parameters.count();
        Plot plot = new Plot(Charts.WIDE, 280, "Anytime-valid bounds of " + ResultFacts.kpiLabel(kpi),
                "run (series after series)", Charts.axis(kpi.metric(), unit)).integerX();
        StringBuilder stops = new StringBuilder(Charts.tableStart("series", "stopped at run", "reason", "lower",
                "upper", "decision", "verdict rests on"));
        StringBuilder steps = new StringBuilder(Charts.tableStart("series", "run", "run metric", "lower", "upper",
                "decision"));
        List<Double> stopX = new ArrayList<>();
        List<Double> stopY = new ArrayList<>();
        List<String> stopTips = new ArrayList<>();
        for (TestResult.SeriesResult series : result.series()) {
            List<TestResult.Run> runs = runsOf(result, series);
            double[] values = new double[runs.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = value(runs.get(i), kpi.metric());
            }
            List<SequentialStep> replay = SequentialKpi.replay(AdaptiveSeries.spec(kpi.percentile(),
                    kpi.confidence(), kpi.side(), threshold == null ? Double.NaN : threshold,
                    parameters.maxCount(), parameters.precision() == null ? Double.NaN : parameters.precision()),
                    values);
            double[] xs = new double[replay.size()];
            double[] lower = new double[xs.length];
            double[] upper = new double[xs.length];
            for (int i = 0; i < xs.length; i++) {
                SequentialStep step = replay.get(i);
                xs[i] = (series.series() - 1) * perSeries + runs.get(i).run();
                lower[i] = finite(step.lower());
                upper[i] = finite(step.upper());
                steps.append(Charts.row(Integer.toString(series.series()), Integer.toString(runs.get(i).run()),
                        Double.isNaN(values[i]) ? "not valid" : Format.withUnit(values[i], unit),
                        end(step.lower(), unit), end(step.upper(), unit), decision(step.decision())));
            }
            // A bound that decides as soon as it exists is a single step: the markers show it.
            plot.points(xs, values, "faint", metricTips(series.series(), runs, values, unit))
                    .line(xs, upper, "seqhigh").line(xs, lower, "seqlow")
                    .points(xs, upper, "seqpt high", null).points(xs, lower, "seqpt low", null);
            TestResult.SequentialBound bound = series.sequential() == null || index >= series.sequential().size()
                    ? null : series.sequential().get(index);
            if (bound != null && xs.length > 0) {
                Double side = upperSide ? bound.upper() : bound.lower();
                if (side != null) {
                    stopX.add(xs[xs.length - 1]);
                    stopY.add(side);
                    stopTips.add("series " + series.series() + " stopped at run " + series.stopRun() + ": "
                            + reason(series.stopReason(), "KPI"));
                }
                stops.append(Charts.row(Integer.toString(series.series()), String.valueOf(series.stopRun()),
                        reason(series.stopReason(), "KPI"), ResultFacts.value(result, kpi.metric(), bound.lower()),
                        ResultFacts.value(result, kpi.metric(), bound.upper()), ResultFacts.text(bound.decision()),
                        bound.verdict() == TestResult.VerdictBasis.FIXED_N ? "fixed-N KPI at " + Format.number(
                                bound.lastLookConfidence()) + " % (last look)" : "anytime-valid bound"));
            }
        }
        plot.points(Charts.toArray(stopX), Charts.toArray(stopY), "stop", stopTips.toArray(new String[0]));
        if (threshold != null) {
            plot.hline(threshold, "threshold", (upperSide ? "atMost " : "atLeast ") + Format.withUnit(threshold, unit));
        }
        plot.legend("faint", "run metric (valid runs)").legend("seqhigh", "upper bound").legend("seqlow", "lower bound")
                .legend("stop", "stop (bound on the KPI's side)").legend("threshold", "threshold");
        String title = "KPI " + ResultFacts.kpiLabel(kpi) + ": anytime-valid bounds at "
                + Format.number(kpi.confidence()) + " %, run by run";
        return new Charts.Figure(ChartKind.SEQUENTIAL, title, plot.svg(), stops.append(Charts.tableEnd())
                .append(steps).append(Charts.tableEnd()).toString());
    }

    /**
     * One variability score of adaptive series: the anytime-valid upper bound of the range between
     * its two percentiles ({@code UB − LB}, the score) and its lower bound, after every series, and
     * the threshold. Drawn relative (in %) when the score has only a relative threshold.
     */
    static Charts.Figure series(TestResult result, int index) {
        TestResult.Score score = result.variabilityScores().get(index);
        TestResult.ScoreDefinition definition = score.definition();
        TestResult.ScoreParameters parameters = ResultFacts.scoreParameters(result, index);
        Double atMost = parameters == null ? null : parameters.atMost();
        Double relativeAtMost = parameters == null ? null : parameters.relativeAtMost();
        boolean relative = atMost == null && relativeAtMost != null;
        String unit = relative ? "%" : ResultFacts.unit(result, definition.metric());
        SequentialScore replay = AdaptiveSequel.start(definition.percentile(), definition.confidence(),
                definition.kind(), atMost == null ? Double.NaN : atMost,
                relativeAtMost == null ? Double.NaN : relativeAtMost, score.interval().needed(),
                result.parameters().series().maxCount());
        List<Double> kpis = score.seriesKpis();
        double[] xs = new double[kpis.size()];
        double[] high = new double[xs.length];
        double[] low = new double[xs.length];
        StringBuilder table = new StringBuilder(Charts.tableStart("series", "series KPI", "score at most",
                "score at least", "decision"));
        for (int i = 0; i < xs.length; i++) {
            Double kpi = kpis.get(i);
            SequentialScoreStep step = replay.add(kpi == null ? Double.NaN : kpi);
            xs[i] = i + 1;
            high[i] = relative ? 100 * step.relativeScore() : finite(step.score());
            low[i] = relative ? 100 * relativeRangeAtLeast(step) : rangeAtLeast(step);
            table.append(Charts.row(Integer.toString(i + 1),
                    kpi == null ? "undefined" : ResultFacts.value(result, definition.metric(), kpi),
                    Double.isFinite(high[i]) ? Format.withUnit(high[i], unit) : "unbounded",
                    Double.isFinite(low[i]) ? Format.withUnit(low[i], unit) : "n/a", decision(step.decision())));
        }
        Plot plot = new Plot(Charts.WIDE, 260, "Anytime-valid bounds of the score of " + definition.metric(), "series (number)",
                (relative ? "relative score" : "score of " + definition.metric()) + " (" + (unit.isEmpty() ? "no unit"
                        : unit) + ")").integerX();
        plot.line(xs, high, "seqhigh").line(xs, low, "seqlow").points(xs, high, "seqpt high", null)
                .points(xs, low, "seqpt low", null);
        TestResult.SequentialScoreResult sequential = score.sequential();
        if (sequential != null && xs.length > 0) {
            plot.points(new double[] {sequential.stopSeries()}, new double[] {high[sequential.stopSeries() - 1]},
                    "stop", new String[] {"stopped after series " + sequential.stopSeries() + ": "
                            + reason(result.parameters().series().stopReason(), "score")});
        }
        Double threshold = relative ? Double.valueOf(100 * relativeAtMost) : atMost;
        if (threshold != null) {
            plot.hline(threshold, "threshold", "atMost " + Format.withUnit(threshold, unit));
        }
        plot.legend("seqhigh", "score (upper bound of the range)").legend("seqlow", "lower bound of the range")
                .legend("stop", "stop").legend("threshold", "threshold");
        String title = "Variability score of " + definition.metric() + ": anytime-valid bounds at "
                + Format.number(definition.confidence()) + " %, series by series";
        return new Charts.Figure(ChartKind.SEQUENTIAL_SCORE, title, plot.svg(), table.append(Charts.tableEnd()).toString());
    }

    /** A lower bound of the range between the percentiles, {@code max(0, highLower − lowUpper)}. */
    private static double rangeAtLeast(SequentialScoreStep step) {
        double range = step.highLower() - step.lowUpper();
        return Double.isFinite(range) ? Math.max(0, range) : Double.NaN;
    }

    private static double relativeRangeAtLeast(SequentialScoreStep step) {
        double range = rangeAtLeast(step);
        if (Double.isNaN(range)) {
            return Double.NaN;
        }
        return range == 0 || step.lowUpper() <= 0 ? 0 : VariabilityScores.relative(step.lowUpper(), step.highLower());
    }

    private static String[] metricTips(int series, List<TestResult.Run> runs, double[] values, String unit) {
        String[] tips = new String[values.length];
        for (int i = 0; i < tips.length; i++) {
            tips[i] = "series " + series + " run " + runs.get(i).run() + ": " + Format.withUnit(values[i], unit);
        }
        return tips;
    }

    /** The runs of one series up to its stop, in run order. */
    private static List<TestResult.Run> runsOf(TestResult result, TestResult.SeriesResult series) {
        List<TestResult.Run> runs = new ArrayList<>();
        for (TestResult.Run run : result.runs()) {
            if (run.series() == series.series() && (series.stopRun() == null || run.run() <= series.stopRun())) {
                runs.add(run);
            }
        }
        runs.sort((a, b) -> Integer.compare(a.run(), b.run()));
        return runs;
    }

    /** What the extension fed the sequence: the metric of a valid run, NaN otherwise. */
    private static double value(TestResult.Run run, String metric) {
        TestResult.MetricResult value = Charts.metric(run, metric);
        return ResultFacts.passed(run.status()) && value != null && value.valid() && value.value() != null
                ? value.value() : Double.NaN;
    }

    private static double finite(double value) {
        return Double.isFinite(value) ? value : Double.NaN;
    }

    private static String end(double value, String unit) {
        return Double.isInfinite(value) ? (value > 0 ? "∞" : "−∞") : Format.withUnit(value, unit);
    }

    private static String decision(Decision decision) {
        return decision == Decision.UNDECIDED ? "undecided" : decision == Decision.PASS ? "pass" : "fail";
    }
}
