package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.TestSetup;

import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The charts of adaptive tests replay the anytime-valid bounds from the recorded runs: one step
 * per run (or series), ending where the test stopped, with the decision the result holds.
 */
class AdaptiveChartsTest {
    private static final Pattern ROW = Pattern.compile("<tr><td>");

    private static double[] noisy(long seed, int n, double centre) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = centre + random.nextDouble();
        }
        return values;
    }

    private static TestResult adaptiveRuns(double atMost, int series) {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(atMost)
                .adaptiveRuns(200).series(series).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= series; s++) {
            runs.series(s, noisy(s, 200, 10));
        }
        return TestResults.of(runs.run(1, 2, RunStatus.FAILED, "timeout").build());
    }

    private static TestResult adaptiveSeries(double atMost, double relativeAtMost) {
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(1000)
                .score(atMost, relativeAtMost).runs(5).adaptiveSeries(40).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= 40; s++) {
            runs.series(s, noisy(100 + s, 5, 100));
        }
        return TestResults.of(runs.build());
    }

    private static int rows(String html) {
        Matcher m = ROW.matcher(html);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    private static int runsOf(TestResult result, int series) {
        return (int) result.runs().stream().filter(run -> run.series() == series).count();
    }

    @Test
    void aFixedTestHasNoAdaptiveSummary() {
        assertThat(AdaptiveCharts.summary(TestResults.passing())).isEmpty();
    }

    @Test
    void theSummaryNamesWhereEachSeriesStoppedAndWhy() {
        TestResult result = adaptiveRuns(100, 2);

        assertThat(AdaptiveCharts.summary(result)).isEqualTo("Adaptive runs, at most 200 per series: series 1 at run "
                + result.series().get(0).stopRun() + " (every KPI decided), series 2 at run "
                + result.series().get(1).stopRun() + " (every KPI decided).");
        assertThat(result.series().get(0).stopRun()).isEqualTo(runsOf(result, 1)).isLessThan(200);
    }

    @Test
    void theRunChartHasOneStepPerRunAndOneStopPerSeries() {
        TestResult result = adaptiveRuns(100, 2);
        int steps = runsOf(result, 1) + runsOf(result, 2);

        Charts.Figure figure = AdaptiveCharts.runs(result, 0);

        assertThat(figure.kind()).isEqualTo(ChartKind.SEQUENTIAL);
        assertThat(figure.title()).isEqualTo("KPI delay P75: anytime-valid bounds at 75 %, run by run");
        // Two tables: the stops (one row per series), then the steps (one row per run).
        assertThat(rows(figure.table())).isEqualTo(2 + steps);
        assertThat(figure.table()).contains("<th>stopped at run</th>")
                .contains("<tr><td>1</td><td>" + result.series().get(0).stopRun() + "</td><td>every KPI decided</td>")
                .contains("<td>anytime-valid bound</td>")
                // The failed run 2 fed the sequence nothing.
                .contains("<tr><td>1</td><td>2</td><td>not valid</td>");
        // The last step of each series is the decision the result holds.
        String lastOfSeries1 = "<tr><td>1</td><td>" + runsOf(result, 1) + "</td>";
        int at = figure.table().lastIndexOf(lastOfSeries1);
        assertThat(at).isPositive();
        String row = figure.table().substring(at, figure.table().indexOf("</tr>", at));
        assertThat(row).endsWith("<td>" + result.series().get(0).sequential().get(0).decision().name()
                .toLowerCase(java.util.Locale.ROOT) + "</td>");
        assertThat(figure.svg()).startsWith("<svg").contains("atMost 100 ms").contains("upper bound");
    }

    @Test
    void theSeriesSummaryAndChartOfAnAdaptiveScore() {
        TestResult result = adaptiveSeries(50, Double.NaN);
        int taken = result.series().size();

        assertThat(AdaptiveCharts.summary(result)).isEqualTo("Adaptive series: stopped after series " + taken
                + " of at most 40 (every score decided).");
        Charts.Figure figure = AdaptiveCharts.series(result, 0);
        assertThat(figure.kind()).isEqualTo(ChartKind.SEQUENTIAL_SCORE);
        assertThat(figure.title()).isEqualTo("Variability score of delay: anytime-valid bounds at 75 %, series by series");
        assertThat(rows(figure.table())).isEqualTo(taken);
        assertThat(figure.table()).contains("<th>score at most</th>");
        assertThat(figure.svg()).contains("atMost 50 ms").contains("stopped after series " + taken);
    }

    @Test
    void aScoreWithOnlyARelativeThresholdIsDrawnInPercent() {
        TestResult result = adaptiveSeries(Double.NaN, 0.5);

        Charts.Figure figure = AdaptiveCharts.series(result, 0);

        assertThat(figure.svg()).contains("relative score (%)").contains("atMost 50 %");
        assertThat(figure.table()).contains(" %</td>");
    }
}
