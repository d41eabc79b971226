package org.triscale.junit.internal.report;

import org.triscale.junit.internal.output.Format;
import org.triscale.junit.internal.output.TestResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The launch's summary of its TriScale tests: one console line per test with its key numbers,
 * and the Markdown summary of every test for CI job pages.
 */
public final class LaunchSummary {
    private LaunchSummary() {
    }

    /**
     * One line per test, {@code PASSED  LongPathCcaTest.cubic  delay P75 = 51.2 ms (≤ 55 ms) · ...},
     * then where the results and the report are.
     *
     * @param results the results of the launch, in execution order
     * @param folder  the results' folder, or null
     * @param report  the report's index page, or null when none was written
     * @return the lines, each ending with a newline
     */
    public static String lines(List<TestResult> results, Path folder, Path report) {
        int failed = 0;
        for (TestResult result : results) {
            failed += ResultFacts.passed(result.verdict().status()) ? 0 : 1;
        }
        StringBuilder text = new StringBuilder("TriScale: ").append(results.size())
                .append(results.size() == 1 ? " test, " : " tests, ").append(results.size() - failed)
                .append(" passed, ").append(failed).append(" failed\n");
        for (TestResult result : results) {
            text.append("  ").append(String.format("%-6s", result.verdict().status())).append("  ")
                    .append(ResultFacts.name(result)).append("  ").append(numbers(result)).append('\n');
        }
        if (folder != null) {
            text.append("TriScale results: ").append(folder).append('\n');
        }
        if (report != null) {
            text.append("TriScale report: ").append(report).append('\n');
        }
        return text.toString();
    }

    /** {@code "delay P75 = 51.2 ms (≤ 55 ms) · score delay = 3 ms (≤ 5 ms) · gate fct: unchanged"}. */
    static String numbers(TestResult result) {
        List<String> parts = new ArrayList<>();
        List<TestResult.KpiParameters> kpis = result.parameters().kpis();
        for (int i = 0; i < kpis.size(); i++) {
            TestResult.KpiParameters kpi = kpis.get(i);
            TestResult.Kpi deciding = ResultFacts.deciding(result, i);
            parts.add(ResultFacts.kpiLabel(kpi) + " = " + (deciding == null ? "n/a"
                    : ResultFacts.value(result, kpi.metric(), deciding.bound().value())) + " ("
                    + ResultFacts.threshold(result, kpi.metric(), kpi.atLeast(), kpi.atMost()) + ")");
        }
        for (int i = 0; i < result.variabilityScores().size(); i++) {
            TestResult.Score score = result.variabilityScores().get(i);
            String metric = score.definition().metric();
            parts.add("score " + metric + " = " + ResultFacts.value(result, metric, score.interval().score())
                    + " (" + ResultFacts.scoreThreshold(result, score, ResultFacts.scoreParameters(result, i)) + ")");
        }
        if (result.baseline() != null) {
            for (TestResult.GateMetric gate : result.baseline().metrics()) {
                // The change the decision used, not the median series KPI's: one number everywhere.
                String change = ResultFacts.gateChange(gate);
                parts.add("gate " + gate.metric() + ": " + gate.outcome().label()
                        + (change == null ? "" : " " + change));
            }
        }
        return parts.isEmpty() ? "no KPI" : String.join(" · ", parts);
    }

    /**
     * The Markdown summary of every test: a heading with the verdict and the table of numbers, the
     * failures and warnings as a list.
     *
     * @param results the results, in execution order
     * @param report  the report's index page, or null
     * @return the Markdown
     */
    public static String markdown(List<TestResult> results, Path report) {
        StringBuilder md = new StringBuilder("### TriScale\n\n");
        for (TestResult result : results) {
            String status = result.verdict().status().name();
            md.append("#### ").append(ResultFacts.passed(status) ? "✅ " : "❌ ").append(status).append(" · `")
                    .append(ResultFacts.name(result)).append("` · ").append(ResultFacts.size(result)).append("\n\n");
            List<String[]> rows = VerdictTable.rows(result);
            if (rows.size() > 1) {
                String[] header = rows.get(0).clone();
                header[header.length - 1] = "outcome";
                md.append(markdownRow(header)).append("|---".repeat(header.length)).append("|\n");
                for (String[] row : rows.subList(1, rows.size())) {
                    md.append(markdownRow(row));
                }
                md.append('\n');
            }
            for (String failure : result.verdict().failures()) {
                md.append("- **failure:** ").append(oneLine(failure)).append('\n');
            }
            for (String warning : result.verdict().warnings()) {
                md.append("- warning: ").append(oneLine(warning)).append('\n');
            }
            md.append('\n');
        }
        if (report != null) {
            md.append("Report: `").append(report).append("`\n");
        }
        return md.toString();
    }

    private static String markdownRow(String[] cells) {
        StringBuilder row = new StringBuilder();
        for (String cell : cells) {
            row.append("| ").append(oneLine(cell)).append(' ');
        }
        return row.append("|\n").toString();
    }

    /** A table cell or list item: one line, pipes escaped. */
    private static String oneLine(String text) {
        return text.replace("\r", " ").replace("\n", " ").replace("|", "\\|");
    }
}
