package org.triscale.results.internal.verdict;

import org.junit.jupiter.api.Test;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.TestSetup;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A series' KPI checks, which its own JUnit test reports as soon as it ends, are the verdict's
 * outcomes for that series: the same values, and the same failures.
 */
class SeriesChecksTest {

    @Test
    void eachSeriesPassesOrFailsAsTheVerdictJudgesIt() {
        // Series 1's KPI is 13 ms, series 2's 33 ms, both against atMost 20 ms.
        RecordedSequel sequel = TestResults.builder().test("org.example.CcaTest", "slow").atMost(20).seriesCount(2)
                .setup(b -> b.runs(6)).series(1, 10, 99, 12, 11, 13, 12).series(2, 30, 31, 29, 33, 32, 30.5)
                .run(1, 2, RunStatus.FAILED, "timeout").sequel();

        SeriesChecks first = VerdictAnalysis.seriesChecks(sequel, 1);
        SeriesChecks second = VerdictAnalysis.seriesChecks(sequel, 2);
        Analysis verdict = VerdictAnalysis.analyse(sequel);

        assertThat(first.series()).isEqualTo(1);
        assertThat(first.passed()).isTrue();
        assertThat(first.failures()).isEmpty();
        assertThat(second.passed()).isFalse();
        assertThat(second.failures()).hasSize(1);
        assertThat(second.failures().get(0)).contains("series 2").contains("20 ms");
        // The same KPI values as the verdict's, series by series.
        List<Double> verdictValues = new ArrayList<>();
        for (KpiOutcome outcome : verdict.kpis()) {
            verdictValues.add(outcome.value());
        }
        assertThat(List.of(first.kpis().get(0).value(), second.kpis().get(0).value())).isEqualTo(verdictValues)
                .containsExactly(13.0, 33.0);
        assertThat(verdict.failures()).anySatisfy(failure -> assertThat(failure).contains("series 2"));
    }

    @Test
    void aSeriesWithoutValidRunsFailsItsUndefinedKpi() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(20).runs(5).build();
        RecordedSequel sequel = RecordedSequels.builder(setup)
                .series(1, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN).build();

        SeriesChecks checks = VerdictAnalysis.seriesChecks(sequel, 1);

        assertThat(checks.passed()).isFalse();
        assertThat(checks.kpis().get(0).defined()).isFalse();
        assertThat(checks.failures()).containsExactly("KPI delay P75 at 75 % cannot be computed in series 1: an upper"
                + " bound of the 75th percentile at 75 % confidence needs at least 5 valid runs, but only 0 of 5 are"
                + " valid (0 did not converge, 0 failed, 0 aborted, 5 passed without a valid delay). Make the runs"
                + " longer so that they converge, run more with @Runs(count = 10), or lower the KPI's confidence or"
                + " the robustness.");
    }

    @Test
    void theUndefinedKpiCountsEachKindOfRunThatGaveNoValue() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(20).runs(5).build();
        RecordedSequel sequel = RecordedSequels.builder(setup).series(1, 10, Double.NaN, 12, Double.NaN, 13)
                .run(1, 3, RunStatus.ABORTED, "interrupted").run(1, 5, RunStatus.NOT_CONVERGED, "drifting").build();

        SeriesChecks checks = VerdictAnalysis.seriesChecks(sequel, 1);

        // Run 1 is valid; runs 2 and 4 passed without a value; run 3 aborted; run 5 did not converge.
        assertThat(checks.failures()).singleElement().asString().contains(" but only 1 of 5 are valid (1 did not"
                + " converge, 0 failed, 1 aborted, 2 passed without a valid delay). ")
                .contains("run more with @Runs(count = 9)");
    }

    @Test
    void theChecksAreACopyThatCannotBeChangedAfterwards() {
        List<String> failures = new ArrayList<>(List.of("one"));
        SeriesChecks checks = new SeriesChecks(1, List.of(), failures);
        failures.add("two");

        assertThat(checks.failures()).containsExactly("one");
        assertThat(checks.passed()).isFalse();
        assertThatThrownBy(() -> checks.failures().add("three")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(new SeriesChecks(2, List.of(), List.of()).passed()).isTrue();
    }
}
