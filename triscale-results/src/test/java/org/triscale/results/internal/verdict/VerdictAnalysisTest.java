package org.triscale.results.internal.verdict;

import org.junit.jupiter.api.Test;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.sizing.Sizing;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.FailingChecks;
import org.triscale.results.internal.setup.Settings;
import org.triscale.results.internal.setup.TestSetup;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The verdict's analysis on recorded runs, without a JUnit launch: the KPI of each series is the
 * engine's order-statistic bound of its valid run metrics (Thompson 1936), the score the engine's
 * range of the series KPIs, and every problem is one message naming the KPI, the bound and the threshold.
 */
class VerdictAnalysisTest {

    private static final double[] SERIES_1 = {12.0, 10.0, 14.5, 11.0, 13.0};
    private static final double[] SERIES_2 = {20.0, 22.0, 21.0, 23.5, 20.5};

    private static TestSetup delay(double atMost, int series) {
        return TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(atMost).series(series).build();
    }

    @Test
    void theKpiOfEachSeriesIsTheEnginesBoundOfItsRunMetrics() {
        TestSetup setup = delay(100, 2);
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup).series(1, SERIES_1)
                .series(2, SERIES_2).build());

        assertThat(setup.runsPerSeries()).isEqualTo(Sizing.oneSided(75, 75, 0));
        assertThat(analysis.kpis()).hasSize(2);
        for (KpiOutcome outcome : analysis.kpis()) {
            double[] values = outcome.series() == 1 ? SERIES_1 : SERIES_2;
            double expected = Kpis.kpi(values, 75, 75, Side.UPPER, null, Mode.SOUND).value();
            assertThat(outcome.value()).as("series %d", outcome.series()).isEqualTo(expected);
            assertThat(outcome.passed()).isTrue();
            assertThat(outcome.needed()).isEqualTo(Sizing.oneSided(75, 75, 0));
            assertThat(outcome.runs()).containsExactly(1, 2, 3, 4, 5);
        }
        // With 5 runs the upper 75/75 bound is the largest value: run 3 in series 1, run 4 in series 2.
        int rank = ThompsonBounds.indices(5, 75, 75, IntervalKind.ONE_SIDED).upperIndex().orElseThrow() + 1;
        assertThat(analysis.kpis().get(0).boundRank()).isEqualTo(rank);
        assertThat(analysis.kpis().get(0).value()).isEqualTo(14.5);
        assertThat(analysis.kpis().get(0).boundRun()).isEqualTo(3);
        assertThat(analysis.kpis().get(1).boundRun()).isEqualTo(4);
        assertThat(analysis.failures()).isEmpty();
        assertThat(analysis.passed()).isTrue();
    }

    @Test
    void aViolatedKpiFailsWithOneMessageNamingTheKpiTheBoundAndTheThreshold() {
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(delay(14, 1)).series(1, SERIES_1).build());

        assertThat(analysis.passed()).isFalse();
        assertThat(analysis.failures()).hasSize(1);
        String failure = analysis.failures().get(0);
        assertThat(failure).startsWith("KPI delay P75 at 75 % (atMost 14 ms) violated in series 1")
                .contains("with 75 % confidence the 75th percentile of delay is at most 14.5 ms")
                .contains("above atMost 14 ms")
                .contains("The bound is the metric of run 3 (rank 5 of 5 valid runs in ascending order)")
                .contains("series 1 run metrics: run 1 = 12, run 2 = 10, run 3 = 14.5, run 4 = 11, run 5 = 13 ms");
    }

    @Test
    void theThresholdIsInclusive() {
        assertThat(VerdictAnalysis.analyse(RecordedSequels.builder(delay(14.5, 1)).series(1, SERIES_1).build())
                .failures()).isEmpty();
    }

    @Test
    void aLowerKpiIsBoundedFromBelowAndFailsUnderAtLeast() {
        TestSetup setup = TestSetups.builder().metric("throughput", "Mbit/s").kpi("throughput", 25, 75).atLeast(11)
                .build();
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup).series(1, SERIES_1).build());

        KpiOutcome outcome = analysis.kpis().get(0);
        assertThat(outcome.spec().side()).isEqualTo(Side.LOWER);
        assertThat(outcome.value()).isEqualTo(Kpis.kpi(SERIES_1, 25, 75, Side.LOWER, null, Mode.SOUND).value())
                .isEqualTo(10.0);
        assertThat(outcome.boundRun()).isEqualTo(2);
        assertThat(analysis.failures()).singleElement().asString()
                .contains("is at least 10 Mbit/s").contains("below atLeast 11 Mbit/s");
    }

    @Test
    void seriesViolatingTheSameKpiAreStatedOnceWithATableOfTheirBounds() {
        TestSetup setup = delay(5, 3);
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup).series(1, SERIES_1)
                .series(2, SERIES_2).series(3, 7, 6, 8, 9, 6.5).build());

        assertThat(analysis.failures()).hasSize(1);
        String failure = analysis.failures().get(0);
        assertThat(failure).startsWith("KPI delay P75 at 75 % (atMost 5 ms) violated in series 1–3: in each,")
                .containsPattern("series +bound +bound run +rank")
                .containsPattern("1 +14\\.5 ms +run 3 +5 of 5 valid runs")
                .containsPattern("2 +23\\.5 ms +run 4 +5 of 5 valid runs")
                .containsPattern("3 +9 ms +run 4 +5 of 5 valid runs");
    }

    @Test
    void failedRunsAreLeftOutOfTheKpiAndFailTheVerdict() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100).runs(7).build();
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup)
                .series(1, 12, 10, 99, 11, 13, 12.5, 10.5).run(1, 3, RunStatus.FAILED, "timeout after 30 s").build());

        KpiOutcome outcome = analysis.kpis().get(0);
        assertThat(outcome.runs()).containsExactly(1, 2, 4, 5, 6, 7);
        double expected = Kpis.kpi(new double[] {12, 10, 11, 13, 12.5, 10.5}, 75, 75, Side.UPPER, null, Mode.SOUND)
                .value();
        assertThat(outcome.value()).isEqualTo(expected).isLessThan(99);
        assertThat(analysis.failures()).singleElement().asString()
                .startsWith("1 of 7 runs failed (series 1 run 3: timeout after 30 s)")
                .contains("The KPIs leave them out");
    }

    @Test
    void excludedRunsAreAWarningNotAFailure() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100).runs(7).build();
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup)
                .series(1, 12, 10, 14, 11, 13, 12.5, 10.5).run(1, 2, RunStatus.NOT_CONVERGED, "")
                .run(1, 6, RunStatus.ABORTED, "assumption").build());

        assertThat(analysis.failures()).isEmpty();
        assertThat(analysis.warnings()).contains("2 of 7 runs were excluded (series 1 run 2 did not converge, "
                + "series 1 run 6 aborted)");
    }

    @Test
    void tooFewValidRunsLeaveTheKpiUndefinedAndSayHowManyMoreToRun() {
        TestSetup setup = delay(100, 1);
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup).series(1, SERIES_1)
                .run(1, 1, RunStatus.FAILED, "crash").run(1, 2, RunStatus.NOT_CONVERGED, "").build());

        KpiOutcome outcome = analysis.kpis().get(0);
        assertThat(outcome.defined()).isFalse();
        assertThat(outcome.value()).isNaN();
        assertThat(outcome.passed()).isFalse();
        assertThat(analysis.failures()).anySatisfy(failure -> assertThat(failure)
                .startsWith("KPI delay P75 at 75 % cannot be computed in series 1: an upper bound of the 75th"
                        + " percentile at 75 % confidence needs at least 5 valid runs, but only 3 of 5 are valid"
                        + " (1 did not converge, 1 failed, 0 aborted)")
                .contains("@Runs(count = 7)"));
    }

    @Test
    void aSeriesWithoutRunsHasAnUndefinedKpi() {
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(delay(100, 2)).series(1, SERIES_1).build());

        assertThat(analysis.kpis().get(1).series()).isEqualTo(2);
        assertThat(analysis.kpis().get(1).result()).isNull();
        assertThat(analysis.failures()).singleElement().asString()
                .contains("cannot be computed in series 2").contains("only 0 of 0 are valid");
    }

    @Test
    void theScoreIsTheEnginesRangeOfTheSeriesKpis() {
        int series = Sizing.twoSided(75, 75, 0);
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                .score(Double.NaN, Double.NaN).series(series).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= series; s++) {
            runs.series(s, RecordedSequels.ramp(5, 10 + 3 * ((s * 7) % series), 0.5));
        }
        Analysis analysis = VerdictAnalysis.analyse(runs.build());

        double[] kpis = analysis.kpis().stream().mapToDouble(KpiOutcome::value).toArray();
        ScoreOutcome score = analysis.scores().get(0);
        assertThat(score.kpis()).containsExactly(kpis);
        double expected = VariabilityScores.score(kpis, 75, 75, IntervalKind.TWO_SIDED, null, Mode.SOUND).score();
        assertThat(score.result().score()).isEqualTo(expected);
        assertThat(score.needed()).isEqualTo(series);
        // The score's ends are the KPIs of the series named as its ends.
        assertThat(kpis[score.lowSeries() - 1]).isEqualTo(score.result().lowerValue());
        assertThat(kpis[score.highSeries() - 1]).isEqualTo(score.result().upperValue());
        assertThat(score.result().upperValue() - score.result().lowerValue()).isCloseTo(expected, within(1e-12));
        assertThat(score.passed()).isTrue();
    }

    @Test
    void aScoreAboveItsThresholdFailsNamingItsEndsAndTheSeriesKpis() {
        int series = Sizing.twoSided(75, 75, 0);
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                .score(1, Double.NaN).series(series).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= series; s++) {
            runs.series(s, RecordedSequels.ramp(5, 10 + s, 0.1));
        }
        Analysis analysis = VerdictAnalysis.analyse(runs.build());

        ScoreOutcome score = analysis.scores().get(0);
        assertThat(score.passed()).isFalse();
        String failure = analysis.failures().get(analysis.failures().size() - 1);
        assertThat(failure).startsWith("The variability score of delay")
                .contains("is " + Format.number(score.result().score()) + " ms (relative "
                        + Format.percent(score.result().relativeScore()) + ")")
                .contains("above atMost 1 ms")
                .contains("whose ends are the KPIs of series " + score.lowSeries() + " and series " + score.highSeries())
                .contains("Series KPIs: series 1 = 11.4");
    }

    @Test
    void aRelativeScoreAboveItsThresholdFails() {
        int series = Sizing.twoSided(75, 75, 0);
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                .score(Double.NaN, 0.05).series(series).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= series; s++) {
            runs.series(s, RecordedSequels.ramp(5, 10 + s, 0.1));
        }
        ScoreOutcome score = VerdictAnalysis.analyse(runs.build()).scores().get(0);

        assertThat(score.result().relativeScore()).isGreaterThan(0.05);
        assertThat(score.passed()).isFalse();
        assertThat(VerdictMessages.scoreViolated(score)).contains("above relativeAtMost 0.05 (5 %)");
    }

    @Test
    void tooFewSeriesLeaveTheScoreUndefined() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                .score(1, Double.NaN).series(2).build();
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup).series(1, SERIES_1)
                .series(2, SERIES_2).build());

        ScoreOutcome score = analysis.scores().get(0);
        assertThat(score.defined()).isFalse();
        assertThat(score.lowSeries()).isZero();
        assertThat(analysis.failures()).singleElement().asString()
                .startsWith("The variability score of delay")
                .contains("cannot be computed: it needs at least " + Sizing.twoSided(75, 75, 0) + " series KPIs, but"
                        + " only 2 of 2 series have a defined KPI")
                .contains("@Series(count = " + (2 + Sizing.twoSided(75, 75, 0) - 2) + ")");
    }

    @Test
    void identicalRunsAreAWarningByDefaultAFailureOrNothingAsConfigured() {
        double[] same = {7, 7, 7, 7, 7};
        for (Settings.IdenticalRuns policy : Settings.IdenticalRuns.values()) {
            TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                    .identicalRuns(policy).build();
            Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup).series(1, same).build());
            String text = "Metric delay: every run of the series gave the same value (7 ms)";
            switch (policy) {
                case WARN -> assertThat(analysis.warnings()).anySatisfy(w -> assertThat(w).startsWith(text)
                        .contains("5 identical runs are one measurement"));
                case FAIL -> assertThat(analysis.failures()).anySatisfy(f -> assertThat(f).startsWith(text));
                case OFF -> {
                    assertThat(analysis.warnings()).noneMatch(w -> w.contains("same value"));
                    assertThat(analysis.failures()).noneMatch(f -> f.contains("same value"));
                }
            }
        }
    }

    @Test
    void aConstantMetricBesideAVaryingOneIsConstantByDesign() {
        TestSetup setup = TestSetups.builder().metric("throughput", "Mbit/s").metric("delay", "ms")
                .kpi("delay", 75, 75).atMost(100).build();
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup)
                .series(1, "throughput", 10, 10, 10, 10, 10).series(1, "delay", SERIES_1).build());

        assertThat(analysis.warnings()).noneMatch(w -> w.contains("same value"));
    }

    @Test
    void failingChecksAreWarningsUnderWarnAndFailuresUnderFail() {
        // A strictly increasing series: its trend check fails.
        double[] trend = RecordedSequels.ramp(30, 10, 1);
        for (FailingChecks policy : FailingChecks.values()) {
            TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(1000).runs(30)
                    .checks(policy).build();
            Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup).series(1, trend).build());
            boolean stationary = analysis.kpis().get(0).result().stationarity().checks().stream()
                    .allMatch(check -> check.passed());
            assertThat(stationary).as("a monotone trend fails a check").isFalse();
            if (policy == FailingChecks.WARN) {
                assertThat(analysis.failures()).isEmpty();
                assertThat(analysis.warnings()).anySatisfy(w -> assertThat(w)
                        .startsWith("series 1, KPI delay P75 at 75 %: the ").contains("check failed"));
            } else {
                assertThat(analysis.failures()).anySatisfy(f -> assertThat(f).contains("check failed")
                        .endsWith("investigate the dependence between runs, or use the warn policy."));
            }
        }
    }

    @Test
    void sortedPositionsKeepTiesInTheirOrder() {
        assertThat(VerdictAnalysis.sortedPositions(new double[] {3, 1, 2, 1})).containsExactly(1, 3, 2, 0);
        assertThat(VerdictAnalysis.sortedPositions(new double[0])).isEmpty();
        double[] values = {5, 4, 3, 2, 1};
        int[] positions = VerdictAnalysis.sortedPositions(values);
        assertThat(Arrays.stream(positions).mapToDouble(i -> values[i]).toArray()).isSorted();
    }

    @Test
    void theBoundRunOfTiedValuesIsTheLastOfTheTieInRunOrder() {
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(delay(100, 1))
                .series(1, 9, 12, 8, 12, 10).build());

        KpiOutcome outcome = analysis.kpis().get(0);
        assertThat(outcome.value()).isEqualTo(12.0);
        assertThat(outcome.boundRank()).isEqualTo(5);
        assertThat(outcome.boundRun()).isEqualTo(4);
    }

    @Test
    void runsThatTheHostMayHaveLimitedAreNamedInTheVerdict() {
        TestSetup setup = delay(100, 2);
        Analysis analysis = VerdictAnalysis.analyse(RecordedSequels.builder(setup).series(1, SERIES_1)
                .series(2, SERIES_2)
                .notes(1, 4, java.util.Map.of("host-limited", "cpu 99 %", "cpu", "cpu 99 %"))
                .notes(2, 2, java.util.Map.of("host-limited", "cpu 97 %"))
                .notes(2, 3, java.util.Map.of("cpu", "cpu 12 %"))
                .build());

        assertThat(analysis.failures()).isEmpty();
        assertThat(analysis.warnings()).filteredOn(w -> w.contains("limited by the host")).singleElement()
                .asString().startsWith("2 of 10 runs may have been limited by the host, not the test bed"
                        + " (note \"host-limited\"): series 1 run 4, series 2 run 2;");
        // a run note of another name is not such a flag
        Analysis quiet = VerdictAnalysis.analyse(RecordedSequels.builder(setup).series(1, SERIES_1)
                .series(2, SERIES_2).notes(2, 3, java.util.Map.of("cpu", "cpu 12 %")).build());
        assertThat(quiet.warnings()).noneMatch(w -> w.contains("limited by the host"));
    }
}
