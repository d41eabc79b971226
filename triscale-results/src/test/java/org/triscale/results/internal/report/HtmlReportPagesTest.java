package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.model.TestResult;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report's pages as text: the index's counts and order, a page's name and its escaped user
 * strings, dates as people read them, and the small helpers of the charts.
 */
class HtmlReportPagesTest {

    @Test
    void theIndexCountsTheTestsAndListsFailuresFirst() {
        String html = HtmlReport.index(List.of(TestResults.passing(), TestResults.failing()));

        assertThat(html).contains("<h1>TriScale report</h1><p>2 tests, 1 passed, 1 failed.");
        assertThat(html.indexOf("CcaTest.slow")).isPositive().isLessThan(html.indexOf("CcaTest.delay"));
        assertThat(HtmlReport.index(List.of(TestResults.passing()))).contains("<p>1 test, 1 passed, 0 failed.");
    }

    @Test
    void aPageIsNamedAfterItsTest() {
        assertThat(HtmlReport.pageName(TestResults.passing())).isEqualTo("org.example.CcaTest.delay.html");
        assertThat(HtmlReport.pageName(TestResults.failing())).isEqualTo("org.example.CcaTest.slow.html");
    }

    @Test
    void aRunsMessageIsEscapedOnItsPage() {
        TestResult result = TestResults.builder().atMost(100).setup(b -> b.runs(6))
                .series(1, 10, 11, 12, 13, 14, 15).run(1, 2, RunStatus.FAILED, "<img src=x onerror=alert(1)> & more")
                .build();

        String page = HtmlReport.page(result);

        assertThat(page).contains("&lt;img src=x onerror=alert(1)&gt; &amp; more").doesNotContain("<img src=x");
    }

    @Test
    void datesAreShownAsPeopleReadThemAndOtherTextsAsTheyAre() {
        assertThat(HtmlReport.humanDate("2026-12-02T05:59:59.123Z")).isEqualTo("2 Dec 2026, 05:59:59 UTC");
        assertThat(HtmlReport.humanDate("yesterday")).isEqualTo("yesterday");
        assertThat(HtmlReport.humanDate("")).isEmpty();
        assertThat(HtmlReport.humanDate(null)).isEmpty();
    }

    @Test
    void axesNameTheirUnitAndSamplesDefaultToSeconds() {
        TestResult result = TestResults.passing();

        assertThat(Charts.axis("delay", "ms")).isEqualTo("delay (ms)");
        assertThat(Charts.axis("score", "")).isEqualTo("score (no unit)");
        assertThat(Charts.axis("score", null)).isEqualTo("score (no unit)");
        assertThat(Charts.xUnit(result, "undeclared")).isEqualTo("s");
        assertThat(Charts.cut(0)).isEmpty();
        assertThat(Charts.cut(3)).isEqualTo("<tr><td colspan=\"20\">… 3 more rows in the JSON result</td></tr>");
    }

    @Test
    void aRunsMetricIsFoundByNameOrNotAtAll() {
        TestResult.Run run = TestResults.passing().runs().get(0);

        assertThat(Charts.metric(run, "delay")).isNotNull().extracting(TestResult.MetricResult::metric).isEqualTo("delay");
        assertThat(Charts.metric(run, "loss")).isNull();
        // Fixture runs report values, not samples: nothing to draw as samples.
        assertThat(Charts.recordedMetrics(TestResults.passing())).isEmpty();
        assertThat(Charts.distributionMetrics(TestResults.passing())).isEmpty();
    }
}
