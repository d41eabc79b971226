package org.triscale.junit.internal.gate;

import org.triscale.junit.internal.output.Format;
import org.triscale.junit.internal.setup.MetricSpec;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.baseline.GateResult;
import org.triscale.engine.baseline.KpiChange;
import org.triscale.engine.baseline.SequelKpis;
import org.triscale.junit.internal.gate.SequelRecord;

import java.util.List;

/** The sentences of the regression gate. */
final class GateMessages {
    static final String UPDATE_HINT = "-Dtriscale.baseline.update=true";

    private GateMessages() {
    }

    static String regressed(GateSpec.GatedMetric gated, GateResult result, GateSpec spec) {
        KpiChange kpi = result.kpi();
        String head = "Baseline gate: " + gated.label() + (kpi.beyondScore()
                ? " regressed beyond the variability score: " + kpiSentence(gated, kpi) + ", more than the baseline's "
                        + "variability score " + score(gated, kpi) + allowance(gated, kpi, spec) + "; "
                : " regressed: ");
        String test = test(gated, result, spec, true);
        String tail = kpi.beyondScore() ? "" : ", although " + kpiSentence(gated, kpi) + withinScore(gated, kpi, spec);
        return head + test + tail + ". If the change is intended, update the baseline with " + UPDATE_HINT
                + " and commit " + spec.fileLabel() + ".";
    }

    static String improved(GateSpec.GatedMetric gated, GateResult result, GateSpec spec) {
        return "Baseline gate: " + gated.label() + " improved: " + kpiSentence(gated, result.kpi()) + "; "
                + test(gated, result, spec, false) + ". To make it the new reference, update the baseline with "
                + UPDATE_HINT + " and commit " + spec.fileLabel() + ".";
    }

    static String unchanged(GateSpec.GatedMetric gated, GateResult result, GateSpec spec) {
        return "Baseline gate: " + gated.label() + " unchanged: " + kpiSentence(gated, result.kpi())
                + ", variability score " + score(gated, result.kpi()) + "; no significant change at alpha = "
                + Format.number(spec.alpha()) + " (" + units(spec, result.newCount()) + " against "
                + result.baselineCount() + ": p = " + Format.number(result.worse().pValue()) + " for worse"
                + (spec.allowance().any() ? " beyond the allowance" : "") + ", "
                + Format.number(result.better().pValue()) + " for better).";
    }

    static String inconclusive(GateSpec.GatedMetric gated, GateResult result, String reason, GateSpec spec) {
        KpiChange kpi = result.kpi();
        String numbers = Double.isNaN(kpi.oldValue()) && Double.isNaN(kpi.newValue()) ? ""
                : " For information: " + kpiSentence(gated, kpi) + ".";
        String policy = spec.inconclusive() == GateSpec.InconclusivePolicy.FAIL
                ? " The inconclusive policy is fail (" + GateSpecReader.INCONCLUSIVE + (spec.strict()
                ? ", strict because CI=true or " + GateSpecReader.STRICT + "=true" : "") + ")."
                : " The inconclusive policy is warn (" + GateSpecReader.INCONCLUSIVE + "); a strict CI job fails here.";
        return "Baseline gate: " + gated.label() + " inconclusive: " + reason + "." + numbers + policy;
    }

    static String missing(GateSpec spec, String history) {
        return "Baseline gate: there is no baseline for this test: " + spec.fileLabel() + " does not exist"
                + history + ". Create it with " + UPDATE_HINT + ", check the numbers it prints, and commit the file.";
    }

    static String missingPolicy(GateSpec spec) {
        return spec.missing() == GateSpec.MissingPolicy.FAIL
                ? " The missing-baseline policy is fail (" + GateSpecReader.MISSING + (spec.strict()
                ? ", strict because CI=true or " + GateSpecReader.STRICT + "=true" : "") + ")."
                : " Nothing was compared; the sequel is only recorded in the history (" + GateSpecReader.MISSING
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
        StringBuilder text = new StringBuilder(gated.label()).append(": median of the series KPIs (")
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

    private static String withinScore(GateSpec.GatedMetric gated, KpiChange kpi, GateSpec spec) {
        if (Double.isNaN(kpi.score())) {
            return " (the baseline has too few series for a variability score)";
        }
        return ", within the baseline's variability score " + score(gated, kpi) + allowance(gated, kpi, spec)
                + ": the change is smaller than the spread between series, but consistent";
    }

    private static String score(GateSpec.GatedMetric gated, KpiChange kpi) {
        if (Double.isNaN(kpi.score())) {
            return "n/a (too few baseline series)";
        }
        return gated.metric().format(kpi.score()) + " (" + Format.ordinal(Math.min(gated.scorePercentile(),
                100 - gated.scorePercentile())) + "–" + Format.ordinal(Math.max(gated.scorePercentile(),
                100 - gated.scorePercentile())) + " percentiles of the series KPIs at "
                + Format.number(gated.scoreConfidence()) + " %)";
    }

    private static String allowance(GateSpec.GatedMetric gated, KpiChange kpi, GateSpec spec) {
        return spec.allowance().any() ? " plus the allowance " + gated.metric().format(kpi.allowance()) : "";
    }

    /** "the 5 new series medians are larger than the 5 baseline ones (one-sided rank-sum test, p = 0.004 ≤ alpha = 0.01)". */
    private static String test(GateSpec.GatedMetric gated, GateResult result, GateSpec spec, boolean worse) {
        boolean larger = worse == (gated.direction() == Direction.LOWER_IS_BETTER);
        double p = worse ? result.worse().pValue() : result.better().pValue();
        String allowanceText = worse && spec.allowance().any() ? " by more than the allowance" : "";
        String what = spec.unit() == ComparisonUnit.SERIES ? "series medians" : "run metrics";
        boolean exact = worse ? result.worse().exact() : result.better().exact();
        return "the " + result.newCount() + " new " + what + " are " + (larger ? "larger" : "smaller") + " than the "
                + result.baselineCount() + " baseline ones" + allowanceText + " (one-sided Wilcoxon-Mann-Whitney "
                + "rank-sum test, " + (exact ? "exact" : "normal approximation") + ", p = " + Format.number(p)
                + " <= alpha = " + Format.number(spec.alpha()) + ")";
    }

    private static String units(GateSpec spec, int count) {
        return count + (spec.unit() == ComparisonUnit.SERIES ? " series medians" : " run metrics");
    }

    private static String percent(double fraction) {
        if (Double.isNaN(fraction) || Double.isInfinite(fraction)) {
            return "n/a %";
        }
        return Format.signedPercent(fraction);
    }
}
