package org.triscale.junit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.junit.internal.output.JsonResults;
import org.triscale.junit.internal.output.TestResult;
import org.triscale.junit.internal.report.HtmlReport;
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
        assertThat(kinds).containsExactly("kpi", "kpi", "score", "gate", "acf", "acf", "cdf", "samples", "samples",
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
        assertThat(classes(figure(page, "gate"), "rect", "tolerated")).hasSize(1);
        assertThat(classes(figure(page, "cdf"), "path", "cdf s0")).hasSize(5);
    }

    @Test
    void nothingIsFetched() throws IOException {
        for (Path file : List.of(index, index.resolveSibling(Charted.class.getName() + ".cca.html"))) {
            String html = Files.readString(file);
            assertThat(html).doesNotContain("<script").doesNotContain("<link").doesNotContain("<img")
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

    private static Element figure(Document page, String kind) {
        NodeList figures = page.getElementsByTagName("figure");
        for (int i = 0; i < figures.getLength(); i++) {
            if (((Element) figures.item(i)).getAttribute("data-chart").equals(kind)) {
                return (Element) figures.item(i);
            }
        }
        throw new AssertionError("no figure " + kind);
    }

    private static List<String> classes(Element parent, String tag, String css) {
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
