package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.sequential.Decision;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.report.HtmlReport;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.triscale.junit.AdaptiveRunsTest.spread;

/**
 * The HTML report of adaptive tests: the size says how far the runs or series went, the page says
 * where and why they stopped, and a chart replays the anytime-valid bounds, whose last step must be
 * the one recorded in the result.
 */
class AdaptiveReportTest {
    @TempDir
    Path folder;

    @Test
    void adaptiveRunsChartReplaysTheBoundsUpToTheRecordedStop() throws Exception {
        TestResult result = run(TwoKpis.class);
        Path index = index(result);
        Document page = page(index, result);

        List<Element> charts = figures(page, "sequential");
        assertThat(charts).hasSize(2);
        for (int k = 0; k < 2; k++) {
            Element chart = charts.get(k);
            assertThat(chart.getElementsByTagName("figcaption").item(0).getTextContent())
                    .isEqualTo(k == 0 ? "KPI delay P75: anytime-valid bounds at 75 %, run by run"
                            : "KPI rate P25: anytime-valid bounds at 75 %, run by run");
            NodeList tables = chart.getElementsByTagName("table");
            List<List<String>> stops = rows((Element) tables.item(0));
            List<List<String>> steps = rows((Element) tables.item(1));
            assertThat(stops).hasSize(2);
            for (TestResult.SeriesResult series : result.series()) {
                TestResult.SequentialBound recorded = series.sequential().get(k);
                String unit = k == 0 ? "ms" : "Mbit/s";
                List<String> stop = stops.get(series.series() - 1);
                assertThat(stop).startsWith(Integer.toString(series.series()), series.stopRun().toString(),
                        "every KPI decided", Format.withUnit(recorded.lower(), unit),
                        Format.withUnit(recorded.upper(), unit), recorded.decision().name(), "anytime-valid bound");
                List<List<String>> ofSeries = steps.stream()
                        .filter(row -> row.get(0).equals(Integer.toString(series.series()))).toList();
                // One step per run up to the stop, and the replay's last step is the recorded one.
                assertThat(ofSeries).hasSize(series.stopRun());
                List<String> last = ofSeries.get(ofSeries.size() - 1);
                assertThat(last.subList(3, 6)).containsExactly(stop.get(3), stop.get(4),
                        recorded.decision().name().toLowerCase(Locale.ROOT));
                assertThat(ofSeries.get(0).get(3) + ofSeries.get(0).get(4)).contains("∞");
            }
        }
        assertThat(page.getDocumentElement().getTextContent())
                .contains("Adaptive runs, at most 100 per series: series 1 at run " + result.series().get(0).stopRun()
                        + " (every KPI decided), series 2 at run " + result.series().get(1).stopRun()
                        + " (every KPI decided).")
                .contains("KPI delay P75: run metrics and the KPI of each series");
        int most = Math.max(result.series().get(0).stopRun(), result.series().get(1).stopRun());
        assertThat(Kit.xml(index).getDocumentElement().getTextContent())
                .contains("2 series × ≤ " + most + " of 100 runs");
    }

    @Test
    void seriesThatReachMaxCountSayTheLastLookJudges() throws Exception {
        // Twelve runs cannot decide a KPI at its threshold: the last look judges.
        TestResult result = run(AdaptiveRunsTest.AtTheThreshold.class);
        Document page = page(index(result), result);

        List<List<String>> stops = rows((Element) figures(page, "sequential").get(0)
                .getElementsByTagName("table").item(0));
        TestResult.SequentialBound recorded = result.series().get(0).sequential().get(0);
        assertThat(recorded.verdict()).isEqualTo(TestResult.VerdictBasis.FIXED_N);
        assertThat(stops.get(0)).startsWith("1", "12", "maxCount reached, judged by the last look")
                .endsWith("fixed-N KPI at " + Format.number(recorded.lastLookConfidence()) + " % (last look)");
    }

    @Test
    void adaptiveSeriesChartReplaysTheRelativeScoreUpToTheRecordedStop() throws Exception {
        TestResult result = run(RelativeScore.class);
        Path index = index(result);
        Document page = page(index, result);

        List<Element> charts = figures(page, "sequential-score");
        assertThat(charts).hasSize(1);
        Element chart = charts.get(0);
        assertThat(chart.getElementsByTagName("figcaption").item(0).getTextContent())
                .isEqualTo("Variability score of delay: anytime-valid bounds at 75 %, series by series");
        TestResult.SequentialScoreResult recorded = result.variabilityScores().get(0).sequential();
        assertThat(recorded.decision()).isEqualTo(Decision.PASS);
        List<List<String>> steps = rows((Element) chart.getElementsByTagName("table").item(0));
        assertThat(steps).hasSize(recorded.stopSeries());
        List<String> last = steps.get(steps.size() - 1);
        assertThat(last.get(2)).isEqualTo(Format.withUnit(100 * recorded.relativeScore(), "%"));
        assertThat(last.get(4)).isEqualTo("pass");
        assertThat(steps.get(0).get(2)).isEqualTo("unbounded");
        assertThat(chart.getTextContent()).contains("relative score (%)").contains("atMost 2 %");
        assertThat(page.getDocumentElement().getTextContent()).contains("Adaptive series: stopped after series "
                + recorded.stopSeries() + " of at most 40 (every score decided).");
        assertThat(Kit.xml(index).getDocumentElement().getTextContent())
                .contains(recorded.stopSeries() + " of 40 series × 5 runs");
    }

    @Test
    void fixedTestsHaveNoAdaptiveChartsOrNotes() throws Exception {
        TestResult result = run(Fixed.class);
        Document page = page(index(result), result);
        assertThat(figures(page, "sequential")).isEmpty();
        assertThat(figures(page, "sequential-score")).isEmpty();
        assertThat(page.getDocumentElement().getTextContent()).doesNotContain("Adaptive runs")
                .doesNotContain("Adaptive series").contains("1 series × 10 runs").contains("KPI delay P75: run metrics and Thompson bounds");
    }

    /** Writes the report of one test; returns its index page. */
    private Path index(TestResult result) throws IOException {
        return HtmlReport.write(List.of(result), folder.resolve("report"));
    }

    /** The test's page next to the index. */
    private static Document page(Path index, TestResult result) throws Exception {
        return Kit.xml(index.resolveSibling(result.testClass() + "." + result.testMethod() + ".html"));
    }

    /** Writes the report of {@link TwoKpis}, for the rendering test. */
    static Path report(Path folder) throws IOException {
        return HtmlReport.write(List.of(run(folder, TwoKpis.class)), folder.resolve("report"));
    }

    private TestResult run(Class<?> fixture) throws IOException {
        return run(folder, fixture);
    }

    private static TestResult run(Path folder, Class<?> fixture) throws IOException {
        Kit kit = Kit.in(folder.resolve(fixture.getSimpleName()));
        kit.run(fixture);
        return JsonResults.read(kit.json(fixture, "cca"));
    }

    private static List<Element> figures(Document page, String kind) {
        List<Element> figures = new ArrayList<>();
        NodeList all = page.getElementsByTagName("figure");
        for (int i = 0; i < all.getLength(); i++) {
            Element figure = (Element) all.item(i);
            if (figure.getAttribute("data-chart").equals(kind)) {
                figures.add(figure);
            }
        }
        return figures;
    }

    /** The body rows of a table, cell texts. */
    private static List<List<String>> rows(Element table) {
        List<List<String>> rows = new ArrayList<>();
        NodeList trs = table.getElementsByTagName("tbody").getLength() == 0 ? table.getElementsByTagName("tr")
                : ((Element) table.getElementsByTagName("tbody").item(0)).getElementsByTagName("tr");
        for (int i = 0; i < trs.getLength(); i++) {
            NodeList cells = ((Element) trs.item(i)).getElementsByTagName("td");
            List<String> row = new ArrayList<>();
            for (int c = 0; c < cells.getLength(); c++) {
                row.add(cells.item(c).getTextContent());
            }
            rows.add(row);
        }
        return rows;
    }

    /** Two KPIs, an upper and a lower one, both far from their thresholds. */
    @FixturesOnly
    static class TwoKpis {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 100)
        @Series(count = 2)
        @Metric(name = "delay", unit = "ms")
        @Metric(name = "rate", unit = "Mbit/s")
        @Kpi(metric = "delay", atMost = 2)
        @Kpi(metric = "rate", percentile = 25, atLeast = 10)
        void cca(RunContext run) {
            run.recordRunValue("delay", spread(run.run() + 7 * run.series()));
            run.recordRunValue("rate", 20 + spread(run.run() + 3 * run.series()));
        }
    }

    /** Series KPIs within 1 % of each other: the relative score passes its 2 % threshold early. */
    @FixturesOnly
    static class RelativeScore {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(adaptive = true, maxCount = 40)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 200)
        @VariabilityScore(metric = "delay", relativeAtMost = 0.02)
        void cca(RunContext run) {
            run.recordRunValue("delay", 100 + spread(run.series()) + 0.01 * spread(run.run()));
        }
    }

    @FixturesOnly
    static class Fixed {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 2)
        void cca(RunContext run) {
            run.recordRunValue("delay", spread(run.run()));
        }
    }
}
