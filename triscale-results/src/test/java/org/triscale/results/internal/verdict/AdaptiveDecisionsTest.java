package org.triscale.results.internal.verdict;

import org.junit.jupiter.api.Test;
import org.triscale.engine.sequential.Decision;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.model.StopReason;
import org.triscale.results.internal.setup.KpiSpec;
import org.triscale.results.internal.setup.ScoreSpec;
import org.triscale.results.internal.setup.TestSetup;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The stopping rules of adaptive runs and series (anytime-valid bounds, Howard and Ramdas 2022) and
 * what the verdict makes of their decisions: a decided KPI or score is judged by its sequential
 * bound, an undecided one at {@code maxCount} by the fixed-N bound at the stricter confidence of
 * its last look.
 */
class AdaptiveDecisionsTest {

    /** Run metrics around {@code centre}, seeded. */
    private static double[] noisy(long seed, int n, double centre, double spread) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = centre + spread * (random.nextDouble() - 0.5);
        }
        return values;
    }

    private static TestSetup adaptive(double atMost, int maxCount) {
        return TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(atMost)
                .adaptiveRuns(maxCount).build();
    }

    @Test
    void aKpiFarBelowItsThresholdIsDecidedPassBeforeMaxCount() {
        TestSetup setup = adaptive(100, 200);
        RecordedSequel sequel = RecordedSequels.builder(setup).series(1, noisy(1, 200, 10, 2)).build();

        SeriesDecision decision = sequel.adaptive(1);
        assertThat(decision.stopReason()).isEqualTo(StopReason.DECIDED);
        assertThat(decision.runs()).isLessThan(200).isGreaterThanOrEqualTo(setup.runs().sized());
        assertThat(sequel.runsIn(1)).as("a stopped series generates no more runs").isEqualTo(decision.runs());
        KpiSpec kpi = setup.kpis().get(0);
        SequentialOutcome outcome = decision.kpi(kpi);
        assertThat(outcome.step().decision()).isEqualTo(Decision.PASS);
        assertThat(outcome.fallback()).isFalse();
        assertThat(outcome.stopRun()).isEqualTo(decision.runs());
        assertThat(outcome.maxCount()).isEqualTo(200);

        Analysis analysis = VerdictAnalysis.analyse(sequel);
        KpiOutcome judged = analysis.kpis().get(0);
        assertThat(judged.sequentialVerdict()).isTrue();
        assertThat(judged.passed()).isTrue();
        // The sequential KPI is the bound on the KPI's side: at most the threshold, at least the data's 75th percentile.
        assertThat(judged.value()).isEqualTo(outcome.step().kpi(kpi.side())).isLessThanOrEqualTo(100);
        assertThat(analysis.failures()).isEmpty();
        assertThat(VerdictMessages.sequentialStatement(judged))
                .startsWith("KPI delay P75 at 75 % (atMost 100 ms), series 1: sequential bound (Howard & Ramdas 2022)"
                        + " after " + decision.runs() + " of max 200 runs: decided pass.")
                .contains("at every run at once");
    }

    @Test
    void aKpiFarAboveItsThresholdIsDecidedFailAndFailsTheVerdict() {
        TestSetup setup = adaptive(5, 200);
        RecordedSequel sequel = RecordedSequels.builder(setup).series(1, noisy(2, 200, 50, 4)).build();

        assertThat(sequel.adaptive(1).stopReason()).isEqualTo(StopReason.DECIDED);
        Analysis analysis = VerdictAnalysis.analyse(sequel);
        KpiOutcome judged = analysis.kpis().get(0);
        assertThat(judged.sequentialVerdict()).isTrue();
        assertThat(judged.passed()).isFalse();
        assertThat(analysis.failures()).singleElement().asString()
                .contains("decided fail. With 75 % confidence the 75th percentile of delay is above 5 ms")
                .contains("Series 1 run metrics: run 1 = ");
    }

    @Test
    void anUndecidedSeriesFallsBackToTheFixedNBoundAtAStricterConfidence() {
        // The threshold is the true 75th percentile of the runs' law (uniform on [8, 12]): no bound decides it.
        double[] values = noisy(7, 20, 10, 4);
        TestSetup setup = adaptive(11, 20);
        RecordedSequel sequel = RecordedSequels.builder(setup).series(1, values).build();

        SeriesDecision decision = sequel.adaptive(1);
        assertThat(decision.stopReason()).as("%s after %d", decision.kpis(), decision.runs()).isEqualTo(StopReason.MAX_COUNT);
        assertThat(decision.runs()).isEqualTo(20);
        SequentialOutcome outcome = decision.kpi(setup.kpis().get(0));
        assertThat(outcome.fallback()).isTrue();
        assertThat(outcome.fallbackConfidence()).isGreaterThan(75).isLessThan(100);

        KpiOutcome judged = VerdictAnalysis.analyse(sequel).kpis().get(0);
        assertThat(judged.sequentialVerdict()).isFalse();
        assertThat(judged.result().confidence()).isEqualTo(outcome.fallbackConfidence());
        assertThat(VerdictMessages.confidenceUsed(judged)).isGreaterThan(75);
        assertThat(VerdictMessages.sequentialStatement(judged)).contains("undecided after max 20 runs")
                .contains("the verdict is the fixed-N KPI of the 20 valid runs (Thompson 1936)");
    }

    @Test
    void aDecisionIsACopyThatLaterRunsDoNotChange() {
        TestSetup setup = adaptive(100, 50);
        AdaptiveSeries rule = new AdaptiveSeries(setup);
        RecordedSequel sequel = RecordedSequels.builder(TestSetups.builder().metric("delay", "ms")
                .kpi("delay", 75, 75).atMost(100).runs(50).build()).series(1, noisy(4, 50, 10, 2)).build();
        rule.add(sequel.run(1, 1));
        rule.add(sequel.run(1, 2));
        SeriesDecision early = rule.decision();
        rule.add(sequel.run(1, 3));

        assertThat(early.runs()).isEqualTo(2);
        assertThat(rule.decision().runs()).isEqualTo(3);
        assertThat(early.stopReason()).isNull();
        assertThatThrownBy(() -> early.kpis().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void theSeriesDoesNotStopBeforeItsSizedMinimum() {
        TestSetup setup = adaptive(1000, 100);
        AdaptiveSeries rule = new AdaptiveSeries(setup);
        RecordedSequel sequel = RecordedSequels.builder(TestSetups.builder().metric("delay", "ms")
                .kpi("delay", 75, 75).atMost(1000).runs(100).build()).series(1, noisy(5, 100, 1, 0.1)).build();
        for (int run = 1; run < setup.runs().sized(); run++) {
            rule.add(sequel.run(1, run));
            assertThat(rule.stopped()).as("after run %d", run).isFalse();
        }
        assertThat(rule.progress()).contains("delay P75 in [");
    }

    @Test
    void theProgressLineNamesTheIntervalAndTheStop() {
        TestSetup setup = adaptive(100, 200);
        RecordedSequel sequel = RecordedSequels.builder(setup).series(1, noisy(6, 200, 10, 2)).build();
        AdaptiveSeries rule = new AdaptiveSeries(setup);
        for (int run = 1; run <= sequel.runsIn(1); run++) {
            rule.add(sequel.run(1, run));
        }
        assertThat(rule.progress()).startsWith("delay P75 in [").contains("] ms decided pass")
                .endsWith(" · stopped: every KPI decided");
        assertThat(AdaptiveSeries.describe(StopReason.MAX_COUNT)).isEqualTo("maxCount reached");
        assertThat(AdaptiveSeries.describe(StopReason.PRECISION)).isEqualTo("every KPI decided or precise");
    }

    @Test
    void aSequelOfAdaptiveSeriesStopsWhenItsScoreIsDecided() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(1000)
                .score(50, Double.NaN).runs(5).adaptiveSeries(40).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= 40; s++) {
            runs.series(s, noisy(100 + s, 5, 10, 1));
        }
        RecordedSequel sequel = runs.build();

        SequelDecision decision = sequel.sequel();
        ScoreSpec score = setup.scores().get(0);
        assertThat(decision.stopReason()).isEqualTo(StopReason.DECIDED);
        assertThat(decision.series()).isLessThan(40).isGreaterThanOrEqualTo(setup.series().sized());
        assertThat(sequel.seriesCount()).isEqualTo(decision.series());
        SequentialScoreOutcome outcome = decision.score(score);
        assertThat(outcome.step().decision()).isEqualTo(Decision.PASS);
        assertThat(outcome.step().score()).isLessThanOrEqualTo(50);

        Analysis analysis = VerdictAnalysis.analyse(sequel);
        assertThat(analysis.kpis()).hasSize(decision.series());
        ScoreOutcome judged = analysis.scores().get(0);
        assertThat(judged.sequentialVerdict()).isTrue();
        assertThat(judged.passed()).isTrue();
        assertThat(analysis.failures()).isEmpty();
        assertThat(VerdictMessages.sequentialScoreStatement(judged))
                .startsWith("The variability score of delay").contains("(atMost 50 ms)")
                .contains("after " + decision.series() + " of max 40 series: decided pass");
    }

    @Test
    void aSequelWhoseSeriesDisagreeIsDecidedFail() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(1e6)
                .score(1, Double.NaN).runs(5).adaptiveSeries(40).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= 40; s++) {
            runs.series(s, noisy(200 + s, 5, 100 * (s % 7), 1));
        }
        RecordedSequel sequel = runs.build();

        assertThat(sequel.sequel().score(setup.scores().get(0)).step().decision()).isEqualTo(Decision.FAIL);
        Analysis analysis = VerdictAnalysis.analyse(sequel);
        assertThat(analysis.scores().get(0).passed()).isFalse();
        assertThat(analysis.failures()).anySatisfy(f -> assertThat(f).contains("decided fail")
                .contains("The series disagree more than allowed"));
        AdaptiveSequel rule = new AdaptiveSequel(setup);
        rule.add(sequel, 1);
        assertThat(rule.progress()).startsWith("sequel after series 1 of max 40 · score of delay");
    }
}
