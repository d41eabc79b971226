package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.baseline.GateSettings;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.internal.common.Format;
import org.triscale.results.fixtures.Gates;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.files.VerdictFiles;
import org.triscale.results.internal.gate.BaselineGate;
import org.triscale.results.internal.judge.Judge;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.RecordedSequel;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The verdict's table printed with each verdict, and the launch's summary lines, from computed results. */
class VerdictTableTest {

    @Test
    void theTableHasOneRowPerKpiWithItsValueThresholdAndSeriesValues() {
        TestResult result = TestResults.passing();
        List<String[]> rows = VerdictTable.rows(result);

        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).containsExactly("", "value", "threshold", "confidence", "covers", "series values",
                "outcome");
        // Series KPIs: the largest of each series' 5 runs (P75 at 75 % with 5 runs).
        assertThat(rows.get(1)).containsExactly("KPI delay P75 upper", "14 ms", "≤ 100 ms", "75 %", "15 runs",
                "13 13 14", "ok");
    }

    @Test
    void theRenderedTableStartsWithTheVerdictAndEndsWithTheFile() {
        TestResult result = TestResults.failing();
        String text = VerdictTable.render(result, Path.of("results", "r.json"));

        assertThat(text.lines().toList().get(0))
                .isEqualTo("TriScale verdict of CcaTest.slow: FAILED (2 series × 6 runs, mode SOUND)");
        assertThat(text).contains("KPI delay P75 upper").contains("13 33")
                .contains("\n  runs: 12, failed 1, excluded 0")
                .endsWith("\n  results: " + Path.of("results", "r.json"));
        // The columns line up: every row of the table is as wide as its header up to the outcome column.
        List<String> table = VerdictTable.table(result).lines().toList();
        assertThat(table).hasSize(2);
        assertThat(table.get(1).indexOf("≤")).isEqualTo(table.get(0).indexOf("threshold"));
    }

    @Test
    void aTestWithoutKpiHasNoTable() {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").runs(3).build();
        TestResult result = TestResults.of(RecordedSequels.builder(setup).series(1, 1, 2, 3).build());

        assertThat(VerdictTable.table(result)).isEmpty();
        assertThat(VerdictTable.render(result, null)).doesNotContain("\n");
        assertThat(LaunchSummary.numbers(result)).isEqualTo("no KPI");
    }

    @Test
    void aScoreRowShowsTheScoreItsRelativeValueAndItsInterval() {
        int count = org.triscale.engine.sizing.Sizing.twoSided(75, 75, 0);
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                .score(10, Double.NaN).series(count).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= count; s++) {
            runs.series(s, RecordedSequels.ramp(5, 10 + 2 * s, 0.5));
        }
        TestResult result = TestResults.of(runs.build());
        String[] score = VerdictTable.rows(result).get(2);

        assertThat(score).containsExactly("score delay P75 KPIs", "8 ms (44.44 %)", "≤ 10 ms", "75 %",
                count + " series", "[14, 22]", "ok");
        assertThat(LaunchSummary.numbers(result)).isEqualTo("delay P75 = 22 ms (≤ 100 ms) · score delay = 8 ms (≤ 10 ms)");
    }

    @Test
    void aGateRowShowsTheChangeTheComparedUnitsAndTheOutcome(@TempDir Path dir) {
        TestSetup update = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(1000).series(10)
                .outputDir(dir.resolve("out")).gate(Gates.builder(dir).metric("delay", Direction.LOWER_IS_BETTER)
                        .update().build()).build();
        VerdictFiles.write(Judge.decide(tenSeries(update, 10)));
        TestSetup judged = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(1000).series(10)
                .outputDir(dir.resolve("out")).gate(Gates.builder(dir).metric("delay", Direction.LOWER_IS_BETTER)
                        .build()).build();
        RecordedSequel slower = tenSeries(judged, 20);
        BaselineGate gate = BaselineGate.judge(slower, List.of());
        TestResult result = Judge.decide(slower).result();

        String[] row = VerdictTable.rows(result).get(2);
        assertThat(row[0]).isEqualTo("gate delay");
        // The change the decision used, named for what it is.
        assertThat(row[1]).startsWith("+").endsWith(" (median per-run change)");
        assertThat(row[2]).isEqualTo("α = " + Format.number(GateSettings.DEFAULT_ALPHA));
        assertThat(row[4]).isEqualTo("50 pairs");
        assertThat(row[6]).isEqualTo("regressed");
        assertThat(gate.worstOutcome().label()).isEqualTo("regressed");
        assertThat(LaunchSummary.numbers(result)).contains(" · gate delay: regressed, median per-run change +");
    }

    private static RecordedSequel tenSeries(TestSetup setup, double centre) {
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= 10; s++) {
            runs.series(s, centre, centre * 1.01, centre * 0.99, centre * 1.02, centre * 0.98);
        }
        return runs.build();
    }

    @Test
    void theLaunchLinesCountThePassedAndFailedTests() {
        String lines = LaunchSummary.lines(List.of(TestResults.passing(), TestResults.failing()), Path.of("out"),
                null);

        assertThat(lines.lines().toList()).containsExactly("TriScale: 2 tests, 1 passed, 1 failed",
                "  PASSED  CcaTest.delay  delay P75 = 14 ms (≤ 100 ms)",
                "  FAILED  CcaTest.slow  delay P75 = 33 ms (≤ 20 ms)",
                "TriScale results: out");
    }

    @Test
    void theMarkdownSummaryHasAHeadingPerTest() {
        String md = LaunchSummary.markdown(List.of(TestResults.passing(), TestResults.failing()), null);

        assertThat(md).startsWith("### TriScale\n\n").contains("CcaTest.delay").contains("CcaTest.slow")
                .contains("PASSED").contains("FAILED");
    }
}
