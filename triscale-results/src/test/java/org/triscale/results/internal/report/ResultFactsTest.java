package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.TestSetup;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the tables, summaries and pages say about a result: its name and size, values and
 * thresholds with their units, the deciding KPI over the series and the score's threshold.
 */
class ResultFactsTest {

    @Test
    void nameAndSizeOfAFixedTest() {
        TestResult passing = TestResults.passing();
        TestResult failing = TestResults.failing();

        assertThat(ResultFacts.name(passing)).isEqualTo("CcaTest.delay");
        assertThat(ResultFacts.name(failing)).isEqualTo("CcaTest.slow");
        assertThat(ResultFacts.size(passing)).isEqualTo("3 series × 5 runs");
        assertThat(ResultFacts.size(failing)).isEqualTo("2 series × 6 runs");
        assertThat(ResultFacts.adaptiveRuns(passing)).isFalse();
        assertThat(ResultFacts.adaptiveSeries(passing)).isFalse();
    }

    @Test
    void theSizeOfAdaptiveRunsIsTheMostRunsASeriesTookOfItsMaximum() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                .adaptiveRuns(200).build();
        SplittableRandom random = new SplittableRandom(7);
        double[] values = new double[200];
        for (int i = 0; i < values.length; i++) {
            values[i] = 10 + random.nextDouble();
        }
        TestResult result = TestResults.of(RecordedSequels.builder(setup).series(1, values).build());

        int taken = (int) result.runs().stream().filter(run -> run.series() == 1).count();
        assertThat(taken).isLessThan(200);
        assertThat(ResultFacts.adaptiveRuns(result)).isTrue();
        assertThat(ResultFacts.size(result)).isEqualTo("1 series × ≤ " + taken + " of 200 runs");
    }

    @Test
    void theSizeOfAdaptiveSeriesIsTheSeriesTakenOfTheirMaximum() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(1000)
                .score(50, Double.NaN).runs(5).adaptiveSeries(40).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        SplittableRandom random = new SplittableRandom(3);
        for (int s = 1; s <= 40; s++) {
            double[] values = new double[5];
            for (int r = 0; r < 5; r++) {
                values[r] = 100 + s + random.nextDouble();
            }
            runs.series(s, values);
        }
        TestResult result = TestResults.of(runs.build());

        assertThat(ResultFacts.adaptiveSeries(result)).isTrue();
        assertThat(ResultFacts.size(result)).isEqualTo(result.series().size() + " of 40 series × 5 runs");
        assertThat(result.series().size()).isLessThan(40);
    }

    @Test
    void valuesCarryTheirMetricsUnitAndAMissingValueIsNotAvailable() {
        TestResult result = TestResults.passing();

        assertThat(ResultFacts.unit(result, "delay")).isEqualTo("ms");
        assertThat(ResultFacts.unit(result, "undeclared")).isEmpty();
        assertThat(ResultFacts.bounds(result, "undeclared")).isNull();
        assertThat(ResultFacts.value(result, "delay", 12.5)).isEqualTo("12.5 ms");
        assertThat(ResultFacts.value(result, "delay", null)).isEqualTo("n/a");
        assertThat(ResultFacts.value(result, "undeclared", 3.0)).isEqualTo("3");
    }

    @Test
    void thresholdsAreWrittenWithTheirSideAndUnit() {
        TestResult result = TestResults.passing();

        assertThat(ResultFacts.threshold(result, "delay", null, 60.0)).isEqualTo("≤ 60 ms");
        assertThat(ResultFacts.threshold(result, "delay", 19.0, null)).isEqualTo("≥ 19 ms");
        assertThat(ResultFacts.threshold(result, "delay", 1.0, 2.0)).isEqualTo("in [1, 2 ms]");
        assertThat(ResultFacts.threshold(result, "delay", null, null)).isEqualTo("none");
    }

    @Test
    void theKpiLabelAndOutcomeWords() {
        TestResult result = TestResults.passing();

        assertThat(ResultFacts.kpiLabel(result.parameters().kpis().get(0))).isEqualTo("delay P75");
        assertThat(ResultFacts.outcome(true, true)).isEqualTo("ok");
        assertThat(ResultFacts.outcome(true, false)).isEqualTo("FAILED");
        assertThat(ResultFacts.outcome(false, false)).isEqualTo("undefined");
    }

    @Test
    void theDecidingKpiIsTheFirstFailingSeriesElseTheOneClosestToItsThreshold() {
        TestResult failing = TestResults.failing();
        TestResult passing = TestResults.passing();

        // failing: series 1's KPI is 13 ms (ok), series 2's 33 ms above its 20 ms.
        TestResult.SeriesKpi deciding = ResultFacts.deciding(failing, 0);
        assertThat(deciding.bound().passed()).isFalse();
        assertThat(deciding.bound().value()).isEqualTo(33);
        // passing: series KPIs 13, 13, 14 ms below 100 ms, an upper KPI: the largest decides.
        assertThat(ResultFacts.deciding(passing, 0).bound().value()).isEqualTo(14);
        assertThat(ResultFacts.seriesKpis(passing, 0)).extracting(kpi -> kpi.bound().value())
                .containsExactly(13.0, 13.0, 14.0);
        // A KPI index the series do not have: nothing decides.
        assertThat(ResultFacts.seriesKpis(passing, 1)).containsExactly(null, null, null);
        assertThat(ResultFacts.deciding(passing, 1)).isNull();
    }

    @Test
    void forALowerKpiTheSmallestSeriesValueDecides() {
        TestSetup setup = TestSetups.builder().metric("rate", "Mbit/s").kpi("rate", 25, 75).atLeast(1).runs(5)
                .series(2).build();
        TestResult result = TestResults.of(RecordedSequels.builder(setup).series(1, 10, 11, 12, 13, 14)
                .series(2, 5, 6, 7, 8, 9).build());

        TestResult.SeriesKpi deciding = ResultFacts.deciding(result, 0);
        assertThat(ResultFacts.upper(deciding.spec().side())).isFalse();
        assertThat(deciding.spec().side()).isEqualTo(Side.LOWER);
        assertThat(deciding.bound().value()).isEqualTo(ResultFacts.seriesKpis(result, 0).stream()
                .mapToDouble(kpi -> kpi.bound().value()).min().orElseThrow());
        assertThat(deciding.bound().value()).isEqualTo(5);
    }

    @Test
    void theScoreThresholdNamesEachBoundOrNone() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).score(2500, 0.05).runs(5)
                .series(2).build();
        TestResult result = TestResults.of(RecordedSequels.builder(setup).series(1, 10, 11, 12, 13, 14)
                .series(2, 10, 11, 12, 13, 14).build());
        TestResult.Score score = result.variabilityScores().get(0);

        assertThat(ResultFacts.scoreThreshold(result, score, ResultFacts.scoreParameters(result, 0)))
                .isEqualTo("≤ 2500 ms, ≤ 5 % relative");
        assertThat(ResultFacts.scoreThreshold(result, score, null)).isEqualTo("none");
        assertThat(ResultFacts.scoreParameters(result, 1)).isNull();
    }

    @Test
    void nullTextsAndEnumsAreEmptyAndStatusesAreReadAsTheySay() {
        assertThat(ResultFacts.text((String) null)).isEmpty();
        assertThat(ResultFacts.text((Enum<?>) null)).isEmpty();
        assertThat(ResultFacts.text(RunStatus.FAILED)).isEqualTo("FAILED");
        assertThat(ResultFacts.passed(RunStatus.PASSED)).isTrue();
        assertThat(ResultFacts.passed(RunStatus.FAILED)).isFalse();
        assertThat(ResultFacts.passed(TestResult.VerdictStatus.PASSED)).isTrue();
        assertThat(ResultFacts.passed(TestResults.failing().verdict().status())).isFalse();
        assertThat(ResultFacts.lowerIsBetter(Direction.LOWER_IS_BETTER)).isTrue();
        assertThat(ResultFacts.lowerIsBetter(Direction.HIGHER_IS_BETTER)).isFalse();
        assertThat(List.of(Side.values())).filteredOn(ResultFacts::upper).containsExactly(Side.UPPER);
    }
}
