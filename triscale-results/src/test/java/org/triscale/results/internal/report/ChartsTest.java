package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.triscale.engine.sizing.Sizing;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.TestSetup;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.triscale.results.internal.report.PlotGeometryTest.circles;

/**
 * The report's charts computed from a result: what is drawn where (the points, the bounds, the
 * thresholds, the score's band) and the tables behind them, asserted on the SVG's geometry.
 */
class ChartsTest {

    /** The y pixel of each horizontal segment of a CSS class ({@code M x0,y L x1,y}). */
    private static List<Double> segments(String svg, String css) {
        Matcher m = Pattern.compile("<path class=\"" + Pattern.quote(css) + "\" d=\"M[-0-9.]+,([-0-9.]+)L[-0-9.]+,\\1\"/>")
                .matcher(svg);
        List<Double> ys = new java.util.ArrayList<>();
        while (m.find()) {
            ys.add(Double.parseDouble(m.group(1)));
        }
        return ys;
    }

    @Test
    void theKpiChartDrawsEveryValidRunItsSeriesBoundAtItsLargestRunAndTheThreshold() {
        TestResult result = TestResults.builder().atMost(13.5).seriesCount(2).series(1, 10, 12, 11, 13, 12)
                .series(2, 11, 14, 12, 10, 11).run(2, 3, RunStatus.FAILED, "crash").build();
        Charts.Figure figure = Charts.kpi(result, 0);

        assertThat(figure.kind()).isEqualTo(ChartKind.KPI);
        assertThat(figure.title()).isEqualTo("KPI delay P75: run metrics and Thompson bounds");
        List<double[]> runs = circles(figure.svg(), "dot");
        assertThat(runs).as("10 runs, one failed").hasSize(9);
        // Series 1 passes (bound 13, run 4); series 2 has 4 valid runs, too few: no bound drawn.
        List<Double> passing = segments(figure.svg(), "bound");
        assertThat(passing).hasSize(1);
        double highest = runs.subList(0, 5).stream().mapToDouble(p -> p[1]).min().orElseThrow();
        assertThat(passing.get(0)).as("the bound is drawn at the largest run metric of series 1").isEqualTo(highest);
        assertThat(segments(figure.svg(), "bound bad")).isEmpty();
        assertThat(figure.svg()).contains("<line class=\"threshold\"").contains("atMost 13.5 ms");
        assertThat(figure.table()).contains("<td>2</td><td>3</td><td>n/a</td>")
                .contains("<tr><td>1</td><td>13 ms</td><td>≤ 13.5 ms</td><td>5</td><td>5</td><td>ok</td>")
                .contains("<tr><td>2</td><td>n/a</td><td>≤ 13.5 ms</td><td>4</td><td>5</td><td>undefined</td>");
    }

    @Test
    void aViolatedBoundIsDrawnBad() {
        TestResult result = TestResults.builder().atMost(12.5).seriesCount(2).series(1, 10, 12, 11, 12, 12)
                .series(2, 11, 14, 12, 10, 11).build();
        Charts.Figure figure = Charts.kpi(result, 0);

        assertThat(segments(figure.svg(), "bound")).hasSize(1);
        assertThat(segments(figure.svg(), "bound bad")).hasSize(1);
        // The bad bound (14) is drawn above the good one (12): a smaller y pixel.
        assertThat(segments(figure.svg(), "bound bad").get(0)).isLessThan(segments(figure.svg(), "bound").get(0));
    }

    @Test
    void theScoreChartDrawsTheSeriesKpisAndTheBandBetweenTheScoresEnds() {
        int count = Sizing.twoSided(75, 75, 0);
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                .score(10, Double.NaN).series(count).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= count; s++) {
            runs.series(s, RecordedSequels.ramp(5, 10 + 2 * s, 0.5));
        }
        TestResult result = TestResults.of(runs.build());
        Charts.Figure figure = Charts.score(result, 0);

        List<double[]> kpis = circles(figure.svg(), "dot");
        assertThat(kpis).hasSize(count);
        // KPIs 14, 16, …: evenly spaced points, rising.
        for (int i = 1; i < count; i++) {
            assertThat(kpis.get(i)[1]).isLessThan(kpis.get(i - 1)[1]);
        }
        Matcher band = Pattern.compile("<rect class=\"scoreband\" x=\"62\" y=\"([0-9.]+)\" width=\"\\d+\" height=\"([0-9.]+)\"")
                .matcher(figure.svg());
        assertThat(band.find()).isTrue();
        // The band spans the interval [KPI of series 1, KPI of the last]: from the lowest point to the highest.
        double top = Double.parseDouble(band.group(1));
        double height = Double.parseDouble(band.group(2));
        assertThat(top).isCloseTo(kpis.get(count - 1)[1], org.assertj.core.api.Assertions.within(0.11));
        assertThat(top + height).isCloseTo(kpis.get(0)[1], org.assertj.core.api.Assertions.within(0.11));
        assertThat(figure.svg()).contains("widest allowed: lower end + 10 ms");
        assertThat(figure.table()).contains("<td>[14, 22 ms]</td><td>8 ms</td><td>44.44 %</td>");
    }

    @Test
    void tableCellsAreEscapedAndACutTableSaysHowManyRowsAreLeft() {
        assertThat(Charts.row("<a>", "b & c")).isEqualTo("<tr><td>&lt;a&gt;</td><td>b &amp; c</td></tr>");
        assertThat(Charts.tableStart("x")).isEqualTo("<table><thead><tr><th>x</th></tr></thead><tbody>");
        assertThat(Charts.cut(0)).isEmpty();
        assertThat(Charts.cut(3)).contains("… 3 more rows in the JSON result");
        assertThat(Charts.axis("delay", "ms")).isEqualTo("delay (ms)");
        assertThat(Charts.axis("score", "")).isEqualTo("score (no unit)");
    }

    @Test
    void aResultWithoutSamplesHasNoSampleCharts() {
        TestResult result = TestResults.passing();
        assertThat(Charts.recordedMetrics(result)).isEmpty();
        assertThat(Charts.distributionMetrics(result)).isEmpty();
        assertThat(Charts.xUnit(result, "delay")).isEqualTo("s");
        assertThat(Charts.metric(result.runs().get(0), "delay").value()).isEqualTo(10.0);
        assertThat(Charts.metric(result.runs().get(0), "other")).isNull();
    }
}
