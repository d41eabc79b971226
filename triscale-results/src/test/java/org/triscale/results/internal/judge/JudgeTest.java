package org.triscale.results.internal.judge;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.Mode;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.sizing.Sizing;
import org.triscale.results.fixtures.Gates;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.Analysis;
import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.verdict.VerdictAnalysis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The judge: analysis and gate in one decision, which writes nothing. */
class JudgeTest {

    private static final double[] DELAYS = {12.0, 10.0, 14.5, 11.0, 13.0};

    private static TestSetup setup(double atMost, int series) {
        return TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(atMost).series(series).build();
    }

    @Test
    void aPassingDecisionHasNoFailureAndMapsToAPassedResult() {
        Judge.Decision decision = Judge.decide(RecordedSequels.builder(setup(100, 1)).series(1, DELAYS).build());

        assertThat(decision.passed()).isTrue();
        assertThat(decision.status()).isEqualTo(TestResult.VerdictStatus.PASSED);
        assertThat(decision.gate()).isNull();
        assertThat(decision.adaptive()).isEmpty();
        assertThat(decision.result().verdict().status()).isEqualTo(TestResult.VerdictStatus.PASSED);
    }

    @Test
    void theDecisionsProblemsAreTheAnalysisProblems() {
        RecordedSequel sequel = RecordedSequels.builder(TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75)
                .atMost(11).runs(7).build()).series(1, 12, 10, 14.5, 11, 13, 12.5, 10.5)
                .run(1, 2, RunStatus.ABORTED, "").build();
        Judge.Decision decision = Judge.decide(sequel);
        Analysis analysis = VerdictAnalysis.analyse(sequel);

        assertThat(decision.failures()).isEqualTo(analysis.failures()).hasSize(1);
        assertThat(decision.warnings()).hasSize(1);
        assertThat(decision.warnings()).isEqualTo(analysis.warnings());
        assertThat(decision.status()).isEqualTo(TestResult.VerdictStatus.FAILED);
    }

    @Test
    void aDecisionIsNotChangedByTheOnesDerivedFromIt() {
        Judge.Decision decision = Judge.decide(RecordedSequels.builder(setup(100, 1)).series(1, DELAYS).build());
        Judge.Decision failed = decision.withFailure("the JSON result could not be written");
        Judge.Decision warned = decision.withWarning("the summary could not be written");

        assertThat(decision.passed()).isTrue();
        assertThat(failed.passed()).isFalse();
        assertThat(failed.failures()).containsExactly("the JSON result could not be written");
        assertThat(failed.result().verdict().failures()).containsExactly("the JSON result could not be written");
        assertThat(warned.passed()).isTrue();
        assertThat(warned.warnings()).containsExactly("the summary could not be written");
        assertThat(decision.warnings()).isEmpty();
    }

    @Test
    void failedNamesTheFailingKpisWithTheirSeriesAndTheScores() {
        int count = Sizing.twoSided(75, 75, 0);
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(14)
                .score(0.5, Double.NaN).series(count).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= count; s++) {
            runs.series(s, s % 2 == 0 ? DELAYS : RecordedSequels.ramp(5, 10, 0.5));
        }
        List<String> failed = Judge.failed(VerdictAnalysis.analyse(runs.build()));

        assertThat(failed).containsExactly("KPI delay P75 at 75 % in series 2, 4",
                setup.scores().get(0).label());
    }

    @Test
    void failedCountsOtherProblemsAndIsEmptyForAPassingAnalysis() {
        RecordedSequel runFailed = RecordedSequels.builder(TestSetups.builder().metric("delay", "ms")
                .kpi("delay", 75, 75).atMost(100).runs(7).build()).series(1, 12, 10, 99, 11, 13, 12.5, 10.5)
                .run(1, 3, RunStatus.FAILED, "boom").build();

        assertThat(Judge.failed(VerdictAnalysis.analyse(runFailed))).containsExactly("1 problem listed above");
        assertThat(Judge.failed(VerdictAnalysis.analyse(RecordedSequels.builder(setup(100, 1)).series(1, DELAYS)
                .build()))).isEmpty();
    }

    @Test
    void theHeaderNamesTheTestTheStatusAndWhatRan() {
        RecordedSequel sequel = RecordedSequels.builder(setup(100, 3)).series(1, DELAYS).series(2, DELAYS)
                .series(3, DELAYS).build();

        assertThat(Judge.header(sequel, "FAILED"))
                .isEqualTo("TriScale verdict of CcaTest.delay: FAILED (3 series × 5 runs, mode SOUND)");
        assertThat(Judge.counts(sequel)).isEqualTo("1 KPI in 3 series and 0 scores hold");
        TestSetup adaptive = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                .adaptiveRuns(40).mode(Mode.TRISCALE).build();
        RecordedSequel stopped = RecordedSequels.builder(adaptive).series(1, RecordedSequels.ramp(40, 1, 0)).build();
        assertThat(Judge.header(stopped, "PASSED")).isEqualTo("TriScale verdict of CcaTest.delay: PASSED (1 series, "
                + stopped.plannedRuns() + " adaptive runs of at most 40 per series, mode TRISCALE)");
    }

    @Test
    void theFailureMessageListsEveryProblemTheWarningsAndTheFile() {
        RecordedSequel sequel = RecordedSequels.builder(TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75)
                .atMost(11).runs(7).build()).series(1, 12, 10, 14.5, 11, 13, 12.5, 10.5)
                .run(1, 2, RunStatus.ABORTED, "").build();
        Judge.Decision decision = Judge.decide(sequel);
        Judge.Conclusion conclusion = new Judge.Conclusion(decision.result(), Path.of("out", "r.json"),
                decision.failures(), decision.warnings(), null, decision.adaptive());

        String message = Judge.failureMessage(sequel, conclusion);
        assertThat(message).startsWith("TriScale verdict of CcaTest.delay: FAILED (1 series × 7 runs, mode SOUND)\n- ")
                .contains("\n- KPI delay P75 at 75 % (atMost 11 ms) violated in series 1")
                .contains("\nWarnings:\n- 1 of 7 runs were excluded (series 1 run 2 aborted)")
                .endsWith("\nResults: " + Path.of("out", "r.json"));
        assertThat(conclusion.passed()).isFalse();
    }

    @Test
    void allRunsAbortedOnlyWhenEveryRunAborted() {
        RecordedSequels.Builder runs = RecordedSequels.builder(setup(100, 1)).series(1, DELAYS);
        for (int run = 1; run <= 4; run++) {
            runs.run(1, run, RunStatus.ABORTED, "assumption");
        }
        assertThat(Judge.allRunsAborted(runs.build())).isFalse();
        assertThat(Judge.allRunsAborted(runs.run(1, 5, RunStatus.ABORTED, "").build())).isTrue();
    }

    @Test
    void judgingAGatedTestReadsTheGateAndWritesNoFile(@TempDir Path dir) throws Exception {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100).series(3)
                .outputDir(dir.resolve("out")).gate(Gates.builder(dir).metric("delay", Direction.LOWER_IS_BETTER)
                        .update().build()).build();
        RecordedSequel sequel = RecordedSequels.builder(setup).series(1, DELAYS).series(2, DELAYS).series(3, DELAYS)
                .build();
        Judge.Decision decision = Judge.decide(sequel);

        assertThat(decision.gate()).isNotNull();
        assertThat(decision.passed()).isTrue();
        try (var files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile)).as("judging writes nothing").isEmpty();
        }
    }
}
