package org.triscale.results.internal.verdict;

import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.setup.KpiSpec;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.ScoreSpec;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.engine.CheckResult;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.analysis.VariabilityResult;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.sequential.Decision;
import org.triscale.engine.sequential.SequentialScoreStep;
import org.triscale.engine.sequential.SequentialStep;
import java.util.ArrayList;

import java.util.Arrays;
import java.util.List;

/** The sentences of a verdict: each says what was found, what the confidence covers, what to do. */
public final class VerdictMessages {
    private static final int LISTED_RUNS = 10;

    private VerdictMessages() {
    }

    public static String partialData(TestSetup setup, RecordedSequel state) {
        return "the verdict refuses partial data: only " + state.executedRuns() + " of " + state.plannedRuns()
                + " runs (" + (setup.adaptiveSeries() ? "up to " : "") + setup.seriesCount() + " series × "
                + (setup.adaptive() ? "up to " : "")
                + setup.runsPerSeries() + " runs) executed in this"
                + " launch, e.g. because a rerun or a filter selected single invocations. A KPI computed on some"
                + " runs only (say, a rerun of the failed ones) is not the test's verdict. Rerun the whole method "
                + setup.testName() + ".";
    }

    static String failedRuns(RecordedSequel state, List<RunRecord> failed) {
        StringBuilder text = new StringBuilder().append(failed.size()).append(" of ").append(state.plannedRuns())
                .append(" runs failed (");
        for (int i = 0; i < failed.size() && i < LISTED_RUNS; i++) {
            RunRecord record = failed.get(i);
            text.append(i > 0 ? "; " : "").append(record.label()).append(": ").append(record.message());
        }
        if (failed.size() > LISTED_RUNS) {
            text.append("; ...");
        }
        return text.append("). The KPIs leave them out, which could hide the worst runs; fix the failures")
                .append(" and rerun.").toString();
    }

    static String excludedRuns(RecordedSequel state, List<RunRecord> excluded) {
        StringBuilder text = new StringBuilder().append(excluded.size()).append(" of ").append(state.plannedRuns())
                .append(" runs were excluded (");
        for (int i = 0; i < excluded.size() && i < LISTED_RUNS; i++) {
            RunRecord record = excluded.get(i);
            text.append(i > 0 ? ", " : "").append(record.label())
                    .append(record.status() == RunStatus.NOT_CONVERGED ? " did not converge" : " aborted");
        }
        return text.append(excluded.size() > LISTED_RUNS ? ", ...)" : ")").toString();
    }

    public static String kpiViolated(KpiOutcome outcome) {
        KpiSpec spec = outcome.spec();
        MetricSpec metric = spec.metric();
        double value = outcome.value();
        boolean tooHigh = !Double.isNaN(spec.atMost()) && value > spec.atMost();
        String threshold = tooHigh ? "above atMost " + metric.format(spec.atMost())
                : "below atLeast " + metric.format(spec.atLeast());
        return "KPI " + spec.label() + " (" + spec.thresholds() + ") violated in series " + outcome.series()
                + ": " + statement(spec, confidenceUsed(outcome), value) + ", " + threshold + ". "
                + covers(spec, confidenceUsed(outcome)) + lastLook(outcome) + " The bound is the metric of "
                + "run " + outcome.boundRun() + " (rank " + outcome.boundRank() + " of " + outcome.values().length
                + " valid runs in ascending order); series " + outcome.series() + " run metrics: "
                + values(metric, outcome.runs(), outcome.values()) + ". "
                + "Either the code under test regressed, or the threshold is too tight for it.";
    }

    /**
     * One message for a KPI that several series violate: the statement once, the series as
     * ranges ({@code "series 1–5"}), and their numbers in a compact table (bound, the run it is
     * and its rank, the valid runs); the run metrics are in the JSON result and the report.
     *
     * @param outcomes the violated outcomes of one KPI, two or more, in series order
     * @return the message
     */
    public static String kpiViolatedInSeries(List<KpiOutcome> outcomes) {
        KpiSpec spec = outcomes.get(0).spec();
        MetricSpec metric = spec.metric();
        boolean upper = spec.side() == Side.UPPER;
        int[] series = outcomes.stream().mapToInt(KpiOutcome::series).toArray();
        String threshold = upper ? "above atMost " + metric.format(spec.atMost())
                : "below atLeast " + metric.format(spec.atLeast());
        // An adaptive series that ended undecided was judged at the stricter confidence of its last look.
        double confidence = outcomes.stream().mapToDouble(VerdictMessages::confidenceUsed).min().orElse(spec.confidence());
        boolean same = outcomes.stream().allMatch(outcome -> confidenceUsed(outcome) == confidence);
        StringBuilder text = new StringBuilder("KPI " + spec.label() + " (" + spec.thresholds() + ") violated in series "
                + ranges(series) + ": in each, with " + (same ? "" : "at least ") + Format.number(confidence)
                + " % confidence the "
                + Format.ordinal(spec.percentile()) + " percentile of " + metric.name() + " is " + (upper ? "at most "
                : "at least ") + "its bound, " + threshold + ". " + covers(spec, confidence)
                + (confidence != spec.confidence() ? lastLook(outcomes.get(0)) : "")
                + " Either the code under test regressed, or the threshold is too tight for it.");
        List<String[]> rows = new java.util.ArrayList<>();
        rows.add(new String[] {"series", "bound", "bound run", "rank"});
        for (KpiOutcome outcome : outcomes) {
            rows.add(new String[] {Integer.toString(outcome.series()), metric.format(outcome.value()),
                    "run " + outcome.boundRun(), outcome.boundRank() + " of " + outcome.values().length + " valid runs"});
        }
        int[] widths = new int[4];
        rows.forEach(row -> {
            for (int c = 0; c < row.length; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        });
        for (String[] row : rows) {
            text.append("\n   ");
            for (int c = 0; c < row.length; c++) {
                text.append(' ').append(row[c]).append(c < row.length - 1 ? " ".repeat(widths[c] - row[c].length() + 1) : "");
            }
        }
        return text.toString();
    }

    /** {@code "1–5"}, {@code "1, 3–5"}: consecutive numbers as ranges. */
    static String ranges(int[] numbers) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < numbers.length; i++) {
            int j = i;
            while (j + 1 < numbers.length && numbers[j + 1] == numbers[j] + 1) {
                j++;
            }
            text.append(text.length() > 0 ? ", " : "").append(numbers[i]);
            if (j > i) {
                text.append(j == i + 1 ? ", " : "–").append(numbers[j]);
            }
            i = j;
        }
        return text.toString();
    }

    public static String kpiUndefined(TestSetup setup, KpiOutcome outcome, RecordedSequel state) {
        KpiSpec spec = outcome.spec();
        int valid = outcome.values().length;
        int notConverged = 0;
        int failed = 0;
        int passed = 0;
        int length = state.runsIn(outcome.series());
        for (int run = 1; run <= length; run++) {
            RunStatus status = state.run(outcome.series(), run).status();
            notConverged += status == RunStatus.NOT_CONVERGED ? 1 : 0;
            failed += status == RunStatus.FAILED ? 1 : 0;
            passed += status == RunStatus.PASSED ? 1 : 0;
        }
        // A run that passed without a valid value of the metric (no sample, or NaN reported) was not aborted.
        int withoutValue = Math.max(0, passed - valid);
        int count = length + Math.max(1, outcome.needed() - valid);
        return "KPI " + spec.label() + " cannot be computed in series " + outcome.series() + ": " + side(spec)
                + " bound of the " + Format.ordinal(spec.percentile()) + " percentile at " + Format.number(spec.confidence())
                + " % confidence needs at least " + outcome.needed() + " valid runs, but only " + valid + " of "
                + length + " are valid (" + notConverged + " did not converge, " + failed + " failed, "
                + (length - valid - notConverged - failed - withoutValue) + " aborted"
                + (withoutValue > 0 ? ", " + withoutValue + " passed without a valid " + spec.metric().name() : "")
                + "). Make the runs longer so that"
                + " they converge, run more with @Runs(" + (setup.adaptive() ? "maxCount = " : "count = ") + count
                + "), or lower the KPI's confidence or the robustness.";
    }

    /**
     * What the verdict of one KPI of an adaptive series rests on: {@code "KPI delay P95 at 95 %
     * (atMost 60 ms), series 1: sequential bound (Howard & Ramdas 2022) after 23 of max 100 runs:
     * decided pass, ..."}, or the fixed-N fallback at {@code maxCount}.
     *
     * @param outcome a KPI of an adaptive series
     * @return the statement
     */
    public static String sequentialStatement(KpiOutcome outcome) {
        KpiSpec spec = outcome.spec();
        SequentialOutcome sequential = outcome.sequential();
        SequentialStep step = sequential.step();
        String head = "KPI " + spec.label() + " (" + spec.thresholds() + "), series " + outcome.series() + ": ";
        String interval = "anytime-valid interval " + AdaptiveSeries.interval(spec, step);
        if (sequential.fallback()) {
            return head + "undecided after max " + sequential.maxCount() + " runs (" + interval + "): the verdict is the"
                    + " fixed-N KPI of the " + outcome.values().length + " valid runs (Thompson 1936) at "
                    + Format.number(Math.floor(100 * sequential.fallbackConfidence()) / 100) + " % confidence, "
                    + (outcome.defined() ? spec.metric().format(outcome.value()) + ", " + (outcome.passed() ? "pass"
                    : "fail") : "undefined") + ". Every run was looked at before, so this last look is stricter"
                    + " than " + Format.number(spec.confidence()) + " %: together they keep a false pass at most "
                    + Format.number(100 - spec.confidence()) + " % likely.";
        }
        String when = "sequential bound (Howard & Ramdas 2022) after " + sequential.stopRun() + " of max "
                + sequential.maxCount() + " runs";
        String threshold = threshold(spec);
        return switch (step.decision()) {
            case PASS -> head + when + ": decided pass. " + capitalised(statement(spec, spec.confidence(),
                    step.kpi(spec.side())))
                    + ", at every run at once, so stopping early keeps the confidence (" + interval + ").";
            case FAIL -> head + when + ": decided fail. With " + Format.number(spec.confidence()) + " % confidence the "
                    + Format.ordinal(spec.percentile()) + " percentile of " + spec.metric().name() + " is "
                    + (spec.side() == Side.UPPER ? "above " : "below ") + threshold + " (" + interval + ").";
            case UNDECIDED -> head + when + ": precision target met (±" + Format.percent(step.relativeHalfWidth())
                    + ") but undecided: the threshold " + threshold + " lies in the " + interval
                    + ", so the bound does not show that the KPI holds.";
        };
    }

    /** A failing KPI of an adaptive series: its statement and the series' run metrics. */
    public static String sequentialFailed(KpiOutcome outcome) {
        return sequentialStatement(outcome) + " Series " + outcome.series() + " run metrics: "
                + values(outcome.spec().metric(), outcome.runs(), outcome.values()) + ".";
    }

    private static String threshold(KpiSpec spec) {
        return spec.metric().format(spec.side() == Side.UPPER ? spec.atMost() : spec.atLeast());
    }

    private static String capitalised(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /**
     * What the verdict of one score of a sequel with adaptive series rests on: {@code "variability
     * score of delay (...): sequential bounds (Howard & Ramdas 2022) after 7 of max 20 series:
     * decided pass, ..."}, or the fixed-N fallback at {@code maxCount}.
     *
     * @param outcome a score of a sequel with adaptive series
     * @return the statement
     */
    public static String sequentialScoreStatement(ScoreOutcome outcome) {
        ScoreSpec spec = outcome.spec();
        MetricSpec metric = spec.metric();
        SequentialScoreOutcome sequential = outcome.sequential();
        SequentialScoreStep step = sequential.step();
        String head = "The " + spec.label() + " (" + scoreThresholds(spec) + "): ";
        String pair = "the " + Format.ordinal(spec.lowPercentile()) + " and the "
                + Format.ordinal(spec.highPercentile()) + " percentiles of the series KPIs";
        String each = Format.number(spec.kind() == IntervalKind.JOINT ? (100 + spec.confidence()) / 2
                : spec.confidence());
        if (sequential.fallback()) {
            VariabilityResult result = outcome.result();
            return head + "undecided after max " + sequential.maxCount() + " series (anytime-valid range of " + pair
                    + " at most " + end(metric, step.score()) + "): the verdict is the fixed-N score of the "
                    + countDefined(outcome.kpis()) + " defined series KPIs (Thompson 1936), each end at "
                    + Format.number(Math.floor(100 * sequential.fallbackConfidence()) / 100) + " % confidence, "
                    + (outcome.defined() ? metric.format(result.score()) + " (relative "
                    + Format.percent(result.relativeScore()) + "), " + (outcome.passed() ? "pass" : "fail")
                    : "undefined") + ". Every series was looked at before, so this last look is stricter than " + each
                    + " % per end: together they keep the score's promise.";
        }
        String when = "sequential bounds (Howard & Ramdas 2022) after " + sequential.stopSeries() + " of max "
                + sequential.maxCount() + " series";
        String promise = spec.kind() == IntervalKind.JOINT ? Format.number(spec.confidence()) + " % confidence, both"
                + " ends together," : each + " % confidence for each end,";
        if (step.decision() == Decision.PASS) {
            return head + when + ": decided pass. With " + promise + " the range between " + pair + " is at most "
                    + metric.format(step.score()) + " (relative " + Format.percent(step.relativeScore())
                    + "): [" + metric.format(step.lowLower()) + ", " + metric.format(step.highUpper()) + "], at every"
                    + " series at once, so stopping early keeps the confidence.";
        }
        return head + when + ": decided fail. With " + promise + " the range between " + pair + " is at least "
                + metric.format(step.highLower() - step.lowUpper()) + ": the " + Format.ordinal(spec.lowPercentile())
                + " percentile is at most " + metric.format(step.lowUpper()) + " and the "
                + Format.ordinal(spec.highPercentile()) + " at least " + metric.format(step.highLower()) + ".";
    }

    /** {@code "atMost 5 ms, relativeAtMost 10 %"}. */
    private static String scoreThresholds(ScoreSpec spec) {
        List<String> thresholds = new ArrayList<>();
        if (!Double.isNaN(spec.atMost())) {
            thresholds.add("atMost " + spec.metric().format(spec.atMost()));
        }
        if (!Double.isNaN(spec.relativeAtMost())) {
            thresholds.add("relativeAtMost " + Format.percent(spec.relativeAtMost()));
        }
        return String.join(", ", thresholds);
    }

    private static String end(MetricSpec metric, double value) {
        return Double.isFinite(value) ? metric.format(value) : "∞";
    }

    public static String scoreViolated(ScoreOutcome outcome) {
        ScoreSpec spec = outcome.spec();
        MetricSpec metric = spec.metric();
        if (outcome.sequentialVerdict()) {
            return sequentialScoreStatement(outcome) + " Series KPIs: " + kpiList(metric, outcome.kpis())
                    + ". The series disagree more than allowed: look for what changes between series (machine, time,"
                    + " load), or relax the threshold.";
        }
        VariabilityResult result = outcome.result();
        StringBuilder text = new StringBuilder("The ").append(spec.label()).append(" is ")
                .append(metric.format(result.score())).append(" (relative ")
                .append(Format.percent(result.relativeScore())).append(')');
        if (!Double.isNaN(spec.atMost()) && result.score() > spec.atMost()) {
            text.append(", above atMost ").append(metric.format(spec.atMost()));
        }
        if (!Double.isNaN(spec.relativeAtMost()) && result.relativeScore() > spec.relativeAtMost()) {
            text.append(", above relativeAtMost ").append(Format.number(spec.relativeAtMost())).append(" (")
                    .append(Format.percent(spec.relativeAtMost())).append(')');
        }
        int series = countDefined(outcome.kpis());
        text.append(": ").append(scoreStatement(spec, series)).append(" within [")
                .append(metric.format(result.lowerValue())).append(", ").append(metric.format(result.upperValue()))
                .append("], whose ends are the KPIs of series ").append(outcome.lowSeries()).append(" and series ")
                .append(outcome.highSeries()).append(". Series KPIs: ").append(kpiList(metric, outcome.kpis()))
                .append(". The series disagree more than allowed: look for what changes between series"
                        + " (machine, time, load), or relax the threshold.");
        return text.toString();
    }

    public static String scoreUndefined(ScoreOutcome outcome) {
        ScoreSpec spec = outcome.spec();
        int defined = countDefined(outcome.kpis());
        return "The " + spec.label() + " cannot be computed: it needs at least " + outcome.needed()
                + " series KPIs, but only " + defined + " of " + outcome.kpis().length + " series have a defined KPI"
                + " (see the series above). Make the runs valid, or run more series with @Series("
                + (outcome.sequential() != null ? "maxCount = " : "count = ")
                + (outcome.kpis().length + Math.max(1, outcome.needed() - defined)) + ").";
    }

    static String check(String subject, CheckResult check) {
        return subject + ": the " + check.name() + " check failed"
                + (Double.isNaN(check.pValue()) ? "" : " (p = " + Format.number(check.pValue()) + ")") + ": "
                + check.description();
    }

    /**
     * The confidence the KPI of a series was judged at: the KPI's, or for an adaptive series that
     * ended undecided the stricter confidence of its last (fixed-N) look, as the statement shows it.
     */
    static double confidenceUsed(KpiOutcome outcome) {
        SequentialOutcome sequential = outcome.sequential();
        return sequential != null && sequential.fallback()
                ? Math.floor(100 * sequential.fallbackConfidence()) / 100 : outcome.spec().confidence();
    }

    /** Why the confidence is not the KPI's: the last look of an undecided adaptive series; empty otherwise. */
    private static String lastLook(KpiOutcome outcome) {
        if (confidenceUsed(outcome) == outcome.spec().confidence()) {
            return "";
        }
        return " (The adaptive series ended undecided after max " + outcome.sequential().maxCount() + " runs: its"
                + " last look, the fixed-N KPI, is at " + Format.number(confidenceUsed(outcome)) + " % instead of "
                + Format.number(outcome.spec().confidence()) + " %, because every run was looked at before.)";
    }

    /** "with 75 % confidence the 75th percentile of delay is at most 61.2 ms". */
    private static String statement(KpiSpec spec, double confidence, double value) {
        return "with " + Format.number(confidence) + " % confidence the " + Format.ordinal(spec.percentile())
                + " percentile of " + spec.metric().name() + " is " + (spec.side() == Side.UPPER ? "at most " : "at least ")
                + spec.metric().format(value);
    }

    /** What the confidence of one series' bound covers. */
    private static String covers(KpiSpec spec, double confidence) {
        return "(A one-sided bound for this series alone: the true " + Format.ordinal(spec.percentile())
                + " percentile is " + (spec.side() == Side.UPPER ? "above" : "below") + " it with probability at most "
                + Format.number(100 - confidence) + " %.)";
    }

    private static String scoreStatement(ScoreSpec spec, int series) {
        String c = Format.number(spec.confidence());
        if (spec.lowPercentile() == 50) {
            return "with " + c + " % confidence the median of the " + series + " series KPIs lies";
        }
        String pair = "the " + Format.ordinal(spec.lowPercentile()) + " and the " + Format.ordinal(spec.highPercentile())
                + " percentiles of the " + series + " series KPIs";
        if (spec.joint()) {
            return "with " + c + " % confidence, both together, " + pair + " lie";
        }
        return "with " + c + " % confidence each of " + pair + " (jointly with probability at least "
                + Format.number(Math.max(0, 2 * spec.confidence() - 100)) + " %) lies";
    }

    private static String side(KpiSpec spec) {
        return spec.side() == Side.UPPER ? "an upper" : "a lower";
    }

    private static String values(MetricSpec metric, int[] runs, double[] values) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < runs.length; i++) {
            text.append(i > 0 ? ", " : "").append("run ").append(runs[i]).append(" = ").append(Format.number(values[i]));
        }
        return text.append(metric.unit().isEmpty() ? "" : " " + metric.unit()).toString();
    }

    private static String kpiList(MetricSpec metric, double[] kpis) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < kpis.length; i++) {
            text.append(i > 0 ? ", " : "").append("series ").append(i + 1).append(" = ").append(Format.number(kpis[i]));
        }
        return text.append(metric.unit().isEmpty() ? "" : " " + metric.unit()).toString();
    }

    private static int countDefined(double[] values) {
        return (int) Arrays.stream(values).filter(v -> !Double.isNaN(v)).count();
    }
}
