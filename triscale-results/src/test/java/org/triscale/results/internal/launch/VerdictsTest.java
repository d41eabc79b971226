package org.triscale.results.internal.launch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.judge.Judge;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.RecordedSequel;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The verdict the extension reports, decided and written by the library without a JUnit launch. */
class VerdictsTest {

    private static final double[] DELAYS = {12.0, 10.0, 14.5, 11.0, 13.0};

    @TempDir
    Path dir;

    private TestSetup setup(double atMost) {
        return TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(atMost)
                .outputDir(dir.resolve("out")).build();
    }

    @Test
    void aPassingVerdictIsWrittenAndSaysSo() {
        RecordedSequel sequel = RecordedSequels.builder(setup(100)).series(1, DELAYS).build();

        Verdicts.Judged judged = (Verdicts.Judged) Verdicts.decide(sequel, true);

        assertThat(judged.failures()).isEmpty();
        assertThat(judged.failureMessage()).isEmpty();
        assertThat(judged.summary()).isEqualTo("passed · " + Judge.counts(sequel));
        assertThat(judged.json()).isPresent();
        assertThat(Files.isRegularFile(judged.json().get())).isTrue();
        assertThat(judged.numbers()).isPresent();
        assertThat(judged.table()).contains("delay");
        assertThat(judged.gate()).isEmpty();
    }

    @Test
    void aFailingVerdictCountsItsProblemsAndCarriesTheJudgesMessage() {
        RecordedSequel sequel = RecordedSequels.builder(setup(11)).series(1, DELAYS).build();

        Verdicts.Judged judged = (Verdicts.Judged) Verdicts.decide(sequel, true);

        assertThat(judged.failures()).hasSize(1);
        assertThat(judged.summary()).isEqualTo("FAILED · 1 problem");
        assertThat(judged.failureMessage()).get().asString().startsWith(Judge.header(sequel, "FAILED"))
                .contains(judged.failures().get(0));
    }

    @Test
    void partialDataIsRefusedAndNothingIsWritten() {
        RecordedSequel sequel = RecordedSequels.builder(setup(100)).series(1, DELAYS).build();

        Verdicts.Refused refused = (Verdicts.Refused) Verdicts.decide(sequel, false);

        assertThat(refused.failure()).startsWith("the verdict refuses partial data");
        assertThat(refused.message()).isEqualTo(Judge.header(sequel, "REFUSED") + "\n- " + refused.failure());
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void runsThatAllSkippedThemselvesSkipTheVerdict() {
        RecordedSequels.Builder runs = RecordedSequels.builder(setup(100)).series(1, DELAYS);
        for (int run = 1; run <= DELAYS.length; run++) {
            runs.run(1, run, RunStatus.ABORTED, "no backend");
        }
        RecordedSequel sequel = runs.build();

        Verdicts.Skipped skipped = (Verdicts.Skipped) Verdicts.decide(sequel, true);

        assertThat(skipped.reason()).isEqualTo("all " + sequel.plannedRuns()
                + " runs were skipped by an assumption; the verdict is skipped too");
        assertThat(skipped.message()).startsWith(Judge.header(sequel, "SKIPPED"));
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aSeriesKpiChecksNameEachKpiAndFailOnAViolatedOne() {
        RecordedSequel passing = RecordedSequels.builder(setup(100)).series(1, DELAYS).build();
        RecordedSequel failing = RecordedSequels.builder(setup(11)).series(1, DELAYS).build();

        Verdicts.SeriesVerdict ok = Verdicts.seriesChecks(passing, 1);
        Verdicts.SeriesVerdict violated = Verdicts.seriesChecks(failing, 1);

        assertThat(ok.passed()).isTrue();
        assertThat(ok.failures()).isEmpty();
        assertThat(ok.numbers()).startsWith("KPI delay").endsWith(" ok").doesNotContain("\n");
        assertThat(violated.passed()).isFalse();
        assertThat(violated.failures()).hasSize(1);
        assertThat(violated.numbers()).startsWith("KPI delay").endsWith(" FAILED");
    }
}
