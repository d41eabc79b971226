package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.triscale.engine.Mode;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.Side;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.FailingChecks;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The launch's Markdown summary (summary.md, appended to $GITHUB_STEP_SUMMARY) shows hostile names
 * as text: test, metric, unit, failures, warnings and comparison names are escaped.
 */
class LaunchSummaryMarkdownTest {
    static final String SCRIPT = "<script>alert(1)</script>";
    static final String SVG = "<svg onload=alert(2)>";

    @Test
    void everyUserStringIsEscaped() {
        TestResult result = result("a.B" + SCRIPT, "m`|x", "d" + SVG, "ms" + SCRIPT,
                List.of("failure of " + SVG + "\n| s | " + SCRIPT + " |\n```\nnot a fence end"),
                List.of("warning *" + SCRIPT + "* [x](javascript:alert(3))"));
        Comparisons.Comparison comparison = new Comparisons.Comparison("t" + SCRIPT, "fct|" + SVG, "prague`",
                "cubic\n# heading", "worse " + SCRIPT, 0.5, 0.1, 0.9, 98, "unpaired " + SVG,
                TestResult.VerdictStatus.FAILED, "message");

        String md = LaunchSummary.markdown(List.of(result), List.of(comparison), null);

        // Outside the code block and the heading's code span (shown literally), no live markup.
        String outsideCode = md.replaceAll("(?s)\n  ````\n.*?\n  ````\n", "\n").replace("``B" + SCRIPT + ".m`|x``", "");
        // No bare '<' (HTML), ']' before '(' (a link) or '`' (a code span); no heading of a name.
        assertThat(outsideCode).doesNotContainPattern("(?<!\\\\)<").doesNotContainPattern("(?<!\\\\)\\]\\(")
                .doesNotContainPattern("(?<![\\\\`])`(?!`)").doesNotContain("\n# heading");
        assertThat(md).contains("\\<script\\>alert(1)\\</script\\>").contains("\\<svg onload=alert(2)\\>")
                .contains("fct\\|\\<svg").contains("prague\\`").contains("cubic # heading");
        // The test's name in its code span, whose fence its backtick cannot end.
        assertThat(md).contains("``B<script>alert(1)</script>.m`|x``");
        // The failure's table in a block whose fence is longer than the ``` inside it.
        assertThat(md).contains("\n  ````\n  | s | " + SCRIPT + " |\n  ```\n  not a fence end\n  ````\n");
    }

    private static TestResult result(String testClass, String testMethod, String metric, String unit,
                                     List<String> failures, List<String> warnings) {
        TestResult.KpiParameters kpiParameters = new TestResult.KpiParameters(metric, 75, 75, Side.UPPER, 60.0, null);
        TestResult.ScoreDefinition scored = new TestResult.ScoreDefinition(metric, 75, 75, 75, IntervalKind.TWO_SIDED);
        TestResult.Parameters parameters = new TestResult.Parameters(Mode.SOUND, FailingChecks.WARN, 7,
                new TestResult.RunsParameters(75, 75, 0, 5, 5), new TestResult.SeriesParameters(1, 75, 75), null,
                List.of(new TestResult.MetricParameters(metric, Measure.percentile(95), unit, List.of(0.0, 100.0),
                        false)),
                List.of(kpiParameters), List.of(new TestResult.ScoreParameters(scored, 5.0, null)));
        TestResult.Run run = new TestResult.Run(1, 1, -3, RunStatus.PASSED, 12, "",
                List.of(new TestResult.MetricResult(metric, 41.8, true, 10, 1, false, null, null, null)), Map.of());
        TestResult.Checks checks = new TestResult.Checks(true, List.of());
        TestResult.SeriesKpi kpi = new TestResult.SeriesKpi(kpiParameters,
                new TestResult.KpiBound(41.8, true, true, 5, 5, 4, 1, 2, 4), checks, null);
        TestResult.Score score = new TestResult.Score(scored, Arrays.asList(41.8, null),
                new TestResult.ScoreInterval(null, null, null, null, null, null, false, false, 3),
                new TestResult.Checks(null, List.of()), "undefined");
        return new TestResult(1, testClass, testMethod, new TestResult.Timing("2025-01-01T00:00:00Z", "2025-01-01T00:00:01Z", 12),
                parameters,
                List.of(run), List.of(new TestResult.SeriesResult(1, 5, List.of(kpi))), List.of(score),
                new TestResult.Verdict(TestResult.VerdictStatus.FAILED, 5, 5, 0, 0, failures, warnings),
                new TestResult.Environment("17", "v", "os", "arch", 2, null, null), null);
    }
}
