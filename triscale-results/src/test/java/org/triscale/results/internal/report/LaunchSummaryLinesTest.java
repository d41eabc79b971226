package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.triscale.engine.sizing.Sizing;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.TestSetup;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The launch's summary lines on the console: a count, one line per test, then the comparisons of
 * sequels (failures first, at most {@value Comparisons#MAX_LISTED}), then where the files are.
 */
class LaunchSummaryLinesTest {

    private static Comparisons.Comparison comparison(String test, TestResult.VerdictStatus outcome) {
        return new Comparisons.Comparison(test, "fct", "prague", "cubic", "not worse beyond 5 %", 0.01, -0.02, 0.04,
                95, "paired: 50 runs on the same seeds", outcome, "");
    }

    @Test
    void oneTestIsCountedInTheSingularAndNoFileLineWithoutFiles() {
        String lines = LaunchSummary.lines(List.of(TestResults.passing()), null, null);

        assertThat(lines).isEqualTo("TriScale: 1 test, 1 passed, 0 failed\n"
                + "  PASSED  CcaTest.delay  " + LaunchSummary.numbers(TestResults.passing()) + "\n");
    }

    @Test
    void aComparisonLineSaysWhatWasComparedAndClaimed() {
        String lines = LaunchSummary.lines(List.of(), List.of(comparison("a.B.m", TestResult.VerdictStatus.PASSED)),
                Path.of("out"), Path.of("report", "index.html"));

        // A launch of comparisons only counts its comparisons, not "0 tests".
        assertThat(lines).isEqualTo("TriScale comparisons: 1, 0 failed\n"
                + "  PASSED  a.B.m  fct of 'prague' vs 'cubic': +1 % [-2 %, +4 %] at 95 % (not worse beyond 5 %;"
                + " paired: 50 runs on the same seeds)\n"
                + "TriScale results: out\n"
                + "TriScale report: " + Path.of("report", "index.html") + "\n");
    }

    @Test
    void failedComparisonsComeFirstAndAtMostTwentyAreListed() {
        List<Comparisons.Comparison> comparisons = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            comparisons.add(comparison("a.B.passed" + i, TestResult.VerdictStatus.PASSED));
        }
        comparisons.add(comparison("a.B.failedLast", TestResult.VerdictStatus.FAILED));

        List<String> lines = LaunchSummary.lines(List.of(), comparisons, null, null).lines().toList();

        assertThat(lines.get(0)).isEqualTo("TriScale comparisons: 26, 1 failed");
        assertThat(lines.get(1)).isEqualTo("  (20 listed, failures first; every kept one is in comparisons.json)");
        assertThat(lines.get(2)).startsWith("  FAILED  a.B.failedLast  ");
        assertThat(lines).hasSize(2 + Comparisons.MAX_LISTED);
        assertThat(lines.get(lines.size() - 1)).startsWith("  PASSED  a.B.passed18  ");
    }

    /** A defined score: as many series as the score's interval needs. */
    private static TestResult withScore(double atMost, double relativeAtMost) {
        int series = Sizing.twoSided(75, 75, 0);
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).score(atMost, relativeAtMost)
                .runs(5).series(series).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= series; s++) {
            runs.series(s, 10 + s, 11 + s, 12 + s, 13 + s, 14 + s);
        }
        return TestResults.of(runs.build());
    }

    @Test
    void aScoreWithOnlyARelativeThresholdShowsTheRelativeValueFirst() {
        TestResult result = withScore(Double.NaN, 0.5);
        TestResult.Score score = result.variabilityScores().get(0);

        String numbers = LaunchSummary.numbers(result);

        assertThat(numbers).endsWith(" · score delay = " + Format.percent(score.interval().relativeScore()) + " ("
                + Format.withUnit(score.interval().score(), "ms") + ") (≤ 50 % relative)");
        assertThat(numbers).startsWith("delay P75 = ").contains("(none)");
    }

    @Test
    void aScoreWithBothThresholdsShowsTheAbsoluteValueFirst() {
        TestResult result = withScore(100, 0.5);
        TestResult.Score score = result.variabilityScores().get(0);

        assertThat(LaunchSummary.numbers(result)).endsWith(" · score delay = "
                + Format.withUnit(score.interval().score(), "ms") + " (" + Format.percent(score.interval().relativeScore())
                + ") (≤ 100 ms, ≤ 50 % relative)");
    }
}
