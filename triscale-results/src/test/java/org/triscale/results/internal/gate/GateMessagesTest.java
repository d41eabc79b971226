package org.triscale.results.internal.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.baseline.GateResult;
import org.triscale.engine.baseline.KpiChange;
import org.triscale.engine.baseline.LaunchVariation;
import org.triscale.engine.baseline.SequelKpis;
import org.triscale.engine.comparison.ChangeScale;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.ComparisonSettings;
import org.triscale.engine.comparison.Design;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.SequelChange;
import org.triscale.engine.comparison.ShiftEstimate;
import org.triscale.engine.comparison.ToleranceSource;
import org.triscale.results.fixtures.Gates;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.setup.GateSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gate's sentences, as a user reads them in a failure or a warning: the outcome of each
 * design and tolerance source, the missing and unusable baseline, the update and the test bed.
 */
class GateMessagesTest {
    @TempDir
    Path dir;

    private GateSpec spec(UnaryOperator<Gates.Builder> gate) {
        return TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).runs(5).series(10)
                .gate(gate.apply(Gates.builder(dir).metric("delay", Direction.LOWER_IS_BETTER)).build()).build()
                .gate().orElseThrow();
    }

    private GateSpec spec() {
        return spec(UnaryOperator.identity());
    }

    private static GateSpec strict(GateSpec spec, GateSpec.MissingPolicy missing,
                                   GateSpec.InconclusivePolicy inconclusive, boolean strict) {
        GateSpec.Policies p = spec.policies();
        return new GateSpec(spec.metrics(), spec.comparison(), spec.files(), spec.fingerprint(),
                new GateSpec.Policies(p.update(), p.forceUpdate(), missing, inconclusive, strict));
    }

    /** A paired change on the log scale of {@code estimate} in [lower, upper] at 98 %. */
    private static SequelChange change(Design design, ChangeScale scale, ComparisonOutcome outcome, String reason,
                                       double estimate, double lower, double upper, ToleranceSource source,
                                       double mdc, int zeros) {
        return new SequelChange(design, scale, outcome, reason, new SequelChange.Counts(50, 50, zeros, 10),
                new SequelChange.PValues(2.98e-8, 0.75, 1e-12), new ShiftEstimate(estimate, lower, upper, 0.98),
                new SequelChange.Thresholds(0.05, source, mdc), 100,
                ComparisonSettings.of(Direction.LOWER_IS_BETTER).withAlpha(0.01));
    }

    private static KpiChange kpi(double oldValue, double newValue) {
        return new KpiChange(new double[] {oldValue}, new double[] {newValue}, oldValue, newValue, newValue - oldValue,
                (newValue - oldValue) / Math.abs(oldValue), Double.NaN, Double.NaN);
    }

    private static final KpiChange NO_KPI = new KpiChange(new double[0], new double[0], Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    @Test
    void aRegressionLeadsWithTheGatedChangeAndEndsWithHowToAcceptIt() {
        GateSpec spec = spec();
        GateResult result = new GateResult(change(Design.PAIRED, ChangeScale.LOG_RATIO, ComparisonOutcome.REGRESSED,
                "", 0.177, 0.161, 0.192, ToleranceSource.RELATIVE, 0.051, 0), ComparisonUnit.SERIES, kpi(113, 133));

        String text = GateMessages.outcome(spec.metrics().get(0), result, ComparisonOutcome.REGRESSED, "", spec, GateMessages.RunValues.MIXED);

        assertThat(text).isEqualTo("Baseline gate: delay regressed: median per-run change of delay's run values +17.7 %"
                + " [+16.1 %, +19.2 %] (98 % interval; paired: 50 runs on the baseline's seeds; a run's value: its P95"
                + " of its samples, or the value it reported), beyond the tolerance"
                + " ±5 % (declared: @Baseline(tolerance)); one-sided Wilcoxon signed-rank test for worse,"
                + " p = 2.98e-08 <= alpha = 0.01; this design detects changes of ±5.1 % or more (80 % power)."
                + " For information, not gated: the median of the series KPIs (delay P75 at 75 %) went from 113 ms"
                + " to 133 ms (+20 ms, +17.7 %) (a KPI bounds a percentile of each series, so it moves with the"
                + " runs' spread and can move the other way). If the change is intended, update the baseline with"
                + " -Dtriscale.baseline.update=true and commit baselines/org.example.CcaTest/delay.json.");
    }

    @Test
    void anImprovementNamesTheBetterTestAndHowToMakeItTheReference() {
        GateSpec spec = spec();
        SequelChange change = new SequelChange(Design.UNPAIRED, ChangeScale.LOG_RATIO, ComparisonOutcome.IMPROVED, "",
                new SequelChange.Counts(8, 10, 0, 10), new SequelChange.PValues(0.99, 0.0004, 1e-5),
                new ShiftEstimate(-0.2, -0.25, -0.15, 0.98), new SequelChange.Thresholds(0.05, ToleranceSource.SCORE, 0.08),
                100, ComparisonSettings.of(Direction.LOWER_IS_BETTER).withAlpha(0.01));

        String text = GateMessages.outcome(spec.metrics().get(0), new GateResult(change, ComparisonUnit.SERIES, NO_KPI),
                ComparisonOutcome.IMPROVED, "", spec, GateMessages.RunValues.MIXED);

        assertThat(text).startsWith("Baseline gate: delay improved: shift of the series medians of delay's run values -20 %"
                        + " [-25 %, -15 %] (98 % interval; unpaired: 10 series medians against 8 of the baseline;")
                .contains("tolerance ±5 % (the baseline's variability score of its series medians); one-sided"
                        + " Wilcoxon-Mann-Whitney rank-sum test for better, p = 0.0004 <= alpha = 0.01.")
                .endsWith(" To make it the new reference, update the baseline with -Dtriscale.baseline.update=true"
                        + " and commit baselines/org.example.CcaTest/delay.json.")
                // No KPI on either side: no sentence about them.
                .doesNotContain("For information");
    }

    @Test
    void unchangedSaysInsideTheToleranceAndNothingToDo() {
        GateSpec spec = spec();
        GateResult result = new GateResult(change(Design.PAIRED, ChangeScale.LOG_RATIO, ComparisonOutcome.UNCHANGED,
                "", 0.001, -0.01, 0.012, ToleranceSource.FLOOR, 0.03, 3), ComparisonUnit.SERIES, NO_KPI);

        String text = GateMessages.outcome(spec.metrics().get(0), result, ComparisonOutcome.UNCHANGED, "", spec, GateMessages.RunValues.MIXED);

        assertThat(text).isEqualTo("Baseline gate: delay unchanged: median per-run change of delay's run values +0.1 %"
                + " [-1 %, +1.2 %] (98 % interval; paired: 50 runs on the baseline's seeds, 3 without change; a run's"
                + " value: its P95 of its samples, or the value it reported), inside the tolerance ±5 % (floor: triscale.baseline.tolerance.floor, the practical resolution;"
                + " the baseline's variability score of its series medians is smaller); this design detects changes"
                + " of ±3 % or more (80 % power).");
    }

    @Test
    void inconclusiveNamesItsPolicyAndWhetherAStrictJobFails() {
        GateSpec warn = spec();
        GateResult result = new GateResult(change(Design.PAIRED, ChangeScale.LOG_RATIO, ComparisonOutcome.INCONCLUSIVE,
                "too few pairs", 0.04, -0.02, 0.1, ToleranceSource.LIMIT, Double.POSITIVE_INFINITY, 0),
                ComparisonUnit.SERIES, NO_KPI);

        String warned = GateMessages.outcome(warn.metrics().get(0), result, ComparisonOutcome.INCONCLUSIVE,
                "too few pairs", warn, GateMessages.RunValues.MIXED);
        String failed = GateMessages.outcome(warn.metrics().get(0), result, ComparisonOutcome.INCONCLUSIVE,
                "too few pairs", strict(warn, GateSpec.MissingPolicy.RECORD, GateSpec.InconclusivePolicy.FAIL, true), GateMessages.RunValues.MIXED);

        assertThat(warned).contains("Baseline gate: delay inconclusive: cannot tell: median per-run change of delay's run"
                        + " values +4 % [-2 %, +10 %] (98 % interval; paired: 50 runs on the baseline's seeds;")
                .contains("tolerance ±5 % (limit: 2 %; the baseline's variability score of its series medians is larger)")
                .contains("this design cannot detect any change at alpha = 0.01 (too few pairs).")
                .endsWith(" The inconclusive policy is warn (triscale.baseline.inconclusive); a strict CI job fails here.");
        assertThat(failed).endsWith(" The inconclusive policy is fail (triscale.baseline.inconclusive, strict because"
                + " CI=true or triscale.baseline.strict=true).");
    }

    @Test
    void anInconclusiveGateOfARegressedComparisonGivesTheNumbersForInformationOnly() {
        GateSpec spec = spec();
        // The comparison regressed, but the gate could not trust it (e.g. the test bed differs).
        GateResult result = new GateResult(change(Design.PAIRED, ChangeScale.LOG_RATIO, ComparisonOutcome.REGRESSED,
                "", 0.2, 0.1, 0.3, ToleranceSource.RELATIVE, 0.05, 0), ComparisonUnit.SERIES, NO_KPI);

        String text = GateMessages.outcome(spec.metrics().get(0), result, ComparisonOutcome.INCONCLUSIVE,
                "the test bed differs", spec, GateMessages.RunValues.MIXED);

        assertThat(text).startsWith("Baseline gate: delay inconclusive: the test bed differs. For information: the median"
                        + " per-run change of delay's run values +20 % [+10 %, +30 %] (98 % interval; paired: 50 runs"
                        + " on the baseline's seeds;")
                .contains("would have been regressed.");
    }

    @Test
    void anUncomputedChangeGivesOnlyTheReason() {
        GateSpec spec = spec();
        GateResult result = new GateResult(change(Design.UNPAIRED, ChangeScale.LOG_RATIO,
                ComparisonOutcome.INCONCLUSIVE, "no valid run", Double.NaN, Double.NaN, Double.NaN,
                ToleranceSource.SCORE, Double.NaN, 0), ComparisonUnit.RUNS, NO_KPI);

        String text = GateMessages.outcome(spec.metrics().get(0), result, ComparisonOutcome.INCONCLUSIVE,
                "no valid run", spec, GateMessages.RunValues.MIXED);

        assertThat(text).isEqualTo("Baseline gate: delay inconclusive: no valid run (unpaired: 50 run metrics against 50"
                + " of the baseline). The inconclusive policy is warn (triscale.baseline.inconclusive); a strict"
                + " CI job fails here.");
    }

    @Test
    void onTheDifferenceScaleChangesAreInTheMetricsUnitAndInfinitiesAreSpelled() {
        GateSpec spec = spec();
        GateResult result = new GateResult(change(Design.PAIRED_SERIES, ChangeScale.DIFFERENCE,
                ComparisonOutcome.REGRESSED, "", 12.5, 3, Double.POSITIVE_INFINITY, ToleranceSource.ABSOLUTE, Double.NaN,
                0), ComparisonUnit.SERIES, NO_KPI);

        String text = GateMessages.outcome(spec.metrics().get(0), result, ComparisonOutcome.REGRESSED, "", spec, GateMessages.RunValues.MIXED);

        assertThat(text).contains("(98 % interval; paired by series: 50 runs on the baseline's seeds in 10 series, tested across"
                        + " series because the per-run changes differ between series or carry over from run to run"
                        + " (pairs not independent);")
                .contains("regressed: mean over series of the mean per-run change of delay's run values +12.5 ms"
                        + " [+3 ms, +inf] (98 % interval;")
                .contains("beyond the tolerance ±0.05 ms (declared: @Baseline(absoluteTolerance))")
                .contains("one-sided t-test of the series' mean changes (9 df) for worse")
                .contains("the change this design detects is unknown (no dispersion)");
    }

    @Test
    void theLaunchToLaunchVariationIsNamedWithItsSourceAndTheTestThatUsesIt() {
        GateSpec spec = spec();
        SequelChange regressed = change(Design.PAIRED, ChangeScale.LOG_RATIO, ComparisonOutcome.REGRESSED, "", 0.2,
                0.1, 0.3, ToleranceSource.LAUNCH_BOUND, 0.05, 0);

        String bound = GateMessages.outcome(spec.metrics().get(0), new GateResult(regressed, ComparisonUnit.SERIES,
                NO_KPI, LaunchVariation.bound(0.02, 3, 8)), ComparisonOutcome.REGRESSED, "", spec, GateMessages.RunValues.MIXED);
        String none = GateMessages.outcome(spec.metrics().get(0), new GateResult(regressed, ComparisonUnit.SERIES,
                NO_KPI, LaunchVariation.bound(0, 3, 8)), ComparisonOutcome.REGRESSED, "", spec, GateMessages.RunValues.MIXED);

        assertThat(bound).contains("one-sided z-test of the change against its standard error with the"
                        + " launch-to-launch variation for worse")
                .contains("; the interval includes the launch-to-launch variation, assumed at most 2 % per launch"
                        + " (triscale.baseline.launchShift) because the history holds 3 of the 8 pairs of consecutive"
                        + " accepted launches an estimate needs")
                .contains("(launch bound: (q + 1.645) × the launch-to-launch deviation assumed by"
                        + " triscale.baseline.launchShift, until the history holds its launches)");
        assertThat(none).contains("; no launch-to-launch variation is assumed (triscale.baseline.launchShift = 0)"
                        + " while the history holds 3 of the 8 pairs")
                .contains("one-sided Wilcoxon signed-rank test for worse");
    }

    @Test
    void theQuantityOfAMetricThatCannotBeReportedLeavesTheReportedValueOut() {
        GateSpec spec = TestSetups.builder().metric("fct", Measure.percentile(75), "s", null).kpi("fct", 75, 75)
                .gate(Gates.builder(dir).metric("fct", Direction.LOWER_IS_BETTER).build()).build().gate().orElseThrow();
        GateSpec.GatedMetric gated = spec.metrics().get(0);
        GateResult unpaired = new GateResult(change(Design.UNPAIRED, ChangeScale.LOG_RATIO,
                ComparisonOutcome.UNCHANGED, "", 0, 0, 0, ToleranceSource.SCORE, 0.1, 0), ComparisonUnit.RUNS, NO_KPI);

        assertThat(GateMessages.quantity(gated, unpaired, GateMessages.RunValues.MIXED))
                .isEqualTo("shift of fct's run values (a run's value: its P75 of its samples, or the value it reported)");
        GateSpec.GatedMetric notReportable = new GateSpec.GatedMetric(
                new org.triscale.results.internal.setup.MetricSpec("fct", Measure.percentile(75), "s", null, false,
                        false), Direction.LOWER_IS_BETTER, 75, 75, Side.UPPER, 75, 75);
        assertThat(GateMessages.quantity(notReportable, unpaired, GateMessages.RunValues.MIXED))
                .isEqualTo("shift of fct's run values (a run's value: its P75 of its samples)");
    }

    @Test
    void aMissingBaselineSaysHowToCreateItAndWhatThePolicyDoes() {
        GateSpec spec = spec();

        assertThat(GateMessages.missing(spec, " and the history holds no accepted sequel"))
                .isEqualTo("Baseline gate: there is no baseline for this test: baselines/org.example.CcaTest/delay.json"
                        + " does not exist and the history holds no accepted sequel. Create it with"
                        + " -Dtriscale.baseline.update=true, check the numbers it prints, and commit the file.");
        assertThat(GateMessages.missingPolicy(spec)).isEqualTo(" Nothing was compared; the sequel is only recorded in"
                + " the history (triscale.baseline.missing=record; a strict CI job fails here).");
        assertThat(GateMessages.missingPolicy(strict(spec, GateSpec.MissingPolicy.FAIL,
                GateSpec.InconclusivePolicy.WARN, false)))
                .isEqualTo(" The missing-baseline policy is fail (triscale.baseline.missing).");
        assertThat(GateMessages.missingPolicy(strict(spec, GateSpec.MissingPolicy.FAIL,
                GateSpec.InconclusivePolicy.WARN, true)))
                .isEqualTo(" The missing-baseline policy is fail (triscale.baseline.missing, strict because CI=true"
                        + " or triscale.baseline.strict=true).");
    }

    @Test
    void aBaselineOutsideItsFolderIsNamedByItsWholePath() {
        GateSpec inside = spec();
        GateSpec outside = new GateSpec(inside.metrics(), inside.comparison(),
                new GateSpec.Files(dir.resolve("elsewhere.json"), 0, inside.files().history(), dir.resolve("base")),
                inside.fingerprint(), inside.policies());

        assertThat(GateMessages.missing(outside, "")).contains(dir.resolve("elsewhere.json") + " does not exist.");
    }

    @Test
    void anUnusableBaselineIsLeftAsItWasWithThreeWaysOut() {
        assertThat(GateMessages.unusable("baselines/a.json is not JSON"))
                .isEqualTo("Baseline gate: baselines/a.json is not JSON; the file is left as it was. Fix it, restore it"
                        + " from version control, or replace it with this execution's sequel with"
                        + " -Dtriscale.baseline.update=true.");
    }

    @Test
    void aDifferentTestBedListsEveryDifference() {
        assertThat(GateMessages.fingerprint(List.of("cores 4 → 8", "kernel 6.1 → 6.8")))
                .isEqualTo("the test bed differs from the baseline's (cores 4 → 8; kernel 6.1 → 6.8), so the numbers"
                        + " are not comparable; measure the baseline on this test bed (-Dtriscale.baseline.update=true)"
                        + " or run where it was measured");
    }

    @Test
    void anUpdateShowsWhatChangedFromTheOldBaselineOrTheNewValuesAlone() {
        GateSpec.GatedMetric gated = spec().metrics().get(0);
        SequelKpis now = new SequelKpis(new double[] {11, 12, 13}, 12, 11, 13, 2, 0.17);
        SequelRecord.MetricRecord old = new SequelRecord.MetricRecord("delay", Measure.percentile(95), "ms",
                Direction.LOWER_IS_BETTER, List.of(List.of(9.0), List.of(10.0)),
                new SequelRecord.StoredKpi(75.0, 75.0, Side.UPPER, List.of(9.0, 10.0), 10.0),
                new SequelRecord.Score(75.0, 75.0, 9.0, 10.0, 1.0, 0.1));
        SequelRecord.MetricRecord oldWithoutKpi = new SequelRecord.MetricRecord("delay", Measure.percentile(95), "ms",
                Direction.LOWER_IS_BETTER, List.of(List.of(9.0)), null, null);

        assertThat(GateMessages.updated(gated, null, now, 3, 15)).isEqualTo("delay: median of the series KPIs"
                + " (delay P75 at 75 %) 12 ms, variability score 2 ms, 3 series, 15 valid runs");
        assertThat(GateMessages.updated(gated, old, now, 3, 15)).isEqualTo("delay: median of the series KPIs"
                + " (delay P75 at 75 %) 10 ms → 12 ms (+2 ms, +20 %), variability score 1 ms → 2 ms, 2 → 3 series,"
                + " 15 valid runs");
        assertThat(GateMessages.updated(gated, oldWithoutKpi, now, 3, 15)).isEqualTo("delay: median of the series"
                + " KPIs (delay P75 at 75 %) n/a → 12 ms, variability score n/a → 2 ms, 1 → 3 series, 15 valid runs");
    }

    @Test
    void aKpiChangeWithoutABaselineValueHasNoRelativeChange() {
        GateSpec spec = spec();
        KpiChange half = new KpiChange(new double[] {Double.NaN}, new double[] {5}, Double.NaN, 5, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN);
        GateResult result = new GateResult(change(Design.PAIRED, ChangeScale.LOG_RATIO, ComparisonOutcome.UNCHANGED,
                "", 0, -0.01, 0.01, ToleranceSource.HISTORY, 0.02, 0), ComparisonUnit.SERIES, half);

        String text = GateMessages.outcome(spec.metrics().get(0), result, ComparisonOutcome.UNCHANGED, "", spec, GateMessages.RunValues.MIXED);

        assertThat(text).contains("(history: (q + 1.645) × the launch-to-launch deviation estimated from the accepted"
                        + " launches before this one, what two launches of unchanged code differ by)")
                .contains(" For information, not gated: the median of the series KPIs (delay P75 at 75 %) went from"
                        + " n/a")
                // Without a baseline value there is no change to give, absolute or relative.
                .endsWith(" to 5 ms (a KPI bounds a percentile of each series, so it moves with the runs' spread"
                        + " and can move the other way).");
    }
}
