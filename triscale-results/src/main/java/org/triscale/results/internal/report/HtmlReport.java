package org.triscale.results.internal.report;

import org.triscale.results.internal.common.AtomicFiles;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.model.TestResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The HTML report of TriScale results: {@code index.html} with every test, and one page per test
 * ({@code <class>.<method>.html}) with its charts. Self-contained: the style sheet is inline, the
 * charts are inline SVG, no script runs but the index's inline filter, and nothing is fetched,
 * so the pages open from the file system, offline, and can be kept as CI artifacts. Every chart
 * has a title, axis labels with units, and the table of its numbers.
 */
public final class HtmlReport {
    private HtmlReport() {
    }

    /**
     * Writes the report, each file atomically.
     *
     * @param results the results, in the order of the index
     * @param folder  the report's folder, created if needed
     * @return the index page
     * @throws IOException if a file cannot be written
     */
    public static Path write(List<TestResult> results, Path folder) throws IOException {
        return write(results, folder, null, null);
    }

    /**
     * Writes the report, each file atomically, its index linking each test's JSON result and the
     * Markdown summary.
     *
     * @param results the results, in the order of the launch
     * @param folder  the report's folder, created if needed
     * @param jsons   the result file of each result (same order), or null
     * @param summary the Markdown summary, or null
     * @return the index page
     * @throws IOException if a file cannot be written
     */
    public static Path write(List<TestResult> results, Path folder, List<Path> jsons, Path summary)
            throws IOException {
        return write(results, folder, jsons, summary, List.of(), null);
    }

    /**
     * Writes the report with the launch's comparisons of sequels on its index.
     *
     * @param results         the results, in the order of the launch
     * @param folder          the report's folder, created if needed
     * @param jsons           the result file of each result (same order), or null
     * @param summary         the Markdown summary, or null
     * @param comparisons     the comparisons of sequels, in order
     * @param comparisonsFile their JSON file, or null
     * @return the index page
     * @throws IOException if a file cannot be written
     */
    public static Path write(List<TestResult> results, Path folder, List<Path> jsons, Path summary,
                             List<Comparisons.Comparison> comparisons, Path comparisonsFile) throws IOException {
        return write(results, folder, jsons, summary, comparisons, comparisonsFile, null);
    }

    /**
     * Writes the report as {@link #write(List, Path, List, Path, List, Path)} does, leaving out a
     * result whose page cannot be drawn (a stored result that passed the read checks but holds
     * values no chart or table expects) instead of failing the whole report.
     *
     * @param results         the results, in the order of the launch
     * @param folder          the report's folder, created if needed
     * @param jsons           the result file of each result (same order), or null
     * @param summary         the Markdown summary, or null
     * @param comparisons     the comparisons of sequels, in order
     * @param comparisonsFile their JSON file, or null
     * @param undrawable      told the index (in {@code results}) and the failure of each result left
     *                        out; {@code null} to fail instead
     * @return the index page
     * @throws IOException if a file cannot be written
     */
    public static Path write(List<TestResult> results, Path folder, List<Path> jsons, Path summary,
                             List<Comparisons.Comparison> comparisons, Path comparisonsFile,
                             java.util.function.BiConsumer<Integer, RuntimeException> undrawable) throws IOException {
        java.util.Set<String> pages = new java.util.HashSet<>();
        List<TestResult> drawn = new ArrayList<>(results.size());
        List<Path> drawnJsons = jsons == null ? null : new ArrayList<>(results.size());
        for (int i = 0; i < results.size(); i++) {
            TestResult result = results.get(i);
            String page;
            try {
                page = page(result);
                if (undrawable != null) {
                    // What the index draws of it: a result the index cannot list is left out with its page.
                    row(result, null);
                    environment(result.environment());
                }
            } catch (RuntimeException e) {
                if (undrawable == null) {
                    throw e;
                }
                undrawable.accept(i, e);
                continue;
            }
            write(org.triscale.results.internal.common.FileNames.inside(folder, pageName(result)), page);
            pages.add(pageName(result));
            drawn.add(result);
            if (drawnJsons != null) {
                drawnJsons.add(i < jsons.size() ? jsons.get(i) : null);
            }
        }
        results = drawn;
        jsons = drawnJsons;
        Path index = folder.resolve("index.html");
        List<String> links = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            links.add(jsons == null || i >= jsons.size() || jsons.get(i) == null ? null : link(folder, jsons.get(i)));
        }
        String html = index(results, links, summary == null ? null : link(folder, summary));
        if (!comparisons.isEmpty()) {
            html = html.replace(COMPARISONS, comparisons(comparisons, comparisonsFile == null ? null
                    : link(folder, comparisonsFile)));
        }
        String count = "";
        if (!comparisons.isEmpty() || results.isEmpty()) {
            long failedComparisons = comparisons.stream().filter(c -> !ResultFacts.passed(c.outcome())).count();
            count = (results.isEmpty() ? "" : " ") + comparisons.size() + (comparisons.size() == 1 ? " comparison"
                    : " comparisons") + " of sequels, " + (comparisons.size() - failedComparisons) + " passed, "
                    + failedComparisons + " failed.";
        }
        write(index, html.replace(COMPARISONS, "").replace(COMPARISON_COUNT, count));
        // The folder holds only what the index lists: a test page of an earlier launch would
        // disagree with it. Only *.html pages are removed, so a folder shared with other files keeps them.
        try (java.util.stream.Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (name.endsWith(".html") && !name.equals("index.html") && !pages.contains(name)
                        && Files.isRegularFile(file)) {
                    Files.deleteIfExists(file);
                }
            }
        }
        return index;
    }

    /** A relative link from the report's folder to a file, with forward slashes. */
    private static String link(Path folder, Path file) {
        try {
            return folder.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize()).toString()
                    .replace(java.io.File.separatorChar, '/');
        } catch (IllegalArgumentException otherRoot) {
            return file.toAbsolutePath().toUri().toString();
        }
    }

    /** The page of one test: {@code <class>.<method>.html}, {@code <class>.<method>[<cell>].html} in a grid. */
    static String pageName(TestResult result) {
        return org.triscale.results.internal.common.FileNames.stem(result.testClass() + "." + result.testKey()) + ".html";
    }

    private static void write(Path file, String html) throws IOException {
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(file, temp -> Files.write(temp, bytes));
    }

    /** The index page: one row per test with its verdict, numbers, gate outcomes and warnings. */
    static String index(List<TestResult> results) {
        return index(results, java.util.Collections.nCopies(results.size(), null), null);
    }

    /**
     * The index page: the launch's date and duration, then one row per test, failures first, with
     * its verdict, numbers, gate outcomes, warnings and JSON result; a filter by verdict (an inline
     * script, nothing fetched).
     */
    static String index(List<TestResult> results, List<String> jsons, String summary) {
        StringBuilder html = head("TriScale report");
        int failed = 0;
        java.time.Instant start = null;
        java.time.Instant end = null;
        for (TestResult result : results) {
            failed += ResultFacts.passed(result.verdict().status()) ? 0 : 1;
            java.time.Instant started = instant(result.startedAt());
            java.time.Instant finished = instant(result.finishedAt());
            start = started == null || start != null && start.isBefore(started) ? start : started;
            end = finished == null || end != null && end.isAfter(finished) ? end : finished;
        }
        html.append("<h1>TriScale report</h1><p>");
        if (!results.isEmpty()) {
            html.append(results.size()).append(results.size() == 1 ? " test, " : " tests, ")
                    .append(results.size() - failed).append(" passed, ").append(failed).append(" failed.");
        }
        // A launch of plain tests that compare sequels counts its comparisons here (see #write).
        html.append(COMPARISON_COUNT).append("</p>");
        if (start != null) {
            html.append("<p class=\"note\">Launch of ").append(Html.escape(humanDate(start.toString())));
            if (end != null && !end.isBefore(start)) {
                html.append(", ").append(Html.escape(Format.duration(java.time.Duration.between(start, end).toNanos())))
                        .append(" from the first run to the last verdict");
            }
            html.append(".</p>");
        }
        if (summary != null) {
            html.append("<p><a href=\"").append(Html.escape(summary)).append("\">summary.md</a> (the Markdown summary)</p>");
        }
        html.append(GridReport.html(Grids.of(results)));
        html.append("<p><label>Show <select id=\"verdict\"><option value=\"\">all tests</option>")
                .append("<option value=\"FAILED\">failed only</option><option value=\"PASSED\">passed only</option>")
                .append("</select></label></p>");
        html.append(Charts.tableStart("verdict", "test", "size", "KPIs and scores", "gate", "warnings", "result"));
        // Failures first, each group in the launch's order.
        List<Integer> order = new ArrayList<>();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < results.size(); i++) {
                if (ResultFacts.passed(results.get(i).verdict().status()) == (pass == 1)) {
                    order.add(i);
                }
            }
        }
        for (int i : order) {
            html.append(row(results.get(i), jsons.get(i)));
        }
        html.append(Charts.tableEnd()).append(COMPARISONS);
        // The filter: plain inline script, no network; without script every row shows.
        html.append("<script>document.getElementById('verdict').addEventListener('change',function(e){")
                .append("var v=e.target.value;document.querySelectorAll('tr[data-verdict]').forEach(function(r){")
                .append("r.style.display=!v||r.getAttribute('data-verdict')===v?'':'none';});});</script>");
        if (!results.isEmpty()) {
            html.append(environment(results.get(0).environment()));
        }
        return html.append("</body></html>\n").toString();
    }

    /** The index's row of one test, linking its JSON result when {@code json} is not null. */
    private static String row(TestResult result, String json) {
        String gate = "";
        if (result.baseline() != null) {
            List<String> outcomes = new ArrayList<>();
            for (TestResult.GateMetric metric : result.baseline().metrics()) {
                outcomes.add(metric.metric() + ": " + metric.outcome().label());
            }
            gate = outcomes.isEmpty() ? (result.baseline().written() ? "baseline written" : "no baseline")
                    : String.join(", ", outcomes);
        }
        return new StringBuilder("<tr data-verdict=\"")
                .append(ResultFacts.passed(result.verdict().status()) ? "PASSED" : "FAILED")
                .append("\"><td>").append(badge(result.verdict().status())).append("</td><td><a href=\"")
                .append(Html.escape(pageName(result))).append("\">").append(Html.escape(ResultFacts.name(result)))
                .append("</a></td><td>").append(Html.escape(ResultFacts.size(result))).append("</td><td>")
                .append(Html.escape(LaunchSummary.numbers(result)).replace(" · ", "<br/>")).append("</td><td>")
                .append(Html.escape(gate)).append("</td><td>").append(result.verdict().warnings().size())
                .append("</td><td>").append(json == null ? "" : "<a href=\"" + Html.escape(json) + "\">JSON</a>")
                .append("</td></tr>").toString();
    }

    /** The index's closing note on the machine of the launch. */
    private static String environment(TestResult.Environment env) {
        return "<p class=\"note\">Java " + Html.escape(env.java()) + " (" + Html.escape(env.javaVendor()) + "), "
                + Html.escape(env.os()) + ", " + Html.escape(env.arch()) + ", " + env.cpus() + " CPUs.</p>";
    }

    /** The page of one test, every chart in a figure with its table. */
    static String page(TestResult result) {
        StringBuilder html = head("TriScale · " + ResultFacts.name(result));
        TestResult.Parameters parameters = result.parameters();
        html.append("<p><a href=\"index.html\">← all tests</a></p><h1>").append(badge(result.verdict().status()))
                .append(' ').append(Html.escape(ResultFacts.name(result))).append("</h1><p class=\"note\">")
                .append(Html.escape(result.testClass())).append(" · ").append(Html.escape(ResultFacts.size(result)))
                .append(" · mode ")
                .append(Html.escape(ResultFacts.text(parameters.mode()))).append(" · checks ")
                .append(Html.escape(ResultFacts.text(parameters.checksPolicy())))
                .append(" · seed ").append(parameters.baseSeed()).append(" · ")
                .append(Html.escape(humanDate(result.finishedAt()))).append("</p>");
        String adaptive = AdaptiveCharts.summary(result);
        if (!adaptive.isEmpty()) {
            html.append("<p class=\"note\">").append(Html.escape(adaptive)).append("</p>");
        }
        List<String[]> rows = VerdictTable.rows(result);
        if (rows.size() > 1) {
            html.append("<h2>Numbers</h2>").append(Charts.tableStart(rows.get(0)));
            for (String[] row : rows.subList(1, rows.size())) {
                html.append(Charts.row(row));
            }
            html.append(Charts.tableEnd());
        }
        list(html, "Failures", result.verdict().failures());
        list(html, "Warnings", result.verdict().warnings());
        List<Charts.Figure> figures = new ArrayList<>();
        for (int i = 0; i < parameters.kpis().size(); i++) {
            figures.add(Charts.kpi(result, i));
        }
        for (int i = 0; i < result.variabilityScores().size(); i++) {
            figures.add(Charts.score(result, i));
        }
        if (ResultFacts.adaptiveRuns(result)) {
            for (int i = 0; i < parameters.kpis().size(); i++) {
                figures.add(AdaptiveCharts.runs(result, i));
            }
        }
        if (ResultFacts.adaptiveSeries(result)) {
            for (int i = 0; i < result.variabilityScores().size(); i++) {
                figures.add(AdaptiveCharts.series(result, i));
            }
        }
        if (result.baseline() != null) {
            for (TestResult.GateMetric gate : result.baseline().metrics()) {
                figures.add(Charts.gate(result, gate));
            }
            if (result.baseline().history() != null && result.baseline().history().builds().size() > 1) {
                for (TestResult.GateMetric gate : result.baseline().metrics()) {
                    figures.add(Charts.history(result, gate));
                }
            }
        }
        List<String> kpiMetrics = new ArrayList<>();
        for (TestResult.KpiParameters kpi : parameters.kpis()) {
            if (!kpiMetrics.contains(kpi.metric())) {
                kpiMetrics.add(kpi.metric());
            }
        }
        for (String metric : kpiMetrics) {
            figures.add(Charts.autocorrelation(result, metric));
        }
        for (String metric : Charts.distributionMetrics(result)) {
            figures.add(Charts.cdf(result, metric));
        }
        for (String metric : Charts.recordedMetrics(result)) {
            for (TestResult.SeriesResult series : result.series()) {
                figures.add(Charts.samples(result, metric, series.series()));
            }
        }
        String section = "";
        for (Charts.Figure figure : figures) {
            String heading = figure.kind().heading(ResultFacts.adaptiveRuns(result));
            if (!heading.equals(section)) {
                html.append("<h2>").append(heading).append("</h2>");
                section = heading;
            }
            html.append("<figure data-chart=\"").append(figure.kind().attribute()).append("\"><figcaption>")
                    .append(Html.escape(figure.title())).append("</figcaption>").append(figure.svg())
                    .append("<details><summary>Table of the numbers drawn</summary>").append(figure.table())
                    .append("</details></figure>");
        }
        TestResult.Environment env = result.environment();
        html.append("<p class=\"note\">Java ").append(Html.escape(env.java())).append(", ")
                .append(Html.escape(env.os())).append(", ").append(env.cpus()).append(" CPUs; runs took ")
                .append(Html.escape(Format.duration(result.durationNanos()))).append(".</p>");
        return html.append("</body></html>\n").toString();
    }

    /**
     * An ISO-8601 instant as people read it: {@code "2 Dec 2026, 05:59:59 UTC"}; the text itself
     * when it is not one.
     */
    static String humanDate(String instant) {
        if (instant == null || instant.isEmpty()) {
            return "";
        }
        try {
            return java.time.format.DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm:ss 'UTC'", Locale.ENGLISH)
                    .withZone(java.time.ZoneOffset.UTC).format(java.time.Instant.parse(instant));
        } catch (java.time.format.DateTimeParseException notAnInstant) {
            return instant;
        }
    }

    /** Where the index's section of comparisons goes. */
    private static final String COMPARISONS = "<!--comparisons-->";
    private static final String COMPARISON_COUNT = "<!--comparison-count-->";

    /** The index's section of comparisons: one row per comparison, with what was claimed and its outcome. */
    static String comparisons(List<Comparisons.Comparison> comparisons, String json) {
        StringBuilder html = new StringBuilder("<h2>Comparisons of sequels</h2>");
        if (json != null) {
            html.append("<p class=\"note\"><a href=\"").append(Html.escape(json)).append("\">comparisons.json</a></p>");
        }
        html.append(Charts.tableStart("outcome", "test", "metric", "sequels compared", "change [interval]", "design",
                "claim"));
        for (Comparisons.Comparison c : comparisons) {
            html.append("<tr data-verdict=\"").append(c.outcome().name())
                    .append("\"><td>").append(badge(c.outcome())).append("</td><td>").append(Html.escape(c.test()))
                    .append("</td><td>").append(Html.escape(c.metric())).append("</td><td>")
                    .append(Html.escape("'" + c.candidate() + "' vs '" + c.reference() + "'")).append("</td><td>")
                    .append(Html.escape(Comparisons.change(c) + " at " + Format.number(c.confidence()) + " %"))
                    .append("</td><td>").append(Html.escape(c.design())).append("</td><td>")
                    .append(Html.escape(c.claim()) + (c.message().isEmpty() ? "" : "<br/>" + Html.escape(c.message())))
                    .append("</td></tr>");
        }
        return html.append(Charts.tableEnd()).toString();
    }

    private static java.time.Instant instant(String text) {
        try {
            return text == null ? null : java.time.Instant.parse(text);
        } catch (java.time.format.DateTimeParseException notAnInstant) {
            return null;
        }
    }

    private static void list(StringBuilder html, String title, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        html.append("<h2>").append(title).append("</h2><ul>");
        for (String item : items) {
            // A message's compact table (its lines after the first) keeps its columns.
            int table = item.indexOf('\n');
            html.append("<li>").append(Html.escape(table < 0 ? item : item.substring(0, table)));
            if (table >= 0) {
                html.append("<pre>").append(Html.escape(item.substring(table + 1))).append("</pre>");
            }
            html.append("</li>");
        }
        html.append("</ul>");
    }

    private static String badge(TestResult.VerdictStatus status) {
        return "<span class=\"badge " + (ResultFacts.passed(status) ? "pass" : "fail") + "\">" + status.name()
                + "</span>";
    }

    private static StringBuilder head(String title) {
        return new StringBuilder(1 << 16).append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><title>")
                .append(Html.escape(title)).append("</title><style>").append(STYLE).append("</style></head><body>");
    }

    /**
     * One palette for every chart (Okabe and Ito 2008, distinguishable with colour-vision
     * deficiencies); marks also differ by dashes and shapes. System fonts only.
     */
    private static final String STYLE = String.join("",
            "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;margin:24px auto;",
            "max-width:1180px;padding:0 16px;color:#1b1b1b;background:#fff;line-height:1.4}",
            "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ddd}",
            "table{border-collapse:collapse;margin:8px 0;font-size:.9em}",
            "th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}th{background:#f3f3f3}",
            "figure{margin:16px 0;padding:8px;border:1px solid #e3e3e3;border-radius:4px}",
            "figcaption{font-weight:600;margin-bottom:6px}details{margin-top:6px}summary{cursor:pointer;color:#0b5cad}",
            ".note{color:#555;font-size:.9em}a{color:#0b5cad}",
            ".badge{padding:1px 8px;border-radius:10px;font-size:.85em;font-weight:700;color:#fff}",
            ".pass{background:#00795a}.fail{background:#c0392b}",
            ".multiples{display:flex;flex-wrap:wrap;gap:6px}.small .caption{font-size:.8em;color:#333}",
            ".legend{font-size:.85em}.key{display:inline-block;width:22px;height:0;vertical-align:middle;",
            "margin:0 4px 0 12px;border-top:2px solid}",
            ".key.samples{border-color:#56b4e9}.key.metric{border-top:2px dashed #555}",
            ".key.trend{border-color:#d55e00;border-top-width:3px}.key.slope{border-top:2px dashed #d55e00}",
            ".key.tolerance{border-top:8px solid rgba(0,158,115,.25)}.key.stem{border-color:#0072b2}",
            ".key.bad{border-color:#c0392b}.key.accept{border-top:8px solid rgba(86,180,233,.3)}",
            "svg{font-size:11px;overflow:visible}svg .frame{fill:#fff;stroke:#999}svg .grid{stroke:#e6e6e6}",
            "svg .tick{fill:#444}svg .offscale{fill:#c0392b;font-size:12px;font-weight:600}svg .axis{fill:#222;font-size:12px}svg .note{fill:#333;font-size:12px}",
            "svg .samples{fill:none;stroke:#56b4e9;stroke-width:1}",
            "svg .metric{stroke:#555;stroke-dasharray:4 3;fill:none}",
            "svg .trend{stroke:#d55e00;stroke-width:2;fill:none}",
            "svg .slope{stroke:#d55e00;stroke-dasharray:3 3;fill:none}",
            "svg .tolerance{fill:rgba(0,158,115,.25);stroke:none}",
            "svg .dot{fill:#0072b2;stroke:#fff;stroke-width:1}",
            "svg .bound{stroke:#0072b2;stroke-width:3}svg .bound.bad{stroke:#c0392b}",
            "svg .threshold{stroke:#c0392b;stroke-width:2;stroke-dasharray:8 4;fill:none}",
            "svg .accept{fill:rgba(86,180,233,.22)}svg line.accept{stroke:rgba(86,180,233,.45);stroke-width:8}",
            "svg .zero{stroke:#555}",
            "svg .changepoint{stroke:#d55e00;stroke-width:2;stroke-dasharray:6 3}",
            "svg .seqhigh{stroke:#0072b2;stroke-width:2;fill:none}",
            "svg .seqlow{stroke:#009e73;stroke-width:2;stroke-dasharray:6 3;fill:none}",
            "svg .stop{fill:#1b1b1b;stroke:#fff;stroke-width:1.5}svg .faint{fill:#b3b3b3}",
            "svg .seqpt{stroke:none}svg .seqpt.high{fill:#0072b2}svg .seqpt.low{fill:#009e73}",
            "svg .stem{stroke:#0072b2;stroke-width:2}svg .stem.bad{stroke:#c0392b}",
            "svg .scoreband{fill:rgba(230,159,0,.28)}svg .scoreband.bad{fill:rgba(192,57,43,.28)}",
            "svg line.scoreband{stroke:rgba(230,159,0,.5);stroke-width:8}",
            "svg .tolerated{fill:rgba(0,158,115,.22)}svg line.tolerated{stroke:rgba(0,158,115,.45);stroke-width:8}",
            "svg .arrow{stroke:#333;stroke-width:1.5;stroke-dasharray:2 3;fill:none}",
            "svg .change{stroke:#cc79a7;stroke-width:2;fill:none}",
            "svg .detectable{stroke:#7a5195;stroke-width:1.5;stroke-dasharray:2 4;fill:none}",
            "svg .cdf{fill:none;stroke-width:1;opacity:.8}svg .s0{stroke:#0072b2}svg .s1{stroke:#e69f00}",
            "svg .s2{stroke:#009e73}svg .s3{stroke:#cc79a7}svg .s4{stroke:#d55e00}svg .s5{stroke:#56b4e9}",
            "li pre{margin:4px 0;font-size:.9em;overflow-x:auto}",
            GridReport.STYLE, "@media print{details{display:none}}");
}
