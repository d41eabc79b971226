package org.triscale.results.internal.report;

import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.common.Markdown;
import org.triscale.results.internal.model.TestResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The launch's summary of its TriScale tests: one console line per test with its key numbers,
 * and the Markdown summary of every test for CI job pages; the cells of each grid also as the
 * grid's table ({@link GridReport}).
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
        return lines(results, List.of(), folder, report);
    }

    /**
     * The lines of {@link #lines(List, Path, Path)}, then one line per comparison of sequels the
     * launch made (passing or failing).
     *
     * @param results     the results of the launch, in execution order
     * @param comparisons the comparisons of sequels, in order
     * @param folder      the results' folder, or null
     * @param report      the report's index page, or null
     * @return the lines, each ending with a newline
     */
    public static String lines(List<TestResult> results, List<Comparisons.Comparison> comparisons, Path folder,
                               Path report) {
        int failed = 0;
        for (TestResult result : results) {
            failed += ResultFacts.passed(result.verdict().status()) ? 0 : 1;
        }
        StringBuilder text = new StringBuilder();
        // A launch of plain tests that compare sequels counts its comparisons, not "0 tests".
        if (!results.isEmpty() || comparisons.isEmpty()) {
            text.append("TriScale: ").append(results.size())
                    .append(results.size() == 1 ? " test, " : " tests, ").append(results.size() - failed)
                    .append(" passed, ").append(failed).append(" failed\n");
        }
        for (TestResult result : results) {
            text.append("  ").append(String.format("%-6s", result.verdict().status())).append("  ")
                    .append(ResultFacts.name(result)).append("  ").append(numbers(result)).append('\n');
        }
        // Each campaign's cells as its grid, after the tests' own lines.
        text.append(grids(results));
        text.append(comparisonLines(comparisons));
        if (folder != null) {
            text.append("TriScale results: ").append(folder).append('\n');
        }
        if (report != null) {
            text.append("TriScale report: ").append(report).append('\n');
        }
        return text.toString();
    }

    /**
     * The console lines of the comparisons of sequels: a count, then failures first and the
     * others, at most {@link Comparisons#MAX_LISTED}.
     *
     * @param comparisons the comparisons, in order
     * @return the lines, each ending with a newline; empty when there is none
     */
    public static String comparisonLines(List<Comparisons.Comparison> comparisons) {
        StringBuilder text = new StringBuilder();
        if (!comparisons.isEmpty()) {
            long failedComparisons = comparisons.stream().filter(c -> !ResultFacts.passed(c.outcome())).count();
            text.append("TriScale comparisons: ").append(comparisons.size()).append(", ").append(failedComparisons)
                    .append(" failed").append('\n');
            // Failures first, then the others, at most MAX_LISTED lines: the JSON file has them all.
            List<Comparisons.Comparison> listed = new ArrayList<>(comparisons.stream()
                    .filter(c -> !ResultFacts.passed(c.outcome())).toList());
            listed.addAll(comparisons.stream().filter(c -> ResultFacts.passed(c.outcome())).toList());
            if (listed.size() > Comparisons.MAX_LISTED) {
                text.append("  (").append(Comparisons.MAX_LISTED).append(" listed, failures first; every kept one is in ")
                        .append(Comparisons.FILE).append(")\n");
                listed = listed.subList(0, Comparisons.MAX_LISTED);
            }
            for (Comparisons.Comparison comparison : listed) {
                text.append("  ").append(String.format("%-6s", comparison.outcome())).append("  ")
                        .append(comparison.test()).append("  ").append(Comparisons.line(comparison)).append('\n');
            }
        }
        return text.toString();
    }

    /**
     * The grid of each campaign among the results (the cells of one method of a class template),
     * as the launch summary prints it.
     *
     * @param results the results, in any order
     * @return the lines, each ending with a newline; empty when no method has two cells or more
     */
    public static String grids(List<TestResult> results) {
        return GridReport.text(Grids.of(results));
    }

    /** {@code "delay P75 = 51.2 ms (≤ 55 ms) · score delay = 3 ms (≤ 5 ms) · gate fct: unchanged"}. */
    public static String numbers(TestResult result) {
        List<String> parts = new ArrayList<>();
        List<TestResult.KpiParameters> kpis = result.parameters().kpis();
        for (int i = 0; i < kpis.size(); i++) {
            TestResult.KpiParameters kpi = kpis.get(i);
            TestResult.SeriesKpi deciding = ResultFacts.deciding(result, i);
            parts.add(ResultFacts.kpiLabel(kpi) + " = " + (deciding == null ? "n/a"
                    : ResultFacts.value(result, kpi.metric(), deciding.bound().value())) + " ("
                    + ResultFacts.threshold(result, kpi.metric(), kpi.atLeast(), kpi.atMost()) + ")");
        }
        for (int i = 0; i < result.variabilityScores().size(); i++) {
            TestResult.Score score = result.variabilityScores().get(i);
            String metric = score.definition().metric();
            TestResult.ScoreParameters limits = ResultFacts.scoreParameters(result, i);
            Double relative = score.interval().relativeScore();
            String absolute = ResultFacts.value(result, metric, score.interval().score());
            // A relative threshold is read against the relative value: both are shown, the one judged first.
            boolean relativeOnly = limits != null && limits.relativeAtMost() != null && limits.atMost() == null;
            String value = relative == null ? absolute : relativeOnly ? Format.percent(relative) + " (" + absolute
                    + ")" : limits != null && limits.relativeAtMost() != null ? absolute + " (" + Format.percent(relative)
                    + ")" : absolute;
            parts.add("score " + metric + " = " + value + " (" + ResultFacts.scoreThreshold(result, score, limits) + ")");
        }
        if (result.baseline() != null) {
            for (TestResult.GateMetric gate : result.baseline().metrics()) {
                // The change the decision used, not the median series KPI's: one number everywhere.
                String change = ResultFacts.gateChange(gate);
                parts.add("gate " + gate.metric() + ": " + gate.outcome().label()
                        + (change == null ? "" : ", " + ResultFacts.gateQuantity(gate) + " " + change));
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
        return markdown(results, List.of(), report);
    }

    /**
     * The Markdown of {@link #markdown(List, Path)} with a table of the launch's comparisons of
     * sequels.
     *
     * @param results     the results, in execution order
     * @param comparisons the comparisons of sequels, in order
     * @param report      the report's index page, or null
     * @return the Markdown
     */
    public static String markdown(List<TestResult> results, List<Comparisons.Comparison> comparisons, Path report) {
        StringBuilder md = new StringBuilder("### TriScale\n\n");
        // The grids first: each campaign's overview before its cells' own sections.
        md.append(GridReport.markdown(Grids.of(results)));
        for (TestResult result : results) {
            TestResult.VerdictStatus status = result.verdict().status();
            md.append("#### ").append(ResultFacts.passed(status) ? "✅ " : "❌ ").append(status.name()).append(" · ")
                    .append(Markdown.code(ResultFacts.name(result))).append(" · ")
                    .append(Markdown.text(ResultFacts.size(result))).append("\n\n");
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
                int table = failure.indexOf('\n');
                md.append("- **failure:** ").append(oneLine(table < 0 ? failure : failure.substring(0, table)))
                        .append('\n');
                if (table >= 0) {
                    // The message's compact table of series, as a code block under its item; the
                    // fence is longer than any backtick run in it, so a name cannot close the block.
                    String block = failure.substring(table + 1);
                    String fence = Markdown.fence(block);
                    md.append("\n  ").append(fence).append('\n').append(block.replaceAll("(?m)^", "  "))
                            .append("\n  ").append(fence).append('\n');
                }
            }
            for (String warning : result.verdict().warnings()) {
                md.append("- warning: ").append(oneLine(warning)).append('\n');
            }
            md.append('\n');
        }
        if (!comparisons.isEmpty()) {
            md.append("#### Comparisons of sequels\n\n").append(markdownRow(new String[] {"test", "metric",
                    "sequels compared", "change [interval]", "design", "claim", "outcome"})).append("|---".repeat(7))
                    .append("|\n");
            int listed = 0;
            for (Comparisons.Comparison c : comparisons) {
                if (listed++ == Comparisons.MAX_LISTED) {
                    md.append("\n").append(comparisons.size() - Comparisons.MAX_LISTED).append(" more in ")
                            .append(Markdown.code(Comparisons.FILE)).append(".\n");
                    break;
                }
                md.append(markdownRow(new String[] {c.test(), c.metric(), "'" + c.candidate() + "' vs '" + c.reference()
                        + "'", Comparisons.change(c) + " at " + Format.number(c.confidence()) + " %", c.design(),
                        c.claim(), ResultFacts.passed(c.outcome()) ? "✅ passed" : "❌ FAILED"}));
            }
            md.append('\n');
        }
        if (report != null) {
            md.append("Report: ").append(Markdown.code(report.toString())).append("\n");
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

    /** A table cell or list item: a user string escaped for Markdown, on one line. */
    private static String oneLine(String text) {
        return Markdown.text(text);
    }
}
