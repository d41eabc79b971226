package org.triscale.results.internal.gate;

import org.triscale.results.internal.setup.GateSpec;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.baseline.GateResult;
import org.triscale.engine.baseline.KpiChange;
import org.triscale.engine.baseline.SequelKpis;
import org.triscale.engine.comparison.ChangeScale;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.Design;
import org.triscale.engine.comparison.SequelChange;
import org.triscale.engine.baseline.LaunchVariation;
import org.triscale.engine.comparison.Tolerance;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.results.internal.setup.ConfigurationKeys;

import java.util.List;

/** The sentences of the regression gate. */
final class GateMessages {
    static final String UPDATE_HINT = "-Dtriscale.baseline.update=true";

    private GateMessages() {
    }

    /**
     * How the runs gave their value of a gated metric, for naming the gated quantity: a run's
     * value is the metric's measure of its samples (a P95 of the samples) or the value it
     * reported, and a reported value is not "a P95".
     */
    enum RunValues {
        /** Every valid run computed its value from its samples. */
        SAMPLES,
        /** Every valid run reported its value ({@code recordRunValue}). */
        REPORTED,
        /** Some of each, or no valid run. */
        MIXED
    }

    /**
     * The sentence of one metric's outcome. It leads with the outcome and the gated change named for
     * what it is (the quantity the decision used: "median per-run change of fct's run values") with
     * its interval, then the tolerance with its source, the test, the launch-to-launch variation the
     * interval includes and the detectable change; the KPIs before and after follow as information,
     * with why they can move the other way.
     */
    static String outcome(GateSpec.GatedMetric gated, GateResult result, ComparisonOutcome outcome, String reason,
                          GateSpec spec, RunValues values) {
        SequelChange change = result.change();
        String head = "Baseline gate: " + gated.metric().name() + " " + outcome.label() + ": ";
        boolean kpis = !(Double.isNaN(result.kpi().oldValue()) && Double.isNaN(result.kpi().newValue()));
        String information = kpis ? " " + information(gated, result.kpi()) : "";
        String gatedChange = quantity(result, gated) + " " + signed(gated, change, change.change().estimate()) + " ["
                + signed(gated, change, change.change().lower()) + ", " + signed(gated, change, change.change().upper())
                + "] (" + Format.percent(change.change().confidence()) + " interval; " + design(change, result) + "; "
                + runValue(gated, values) + ")";
        String launch = launch(result);
        boolean interleaved = spec.comparison().interleaved();
        return switch (outcome) {
            case REGRESSED -> head + gatedChange + ", beyond the tolerance " + tolerance(gated, result) + "; "
                    + test(result, true) + launch + "; " + detects(gated, change) + "." + information
                    + (interleaved ? " If the change is intended, make the candidate's code the reference (the"
                    + " reference runs in the same launch: there is no baseline file)."
                    : " If the change is intended, update the baseline with " + UPDATE_HINT + " and commit "
                    + spec.fileLabel() + ".");
            case IMPROVED -> head + gatedChange + ", tolerance " + tolerance(gated, result) + "; "
                    + test(result, false) + launch + "." + information
                    + (interleaved ? " To keep it, make the candidate's code the reference."
                    : " To make it the new reference, update the baseline with " + UPDATE_HINT + " and commit "
                    + spec.fileLabel() + ".");
            case UNCHANGED -> head + gatedChange + ", inside the tolerance " + tolerance(gated, result) + launch + "; "
                    + detects(gated, change) + "." + information;
            case INCONCLUSIVE -> {
                String numbers;
                if (Double.isNaN(change.change().estimate())) {
                    numbers = reason + " (" + design(change, result) + ")." + information;
                } else if (result.outcome() != ComparisonOutcome.INCONCLUSIVE) {
                    // Inconclusive for a reason outside the data (the test bed): the numbers are only information.
                    numbers = reason + ". For information: the " + gatedChange + " would have been "
                            + result.outcome().label() + "." + information;
                } else {
                    numbers = "cannot tell: " + gatedChange + ", tolerance " + tolerance(gated, result) + launch
                            + "; " + detects(gated, change) + " (" + reason + ")." + information;
                }
                String policy = spec.policies().inconclusive() == GateSpec.InconclusivePolicy.FAIL
                        ? " The inconclusive policy is fail (" + ConfigurationKeys.BASELINE_INCONCLUSIVE
                        + (spec.policies().strict() ? ", strict because CI=true or " + ConfigurationKeys.BASELINE_STRICT
                        + "=true" : "") + ")."
                        : " The inconclusive policy is warn (" + ConfigurationKeys.BASELINE_INCONCLUSIVE
                        + "); a strict CI job fails here.";
                yield head + numbers + policy;
            }
        };
    }

    /**
     * The gated quantity's name, what the change measures: "median per-run change of fct's run
     * values" (paired, interleaved), "mean over series of the mean per-run change of fct's run
     * values" (paired by series), "shift of the series medians of fct's run values" (unpaired).
     */
    static String quantity(GateResult result, GateSpec.GatedMetric gated) {
        String value = gated.metric().name() + "'s run values";
        return switch (result.change().design()) {
            case PAIRED_SERIES -> "mean over series of the mean per-run change of " + value;
            case PAIRED, INTERLEAVED -> "median per-run change of " + value;
            case UNPAIRED -> "shift of " + (result.unit() == ComparisonUnit.SERIES ? "the series medians of " : "")
                    + value;
        };
    }

    /**
     * What one run's value is: "each run's P95 of its samples", "the value each run reported", or
     * both; a reported value is named by its metric only, never as a percentile of samples.
     */
    static String runValue(GateSpec.GatedMetric gated, RunValues values) {
        MetricSpec metric = gated.metric();
        return switch (values) {
            case REPORTED -> "a run's value: the " + metric.name() + " it reported";
            case SAMPLES -> "a run's value: its " + metric.measure() + " of its samples";
            case MIXED -> "a run's value: its " + metric.measure() + " of its samples"
                    + (metric.reportable() ? ", or the value it reported" : "");
        };
    }

    /**
     * The gated quantity for the JSON result and the summary: its name and what a run's value is,
     * e.g. "median per-run change of fct's run values (a run's value: its P95 of its samples)".
     */
    static String quantity(GateSpec.GatedMetric gated, GateResult result, RunValues values) {
        return quantity(result, gated) + " (" + runValue(gated, values) + ")";
    }

    /**
     * What the interval includes of the variation between launches: "; the interval includes the
     * launch-to-launch variation, ±1.2 % per launch estimated from 12 pairs of accepted launches of
     * the history (it follows the history)"; empty for runs declared independent.
     */
    private static String launch(GateResult result) {
        LaunchVariation launch = result.launch();
        return switch (launch.source()) {
            case HISTORY -> "; the interval includes the launch-to-launch variation, "
                    + Format.percent(launch.perLaunch()) + " per launch (standard deviation) estimated from " + launch.launches() + " pairs of"
                    + " consecutive accepted launches of the history; the estimate follows the history";
            case BOUND -> launch.variance() == 0
                    ? "; no launch-to-launch variation is assumed (" + ConfigurationKeys.BASELINE_LAUNCH_SHIFT
                    + " = 0) while the history holds " + launch.launches() + " of the " + launch.minimum()
                    + " pairs of consecutive accepted launches an estimate needs"
                    : "; the interval includes the launch-to-launch variation, assumed at most "
                    + Format.percent(launch.launchShift()) + " per launch (" + ConfigurationKeys.BASELINE_LAUNCH_SHIFT
                    + ") because the history holds " + launch.launches() + " of the " + launch.minimum()
                    + " pairs of consecutive accepted launches an estimate needs (estimated once it holds them;"
                    + " @Runs(independent = true) when a run depends on its seed only)";
            case NONE -> "";
        };
    }

    /**
     * "For information, not gated: the median of the series KPIs (fct P75 at 75 %) went from 113 ms to
     * 133 ms (+20 ms, +17.7 %)", with why it can move the other way.
     */
    private static String information(GateSpec.GatedMetric gated, KpiChange kpi) {
        return "For information, not gated: " + kpiSentence(gated, kpi) + " (a KPI bounds a percentile of each"
                + " series, so it moves with the runs' spread and can move the other way).";
    }

    /**
     * "paired: 50 runs on the baseline's seeds", "interleaved: 50 pairs ..." or "unpaired: 5 series
     * medians against 5".
     */
    private static String design(SequelChange change, GateResult result) {
        return switch (change.design()) {
            case INTERLEAVED -> "interleaved: " + change.candidateCount() + " pairs of this launch, the reference and"
                    + " the candidate back to back on each run's seed in a random order drawn for the launch"
                    + (change.zeros() > 0 ? ", " + change.zeros() + " without change" : "");
            case PAIRED_SERIES -> "paired by series: " + change.candidateCount() + " runs on the baseline's seeds in "
                    + change.seriesCount() + " series, tested across series because the per-run changes differ"
                    + " between series or carry over from run to run (pairs not independent)";
            case PAIRED -> "paired: " + change.candidateCount() + " runs on the baseline's seeds"
                    + (change.zeros() > 0 ? ", " + change.zeros() + " without change" : "");
            case UNPAIRED -> "unpaired: " + change.candidateCount()
                    + (result.unit() == ComparisonUnit.SERIES ? " series medians" : " run metrics") + " against "
                    + change.referenceCount() + " of the baseline";
        };
    }

    /** What the default tolerance's variability score was computed from: the baseline's own values. */
    private static String scored(GateResult result) {
        return result.change().design().isPaired() || result.unit() == ComparisonUnit.SERIES ? "series medians"
                : "run values";
    }

    /** "+17.7 % [+16.1 %, +19.2 %] (98 % interval)": relative on the log scale, in the unit otherwise. */
    private static String interval(GateSpec.GatedMetric gated, SequelChange change) {
        return signed(gated, change, change.change().estimate()) + " [" + signed(gated, change,
                change.change().lower()) + ", " + signed(gated, change, change.change().upper()) + "] ("
                + Format.percent(change.change().confidence()) + " interval)";
    }

    /** "±4.3 % (the variability score of the per-series changes)". */
    private static String tolerance(GateSpec.GatedMetric gated, GateResult result) {
        SequelChange change = result.change();
        // The score comes from the reference's own values: the baseline's, or the reference arm's.
        String whose = change.design() == Design.INTERLEAVED ? "the reference arm's" : "the baseline's";
        String source = switch (change.toleranceSource()) {
            case RELATIVE -> "declared: @Baseline(tolerance)";
            case ABSOLUTE -> "declared: @Baseline(absoluteTolerance)";
            case FLOOR -> "floor: " + ConfigurationKeys.BASELINE_TOLERANCE_FLOOR + ", the practical resolution; "
                    + whose + " variability score of its " + scored(result) + " is smaller";
            case LIMIT -> "limit: " + Format.percent(Tolerance.DEFAULT_LIMIT) + "; " + whose + " variability score"
                    + " of its " + scored(result) + " is larger";
            case HISTORY -> "history: (q + 1.645) × the launch-to-launch deviation estimated from the accepted"
                    + " launches before this one, what two launches of unchanged code differ by";
            case LAUNCH_BOUND -> "launch bound: (q + 1.645) × the launch-to-launch deviation assumed by "
                    + ConfigurationKeys.BASELINE_LAUNCH_SHIFT + ", until the history holds its launches";
            case SCORE -> whose + " variability score of its " + scored(result);
        };
        return "±" + unsigned(gated, change, change.tolerance()) + " (" + source + ")";
    }

    /** "this design detects changes of +5.1 % or more" (with 80 % power). */
    private static String detects(GateSpec.GatedMetric gated, SequelChange change) {
        double mdc = change.minimumDetectableChange();
        if (Double.isNaN(mdc)) {
            return "the change this design detects is unknown (no dispersion)";
        }
        if (Double.isInfinite(mdc)) {
            return "this design cannot detect any change at alpha = " + Format.number(change.settings().alpha());
        }
        return "this design detects changes of ±" + unsigned(gated, change, mdc) + " or more (80 % power)";
    }

    /** "one-sided Wilcoxon signed-rank test, p = 2.98e-08 <= alpha = 0.01". */
    private static String test(GateResult result, boolean worse) {
        SequelChange change = result.change();
        LaunchVariation launch = result.launch();
        String name = launch.source() != LaunchVariation.Source.NONE && launch.variance() > 0
                ? (launch.source() == LaunchVariation.Source.HISTORY ? "t-test (Satterthwaite's degrees of freedom)"
                : "z-test") + " of the change against its standard error with the launch-to-launch variation"
                : change.design() == Design.PAIRED_SERIES ? "t-test of the series' mean changes (" + (change
                .seriesCount() - 1) + " df)" : change.design().isPaired() ? "Wilcoxon signed-rank test"
                : "Wilcoxon-Mann-Whitney rank-sum test";
        double p = worse ? change.worsePValue() : change.betterPValue();
        return "one-sided " + name + " for " + (worse ? "worse" : "better") + ", p = " + pValue(p) + " <= alpha = "
                + Format.number(change.settings().alpha());
    }

    private static String pValue(double p) {
        return p < 1e-4 ? String.format(java.util.Locale.ROOT, "%.3g", p) : Format.number(p);
    }

    private static String signed(GateSpec.GatedMetric gated, SequelChange change, double value) {
        if (Double.isInfinite(value)) {
            return value > 0 ? "+inf" : "-inf";
        }
        return change.scale() == ChangeScale.LOG_RATIO ? percent(value) : gated.metric().formatSigned(value);
    }

    private static String unsigned(GateSpec.GatedMetric gated, SequelChange change, double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        return change.scale() == ChangeScale.LOG_RATIO ? Format.percent(value) : gated.metric().format(value);
    }

    private static String capitalised(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    static String missing(GateSpec spec, String history) {
        return "Baseline gate: there is no baseline for this test: " + spec.fileLabel() + " does not exist"
                + history + ". Create it with " + UPDATE_HINT + ", check the numbers it prints, and commit the file.";
    }

    static String missingPolicy(GateSpec spec) {
        return spec.policies().missing() == GateSpec.MissingPolicy.FAIL
                ? " The missing-baseline policy is fail (" + ConfigurationKeys.BASELINE_MISSING
                + (spec.policies().strict() ? ", strict because CI=true or " + ConfigurationKeys.BASELINE_STRICT
                + "=true" : "") + ")."
                : " Nothing was compared; the sequel is only recorded in the history (" + ConfigurationKeys.BASELINE_MISSING
                        + "=record; a strict CI job fails here).";
    }

    static String unusable(String problem) {
        return "Baseline gate: " + problem + "; the file is left as it was. Fix it, restore it from version control,"
                + " or replace it with this execution's sequel with " + UPDATE_HINT + ".";
    }

    /** What an update changed for one metric. */
    static String updated(GateSpec.GatedMetric gated, SequelRecord.MetricRecord old, SequelKpis now, int newSeries,
                          int newRuns) {
        MetricSpec metric = gated.metric();
        StringBuilder text = new StringBuilder(gated.metric().name()).append(": median of the series KPIs (")
                .append(gated.kpiLabel()).append(") ");
        Double oldMedian = old == null || old.kpi() == null ? null : old.kpi().median();
        Double oldScore = old == null || old.score() == null ? null : old.score().value();
        if (old == null) {
            text.append(metric.format(now.median())).append(", variability score ").append(metric.format(now.score()));
        } else {
            text.append(oldMedian == null ? "n/a" : metric.format(oldMedian)).append(" → ")
                    .append(metric.format(now.median()));
            if (oldMedian != null && !Double.isNaN(now.median())) {
                text.append(" (").append(metric.formatSigned(now.median() - oldMedian)).append(", ")
                        .append(percent((now.median() - oldMedian) / Math.abs(oldMedian))).append(')');
            }
            text.append(", variability score ").append(oldScore == null ? "n/a" : metric.format(oldScore)).append(" → ")
                    .append(metric.format(now.score()));
        }
        text.append(", ");
        if (old != null) {
            text.append(old.runMetrics().size()).append(" → ");
        }
        return text.append(newSeries).append(" series, ").append(newRuns).append(" valid runs").toString();
    }

    static String fingerprint(List<String> differences) {
        return "the test bed differs from the baseline's (" + String.join("; ", differences) + "), so the numbers are"
                + " not comparable; measure the baseline on this test bed (" + UPDATE_HINT + ") or run where it was"
                + " measured";
    }

    /** "the median of the series KPIs (fct P75 at 75 %) went from 12.3 ms to 14.9 ms (+2.6 ms, +21.1 %)". */
    private static String kpiSentence(GateSpec.GatedMetric gated, KpiChange kpi) {
        MetricSpec metric = gated.metric();
        String text = "the median of the series KPIs (" + gated.kpiLabel() + ") went from "
                + metric.format(kpi.oldValue()) + " to " + metric.format(kpi.newValue());
        if (Double.isNaN(kpi.change())) {
            return text;
        }
        return text + " (" + metric.formatSigned(kpi.change()) + ", " + percent(kpi.relativeChange()) + ")";
    }

    private static String percent(double fraction) {
        if (Double.isNaN(fraction) || Double.isInfinite(fraction)) {
            return "n/a %";
        }
        return Format.signedPercent(fraction);
    }
}
