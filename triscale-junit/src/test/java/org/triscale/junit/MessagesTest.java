package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.Event;
import org.triscale.junit.ResultsTest.PassingFixture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

/**
 * The whole text of each kind of verdict, run and configuration message, in one place: rewording a
 * message changes this test only. The other tests assert what a message is about (the verdict, its
 * numbers, the attribute to change) through key phrases.
 */
class MessagesTest {
    @TempDir
    Path folder;

    @Test
    void verdictHeader() {
        String message = VerdictTest.verdictFailure(Kit.in(folder).run(VerdictTest.UpperViolationFixture.class));

        assertThat(message.lines().findFirst().orElseThrow())
                .isEqualTo("TriScale verdict of UpperViolationFixture.cca: FAILED (1 series × 5 runs, mode SOUND)");
    }

    @Test
    void upperKpiViolated() throws IOException {
        assertThat(firstFailure(VerdictTest.UpperViolationFixture.class)).isEqualTo(
                "KPI delay P75 at 75 % (atMost 14 ms) violated in series 1: with 75 % confidence the 75th percentile "
                + "of delay is at most 15 ms, above atMost 14 ms. (A one-sided bound for this series alone: the true "
                + "75th percentile is above it with probability at most 25 %.) The bound is the metric of run 3 (rank "
                + "5 of 5 valid runs in ascending order); series 1 run metrics: run 1 = 13, run 2 = 11, run 3 = 15, "
                + "run 4 = 12, run 5 = 14 ms. Either the code under test regressed, or the threshold is too tight for "
                + "it.");
    }

    /** Series that fail the same way are stated once, with their numbers in a compact table. */
    @Test
    void seriesViolatingAKpiTheSameWayAreStatedOnce() {
        String message = VerdictTest.verdictFailure(Kit.in(folder).run(VerdictTest.FiveSeriesViolationFixture.class));
        assertThat(message).contains("KPI delay P75 at 75 % (atMost 14 ms) violated in series 1–3, 5, 6: in each, "
                + "with 75 % confidence the 75th percentile of delay is at most its bound, above atMost 14 ms.")
                .containsPattern("\n +series +bound +bound run +rank\n +1 +16 ms +run 3 +5 of 5 valid runs\n")
                .containsPattern("\n +6 +21 ms +run 3 +5 of 5 valid runs");
        assertThat(message.split("violated in series", -1)).hasSize(2);
        assertThat(message.split("Either the code under test regressed", -1)).hasSize(2);
        assertThat(message).doesNotContain("Numbers:").doesNotContain("series values");
    }

    @Test
    void lowerKpiViolated() throws IOException {
        assertThat(firstFailure(VerdictTest.LowerViolationFixture.class)).isEqualTo(
                "KPI throughput P25 at 75 % (atLeast 90 Mbit/s) violated in series 2: with 75 % confidence the 25th "
                + "percentile of throughput is at least 88 Mbit/s, below atLeast 90 Mbit/s. (A one-sided bound for "
                + "this series alone: the true 25th percentile is below it with probability at most 25 %.) The bound "
                + "is the metric of run 3 (rank 1 of 5 valid runs in ascending order); series 2 run metrics: run 1 = "
                + "91, run 2 = 95, run 3 = 88, run 4 = 93, run 5 = 90 Mbit/s. Either the code under test regressed, "
                + "or the threshold is too tight for it.");
    }

    @Test
    void kpiUndefined() throws IOException {
        assertThat(firstFailure(ConvergenceRequiredTest.DriftingFixture.class)).isEqualTo(
                "KPI delay P75 at 75 % cannot be computed in series 1: an upper bound of the 75th percentile at 75 % "
                + "confidence needs at least 5 valid runs, but only 3 of 5 are valid (2 did not converge, 0 failed, 0 "
                + "aborted). Make the runs longer so that they converge, run more with @Runs(count = 7), or lower the "
                + "KPI's confidence or the robustness.");
    }

    @Test
    void scoreViolated() throws IOException {
        assertThat(firstFailure(VerdictTest.ScoreFixture.class)).isEqualTo(
                "The variability score of delay (25th–75th percentiles of the series KPIs delay P75 at 75 %) is 4 ms "
                + "(relative 26.67 %), above atMost 3 ms: with 75 % confidence each of the 25th and the 75th "
                + "percentiles of the 5 series KPIs (jointly with probability at least 50 %) lies within [13 ms, 17 "
                + "ms], whose ends are the KPIs of series 5 and series 1. Series KPIs: series 1 = 17, series 2 = 16, "
                + "series 3 = 15, series 4 = 14, series 5 = 13 ms. The series disagree more than allowed: look for "
                + "what changes between series (machine, time, load), or relax the threshold.");
    }

    @Test
    void runsFailed() throws IOException {
        assertThat(firstFailure(VerdictTest.FailingRunFixture.class)).isEqualTo(
                "1 of 10 runs failed (series 1 run 3: IllegalStateException: emulator crashed). The KPIs leave them "
                + "out, which could hide the worst runs; fix the failures and rerun.");
    }

    @Test
    void unknownMetric() {
        assertThat(Kit.runFailure(Kit.in(folder).run(RunContextTest.UnknownMetricFixture.class)).getMessage())
                .isEqualTo("unknown metric \"delai\"; declared metrics: delay, throughput. Fix the name or declare it "
                        + "with @Metric(name = \"delai\", ...)");
    }

    @Test
    void invalidConfigurationParameter() {
        assertThat(ConfigurationTest.configurationError(Kit.in(folder).with("triscale.mode", "strict")
                .run(PassingFixture.class))).isEqualTo("TriScale configuration parameter triscale.mode = "
                + "'strict' is not valid; use SOUND (the default) or TRISCALE");
    }

    @Test
    void renamedConfigurationParameter() {
        assertThat(ConfigurationTest.configurationError(Kit.in(folder).with("triscale.baseline.fromHistory", "2")
                .run(PassingFixture.class))).isEqualTo("TriScale configuration parameter "
                + "triscale.baseline.fromHistory was renamed to triscale.baseline.from.history in 0.2.0; set "
                + "triscale.baseline.from.history = '2' instead");
    }

    @Test
    void removedConfigurationParameter() {
        assertThat(ConfigurationTest.configurationError(Kit.in(folder)
                .with("triscale.surefire.reports.kpiTestcases", "true").run(PassingFixture.class)))
                .isEqualTo("TriScale configuration parameter triscale.surefire.reports.kpiTestcases was removed in"
                        + " 0.3.0: TriScale writes no per-series Surefire files any more, since each series' KPI"
                        + " checks are a test of their own (\"series k/S · KPI checks\") in Surefire's own"
                        + " report; remove triscale.surefire.reports.kpiTestcases");
    }

    @Test
    void configurationError() {
        assertThat(ConfigurationTest.configurationError(Kit.in(folder).run(ConfigurationTest.CountBelowMinimum.class)))
                .isEqualTo("TriScale configuration error in CountBelowMinimum.cca: @Runs(count = 3) is below the 5 "
                        + "runs per series that @Runs(kpiPercentile = 75, kpiConfidence = 75) need; set count >= 5 or "
                        + "remove count to run the minimum");
    }

    @Test
    void verdictRefused() {
        String message = VerdictTest.verdictFailure(Kit.in(folder)
                .run(selectUniqueId(Kit.invocation(PassingFixture.class, "cca", 7))));

        assertThat(message).isEqualTo(
                "TriScale verdict of PassingFixture.cca: REFUSED (1 series × 5 runs, mode SOUND)\n"
                + "- the verdict refuses partial data: only 0 of 5 runs (1 series × 5 runs) executed in this launch, "
                + "e.g. because a rerun or a filter selected single invocations. A KPI computed on some runs only "
                + "(say, a rerun of the failed ones) is not the test's verdict. Rerun the whole method "
                + "PassingFixture.cca.");
    }

    @Test
    void verdictNotComputed() {
        List<Event> failed = Kit.in(folder)
                .run(selectUniqueId(Kit.invocation(PassingFixture.class, "cca", 3)))
                .containerEvents().failed().list();

        assertThat(Kit.error(failed.get(0))).hasMessage(
                "TriScale verdict of PassingFixture.cca was not computed: 1 of 5 runs executed in this launch and the "
                + "verdict was filtered out. A TriScale test is judged only on all its runs; rerun the whole method, "
                + "not single invocations.");
    }

    /** The first failure of the fixture's verdict, as its JSON result keeps it. */
    // --- the regression gate: one exact text per kind ---

    /** The gated fixture's baseline file, with the test's folder as {@code <dir>}. */
    private static final String FILE = "<dir>/baselines/org.triscale.junit.BaselineTest$Gated/fct.json";

    @Test
    void gateBaselineCreated() throws IOException {
        Kit kit = gateKit().with("triscale.baseline.update", "true");
        kit.run(BaselineTest.Gated.class);
        assertThat(gateText(kit, "/baseline/notes")).isEqualTo(
                "Baseline gate: baseline created: wrote " + FILE + " (commit it). fct: median of the "
                + "series KPIs (fct P75 at 75 %) 113 ms, variability score 12 ms, 5 series, 25 valid runs.");
    }

    @Test
    void gateBaselineMissing() throws IOException {
        Kit kit = gateKit();
        kit.run(BaselineTest.Gated.class);
        assertThat(gateText(kit, "/verdict/warnings")).isEqualTo(
                "Baseline gate: there is no baseline for this test: " + FILE + " does not exist. Create it "
                + "with -Dtriscale.baseline.update=true, check the numbers it prints, and commit the file. Nothing was "
                + "compared; the sequel is only recorded in the history (triscale.baseline.missing=record; a strict CI "
                + "job fails here).");
    }

    @Test
    void gateRegressed() throws IOException {
        Kit kit = gatedBaseline();
        BaselineTest.Gated.shift = 20;
        kit.run(BaselineTest.Gated.class);
        assertThat(gateText(kit, "/verdict/failures")).isEqualTo(
                "Baseline gate: fct regressed: median per-run change of fct's run values +18.04 % [+10.51 %, "
                + "+26.08 %] (98 % interval; paired: 25 runs on the baseline's seeds; a run's value: the fct it "
                + "reported), beyond the tolerance ±11.89 % (launch bound: "
                + "(q + 1.645) × the launch-to-launch deviation assumed by triscale.baseline.launchShift, until the "
                + "history holds its launches); one-sided z-test of the change against its standard error with the "
                + "launch-to-launch variation for worse, p = 2.37e-09 <= alpha = 0.01; the interval includes the "
                + "launch-to-launch variation, assumed at most 2 % per launch (triscale.baseline.launchShift) because "
                + "the history holds 0 of the 5 pairs of consecutive accepted launches an estimate needs (estimated "
                + "once it holds them; @Runs(independent = true) when a run depends on its seed only); this design "
                + "detects changes of ±14.59 % or more (80 % power). For information, not gated: the median of the "
                + "series KPIs (fct P75 at 75 %) went from 113 ms to 133 ms (+20 ms, +17.7 %) (a KPI bounds a "
                + "percentile of each series, so it moves with the runs' spread and can move the other way). If the "
                + "change is intended, update the baseline with -Dtriscale.baseline.update=true and commit " + FILE
                + ".");
    }

    @Test
    void gateInconclusiveOnAnotherTestBed() throws IOException {
        Kit kit = gatedBaseline().with("triscale.baseline.strict", "true");
        BaselineTest.Gated.backend = "emulator 2";
        kit.run(BaselineTest.Gated.class);
        assertThat(gateText(kit, "/verdict/failures")).isEqualTo(
                "Baseline gate: fct inconclusive: the test bed differs from the baseline's (testBed.backend: "
                + "'emulator 1' → 'emulator 2'), so the numbers are not comparable; measure the baseline on this test "
                + "bed (-Dtriscale.baseline.update=true) or run where it was measured. For information: the median "
                + "per-run change of fct's run values 0 % [-6.368 %, +6.801 %] (98 % interval; paired: 25 runs on the "
                + "baseline's seeds, 25 without change; a run's value: the fct it reported) would have been unchanged. For information, "
                + "not gated: the median of the series KPIs (fct P75 at 75 %) went from 113 ms to 113 ms (0 ms, 0 %) "
                + "(a KPI bounds a percentile of each series, so it moves with the runs' spread and can move the other "
                + "way). The inconclusive policy is fail (triscale.baseline.inconclusive, "
                + "strict because CI=true or triscale.baseline.strict=true).");
    }

    @Test
    void gateBaselineUnusable() throws IOException {
        Kit kit = gatedBaseline();
        Files.writeString(kit.baseline(BaselineTest.Gated.class, "fct"), "garbage");
        kit.run(BaselineTest.Gated.class);
        assertThat(gateText(kit, "/verdict/failures")).isEqualTo(
                // No token of the file is quoted: a linked or hostile file's content never reaches the log.
                "Baseline gate: baseline file " + FILE + " is not valid JSON (malformed JSON, line 1 "
                + "column 1); it may be truncated or damaged by hand; the file is left as it was. Fix it, restore it "
                + "from version control, or replace it with this execution's sequel with "
                + "-Dtriscale.baseline.update=true.");
    }

    @AfterEach
    void resetGatedFixture() {
        BaselineTest.Gated.reset();
    }

    private Kit gateKit() {
        return Kit.in(folder).with("triscale.baseline.paired", "runs");
    }

    private Kit gatedBaseline() {
        gateKit().with("triscale.baseline.update", "true").run(BaselineTest.Gated.class);
        return gateKit();
    }

    /** The first entry of a list in the gated fixture's result that is the gate's, with the folder as {@code <dir>}. */
    private String gateText(Kit kit, String list) throws IOException {
        for (JsonNode entry : kit.result(BaselineTest.Gated.class, "fct").at(list)) {
            if (entry.asText().startsWith("Baseline gate:")) {
                return entry.asText().replace(folder.toString(), "<dir>");
            }
        }
        throw new AssertionError("no gate entry in " + list);
    }

    private String firstFailure(Class<?> fixture) throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(fixture);
        JsonNode failures = kit.result(fixture, "cca").at("/verdict/failures");
        return failures.get(0).asText();
    }
}
