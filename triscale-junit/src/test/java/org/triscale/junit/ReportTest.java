package org.triscale.junit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.report.HtmlReport;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The HTML report: every chart, each with its title, axis labels and table; nothing fetched. */
class ReportTest {
    @TempDir
    Path folder;

    private Path index;
    private TestResult result;

    @BeforeEach
    void writeReport() throws IOException {
        Kit kit = Kit.in(folder);
        Charted.shift = 0;
        Kit.in(folder).with("triscale.baseline.update", "true").run(Charted.class).allEvents()
                .assertStatistics(stats -> stats.failed(0));
        kit.run(Charted.class).allEvents().assertStatistics(stats -> stats.failed(0)); // compared with the baseline
        result = JsonResults.read(kit.json(Charted.class, "cca"));
        index = HtmlReport.write(List.of(result), folder.resolve("report"));
    }

    /** Writes the report of the fixture, for the rendering test. */
    static Path report(Path folder) throws IOException {
        ReportTest test = new ReportTest();
        test.folder = folder;
        test.writeReport();
        return test.index;
    }

    @Test
    void everyChartIsPresentWithTitleAxesAndTable() throws Exception {
        assertThat(result.baseline().metrics()).isNotEmpty();
        Document page = Kit.xml(index.resolveSibling(Charted.class.getName() + ".cca.html"));
        List<String> kinds = new ArrayList<>();
        NodeList figures = page.getElementsByTagName("figure");
        for (int i = 0; i < figures.getLength(); i++) {
            Element figure = (Element) figures.item(i);
            kinds.add(figure.getAttribute("data-chart"));
            assertThat(figure.getElementsByTagName("figcaption").item(0).getTextContent()).isNotBlank();
            NodeList svgs = figure.getElementsByTagName("svg");
            assertThat(svgs.getLength()).isPositive();
            Element svg = (Element) svgs.item(0);
            assertThat(svg.getElementsByTagName("title").item(0).getTextContent()).isNotBlank();
            assertThat(classes(svg, "text", "axis")).hasSize(2).allSatisfy(label -> assertThat(label).isNotBlank());
            assertThat(figure.getElementsByTagName("table").getLength()).isPositive();
        }
        // 2 KPIs, 1 score, 1 gated metric, the autocorrelation of each KPI metric, the CDF of fct
        // (recorded without x), and the samples of both metrics, series by series
        assertThat(kinds).containsExactly("kpi", "kpi", "score", "gate", "history", "acf", "acf", "cdf", "samples", "samples",
                "samples", "samples", "samples", "samples", "samples", "samples", "samples", "samples");
        // Units on the axes.
        assertThat(page.getDocumentElement().getTextContent()).contains("delay (ms)").contains("fct (ms)");
    }

    @Test
    void theSamplesChartDrawsTheTrendSlopeIntervalAndTolerance() throws Exception {
        Document page = Kit.xml(index.resolveSibling(Charted.class.getName() + ".cca.html"));
        Element samples = figure(page, "samples");
        assertThat(classes(samples, "path", "samples")).hasSize(5);
        assertThat(classes(samples, "path", "trend")).hasSize(5);
        assertThat(classes(samples, "path", "slope")).hasSize(10);
        assertThat(classes(samples, "path", "tolerance")).hasSize(5);
        Element kpi = figure(page, "kpi");
        assertThat(classes(kpi, "line", "threshold")).hasSize(1);
        assertThat(classes(kpi, "path", "bound")).hasSize(5);
        assertThat(classes(figure(page, "acf"), "rect", "accept")).hasSize(5);
        assertThat(classes(figure(page, "score"), "rect", "scoreband")).hasSize(1);
        // The gated change on its own axis with the tolerance band; the KPIs only in the table, for information.
        Element gate = figure(page, "gate");
        assertThat(classes(gate, "rect", "tolerated")).hasSize(1);
        assertThat(classes(gate, "path", "change")).hasSize(1);
        assertThat(gate.getTextContent()).contains("change, % of the baseline").contains("KPI before → after (for"
                + " information)").doesNotContain("KPI of fct");
        assertThat(classes(figure(page, "cdf"), "path", "cdf s0")).hasSize(5);
    }

    @Test
    void nothingIsFetched() throws IOException {
        for (Path file : List.of(index, index.resolveSibling(Charted.class.getName() + ".cca.html"))) {
            String html = Files.readString(file);
            // The index's filter is an inline script: nothing it could fetch.
            assertThat(html).doesNotContain("<script src").doesNotContain("fetch(").doesNotContain("XMLHttpRequest")
                    .doesNotContain("<link").doesNotContain("<img")
                    .doesNotContain("@import").doesNotContain("url(").doesNotContain(" src=");
            // The only absolute URL is the SVG namespace, which names and fetches nothing.
            Matcher urls = Pattern.compile("[a-z]+://[^\"' )]*").matcher(html);
            while (urls.find()) {
                assertThat(urls.group()).isEqualTo("http://www.w3.org/2000/svg");
            }
            Matcher links = Pattern.compile("href=\"([^\"]*)\"").matcher(html);
            while (links.find()) {
                assertThat(file.resolveSibling(links.group(1))).exists();
            }
        }
    }

    @Test
    void theIndexLinksEveryTestWithItsVerdictAndNumbers() throws Exception {
        Document document = Kit.xml(index);
        String text = document.getDocumentElement().getTextContent();
        assertThat(text).contains("1 test, 1 passed, 0 failed").contains("ReportTest$Charted.cca")
                .contains("delay P75 = ").contains("fct: unchanged");
        assertThat(((Element) document.getElementsByTagName("a").item(0)).getAttribute("href"))
                .isEqualTo(Charted.class.getName() + ".cca.html");
    }

    @Test
    void noAxisRepeatsATickLabelEveryAxisHasAUnitEveryThresholdIsSeen() throws Exception {
        checkCharts(Kit.xml(index.resolveSibling(Charted.class.getName() + ".cca.html")));
    }

    /**
     * The SVG checks of a page: on each chart, no two equal tick labels on one axis, every axis
     * label names its unit in parentheses, and every threshold line lies inside the frame or is an
     * off-scale arrow with its value.
     */
    static void checkCharts(Document page) {
        NodeList svgs = page.getElementsByTagName("svg");
        int charts = 0;
        for (int i = 0; i < svgs.getLength(); i++) {
            Element svg = (Element) svgs.item(i);
            if (!svg.hasAttribute("role")) {
                continue; // the nested viewport of the marks
            }
            charts++;
            String title = svg.getElementsByTagName("title").item(0).getTextContent();
            List<String> xTicks = new ArrayList<>();
            List<String> yTicks = new ArrayList<>();
            NodeList texts = svg.getElementsByTagName("text");
            for (int t = 0; t < texts.getLength(); t++) {
                Element text = (Element) texts.item(t);
                if (text.getAttribute("class").equals("tick")) {
                    (text.getAttribute("text-anchor").equals("end") ? yTicks : xTicks).add(text.getTextContent());
                }
            }
            assertThat(xTicks).as("x tick labels of " + title).doesNotHaveDuplicates();
            assertThat(yTicks).as("y tick labels of " + title).doesNotHaveDuplicates().hasSizeGreaterThan(1);
            assertThat(classes(svg, "text", "axis")).as("axis labels of " + title)
                    .allSatisfy(label -> assertThat(label).matches(".*\\(.+\\)"));
            Element frame = classesNodes(svg, "rect", "frame").get(0);
            double top = Double.parseDouble(frame.getAttribute("y"));
            double bottom = top + Double.parseDouble(frame.getAttribute("height"));
            for (Element line : classesNodes(svg, "line", "threshold")) {
                assertThat(Double.parseDouble(line.getAttribute("y1"))).as("threshold of " + title)
                        .isBetween(top, bottom);
            }
            assertThat(classes(svg, "text", "offscale")).allSatisfy(label -> assertThat(label).matches(
                    "[▲▼] .*\\d.* \\(off-scale\\)"));
        }
        assertThat(charts).isPositive();
    }

    @Test
    void aPageOf100000RunsStaysWithin5MB() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        Path json = Kit.in(folder).json(Charted.class, "cca");
        com.fasterxml.jackson.databind.node.ObjectNode tree =
                (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(json.toFile());
        com.fasterxml.jackson.databind.node.ArrayNode runs = (com.fasterxml.jackson.databind.node.ArrayNode) tree.get("runs");
        int perSeries = 20_000;
        com.fasterxml.jackson.databind.node.ArrayNode many = mapper.createArrayNode();
        for (com.fasterxml.jackson.databind.JsonNode run : runs) {
            if (run.get("run").asInt() != 1) {
                continue;
            }
            for (int r = 1; r <= perSeries; r++) {
                com.fasterxml.jackson.databind.node.ObjectNode copy = run.deepCopy();
                copy.put("run", r);
                if (r > 40) {
                    // Summaries of samples on the first runs only, to keep the result file small.
                    copy.get("metrics").forEach(metric ->
                            ((com.fasterxml.jackson.databind.node.ObjectNode) metric).remove("sampleSummary"));
                }
                many.add(copy);
            }
        }
        tree.set("runs", many);
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("parameters").get("runs")).put("count", perSeries);
        Path big = folder.resolve("big").resolve(json.getFileName());
        Files.createDirectories(big.getParent());
        mapper.writeValue(big.toFile(), tree);
        TestResult large = JsonResults.read(big);
        assertThat(large.runs()).hasSize(100_000);
        Path report = HtmlReport.write(List.of(large), folder.resolve("big-report"));
        Path page = report.resolveSibling(Charted.class.getName() + ".cca.html");
        assertThat(Files.size(page)).as("bytes of the page of 100,000 runs").isLessThanOrEqualTo(5L << 20);
        assertThat(Files.readString(page)).contains("more rows in the JSON result").contains("more runs, not drawn");
    }

    /**
     * A history of 24 sequels whose fct KPI steps up by 10 % after the 12th (written as history
     * lines, copies of the fixture's with the KPI changed, 0.5 % noise), then one more execution:
     * its result lists the change point at 13, and its page draws it with its table.
     */
    @Test
    void aStepInTheHistoryIsAChangePointInTheResultAndThePage() throws Exception {
        Path history = Path.of(result.baseline().history().file());
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        String first = Files.readAllLines(history).get(0);
        StringBuilder lines = new StringBuilder();
        java.util.SplittableRandom random = new java.util.SplittableRandom(4);
        for (int i = 0; i < 24; i++) {
            com.fasterxml.jackson.databind.node.ObjectNode line =
                    (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(first);
            // The run metrics scaled, and the KPIs with them: a line's KPI must be its run metrics' KPI.
            double factor = (i < 12 ? 1 : 1.1) * (1 + 0.005 * random.nextGaussian(0, 1));
            com.fasterxml.jackson.databind.JsonNode metric = line.get("metrics").get(0);
            for (com.fasterxml.jackson.databind.JsonNode series : metric.get("runMetrics")) {
                scale((com.fasterxml.jackson.databind.node.ArrayNode) series, factor);
            }
            scale((com.fasterxml.jackson.databind.node.ArrayNode) metric.get("kpi").get("seriesKpis"), factor);
            com.fasterxml.jackson.databind.node.ObjectNode kpi =
                    (com.fasterxml.jackson.databind.node.ObjectNode) metric.get("kpi");
            kpi.put("median", kpi.get("median").asDouble() * factor);
            line.put("accepted", i < 12);
            lines.append(mapper.writeValueAsString(line)).append('\n');
        }
        Files.writeString(history, lines);
        Kit kit = Kit.in(folder);
        kit.run(Charted.class).allEvents().assertStatistics(stats -> stats.failed(0));
        TestResult again = JsonResults.read(kit.json(Charted.class, "cca"));
        assertThat(again.baseline().history().builds()).hasSize(25);
        assertThat(again.baseline().history().changePoints()).singleElement().satisfies(point -> {
            assertThat(point.metric()).isEqualTo("fct");
            assertThat(point.index()).isBetween(12, 14);
            assertThat(point.change()).isBetween(0.07, 0.13);
        });
        assertThat(Files.readString(kit.json(Charted.class, "cca"))).contains("\"changePoints\"")
                .contains("\"index\"");
        Path report = HtmlReport.write(List.of(again), folder.resolve("history-report"));
        Document page = Kit.xml(report.resolveSibling(Charted.class.getName() + ".cca.html"));
        Element chart = figure(page, "history");
        assertThat(classes(chart, "line", "changepoint")).hasSize(1);
        assertThat(chart.getTextContent()).contains("1 change point").contains("this execution");
        checkCharts(page);
    }

    private static void scale(com.fasterxml.jackson.databind.node.ArrayNode values, double factor) {
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i).isNumber()) {
                values.set(i, values.get(i).asDouble() * factor);
            }
        }
    }

    /**
     * A sequel of the history carries the change the gate found when it was judged, with its
     * interval: the next execution's result and page show it for that older point.
     */
    @Test
    void olderSequelsOfTheHistoryCarryTheirChangeWithItsInterval() throws Exception {
        TestResult.GateMetric judged = result.baseline().metrics().get(0);
        assertThat(judged.gate().change()).isNotNull();
        Kit kit = Kit.in(folder);
        Charted.shift = 5;
        try {
            kit.run(Charted.class); // a regression of fct may fail the verdict: the history keeps it anyway
        } finally {
            Charted.shift = 0;
        }
        TestResult next = JsonResults.read(kit.json(Charted.class, "cca"));
        List<TestResult.HistoryBuild> builds = next.baseline().history().builds();
        TestResult.HistoryBuild older = builds.get(builds.size() - 2);
        assertThat(older.current()).isFalse();
        assertThat(older.changes()).singleElement().satisfies(change -> {
            assertThat(change.metric()).isEqualTo("fct");
            assertThat(change.change()).isEqualTo(judged.gate().change());
            assertThat(change.lower()).isEqualTo(judged.gate().lower());
            assertThat(change.upper()).isEqualTo(judged.gate().upper());
            assertThat(change.confidence()).isEqualTo(judged.gate().confidence());
            assertThat(change.outcome()).isEqualTo(judged.outcome());
        });
        // This execution's own change is in its point too, as the gate computed it now.
        assertThat(builds.get(builds.size() - 1).changes()).singleElement()
                .satisfies(change -> assertThat(change.change()).isEqualTo(next.baseline().metrics().get(0).gate().change()));
        Path report = HtmlReport.write(List.of(next), folder.resolve("changes-report"));
        String page = Files.readString(report.resolveSibling(Charted.class.getName() + ".cca.html"));
        String expected = org.triscale.results.internal.common.Format.signedPercent(judged.gate().change()) + " ["
                + org.triscale.results.internal.common.Format.signedPercent(judged.gate().lower()) + ", "
                + org.triscale.results.internal.common.Format.signedPercent(judged.gate().upper()) + "] at "
                + org.triscale.results.internal.common.Format.percent(judged.gate().confidence()) + ", "
                + judged.outcome().name().toLowerCase(java.util.Locale.ROOT);
        assertThat(page).contains("change vs its baseline [interval]").contains("<td>" + expected + "</td>");
    }

    private static List<Element> classesNodes(Element parent, String tag, String css) {
        List<Element> found = new ArrayList<>();
        NodeList nodes = parent.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            Element node = (Element) nodes.item(i);
            if (node.getAttribute("class").equals(css)) {
                found.add(node);
            }
        }
        return found;
    }

    @Test
    void theIndexPutsFailuresFirstAndFiltersByVerdict() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode tree =
                (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(Kit.in(folder).json(Charted.class, "cca").toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("verdict")).put("status", "FAILED");
        tree.put("testMethod", "failing");
        Path failedJson = folder.resolve("failed.json");
        mapper.writeValue(failedJson.toFile(), tree);
        TestResult failed = JsonResults.read(failedJson);
        Path other = HtmlReport.write(List.of(result, failed), folder.resolve("two"));
        String html = Files.readString(other);
        assertThat(html.indexOf("data-verdict=\"FAILED\"")).isPositive()
                .isLessThan(html.indexOf("data-verdict=\"PASSED\""));
        assertThat(html).contains("1 passed, 1 failed").contains("<option value=\"FAILED\">").contains("Launch of ");
    }

    private static Element figure(Document page, String kind) {
        NodeList figures = page.getElementsByTagName("figure");
        for (int i = 0; i < figures.getLength(); i++) {
            if (((Element) figures.item(i)).getAttribute("data-chart").equals(kind)) {
                return (Element) figures.item(i);
            }
        }
        throw new AssertionError("no figure " + kind);
    }

    static List<String> classes(Element parent, String tag, String css) {
        List<String> found = new ArrayList<>();
        NodeList nodes = parent.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            Element node = (Element) nodes.item(i);
            if (node.getAttribute("class").equals(css)) {
                found.add(node.getTextContent());
            }
        }
        return found;
    }

    @FixturesOnly
    static class Charted {
        static volatile double shift;

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @ConvergenceRequired(metrics = "delay")
        @Metric(name = "delay", unit = "ms", bounds = {0, 100})
        @Metric(name = "fct", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "delay", atMost = 60)
        @Kpi(metric = "fct", atMost = 1000)
        @VariabilityScore(metric = "delay", atMost = 50)
        @Baseline(metrics = "fct")
        void cca(RunContext run) {
            ConvergenceRequiredTest.steady(run);
            double[] fct = new double[200];
            for (int i = 0; i < fct.length; i++) {
                fct[i] = 10 + (i * 37 % 200) + run.run() + 2 * run.series() + shift;
            }
            run.recordSamples("fct", fct);
        }
    }
}
