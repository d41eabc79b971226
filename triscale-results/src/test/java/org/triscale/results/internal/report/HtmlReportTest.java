package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.internal.model.TestResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The HTML report: an index and one page per test, written atomically, holding only what the index lists. */
class HtmlReportTest {

    @TempDir
    Path dir;

    private List<String> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theReportHasAnIndexAndAPagePerTest() throws IOException {
        TestResult passing = TestResults.passing();
        TestResult failing = TestResults.failing();
        Path index = HtmlReport.write(List.of(passing, failing), dir);

        assertThat(index).isEqualTo(dir.resolve("index.html"));
        assertThat(files()).containsExactly("index.html", "org.example.CcaTest.delay.html",
                "org.example.CcaTest.slow.html");
        String html = Files.readString(index);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("CcaTest.delay").contains("CcaTest.slow")
                .contains("href=\"org.example.CcaTest.delay.html\"");
        // Failures first.
        assertThat(html.indexOf("CcaTest.slow")).isLessThan(html.indexOf("CcaTest.delay"));
        String page = Files.readString(dir.resolve(HtmlReport.pageName(failing)));
        assertThat(page).contains("<svg").contains("KPI delay P75").contains("FAILED")
                .contains(failing.verdict().failures().get(0).substring(0, 40));
    }

    @Test
    void aPageOfAnEarlierLaunchIsRemovedAndOtherFilesAreKept() throws IOException {
        HtmlReport.write(List.of(TestResults.passing(), TestResults.failing()), dir);
        Files.writeString(dir.resolve("notes.txt"), "mine");
        HtmlReport.write(List.of(TestResults.passing()), dir);

        assertThat(files()).containsExactly("index.html", "notes.txt", "org.example.CcaTest.delay.html");
    }

    @Test
    void theIndexLinksTheJsonResultsAndTheSummaryRelatively() throws IOException {
        Path report = dir.resolve("report");
        Path json = dir.resolve("results").resolve("org.example.CcaTest.delay.json");
        Path summary = dir.resolve("results").resolve("summary.md");
        String html = Files.readString(HtmlReport.write(List.of(TestResults.passing()), report, List.of(json),
                summary));

        assertThat(html).contains("../results/org.example.CcaTest.delay.json").contains("../results/summary.md");
    }

    @Test
    void anUndrawableResultIsLeftOutAndToldWhenAsked() throws IOException {
        TestResult good = TestResults.passing();
        TestResult broken = new TestResult(good.schemaVersion(), good.testClass(), "broken", good.timing(),
                good.parameters(), good.runs(), null, good.variabilityScores(),
                good.verdict(), good.environment(), good.baseline());
        List<Integer> left = new ArrayList<>();
        HtmlReport.write(List.of(broken, good), dir, null, null, List.of(), null, (i, e) -> left.add(i));

        assertThat(left).containsExactly(0);
        assertThat(files()).containsExactly("index.html", "org.example.CcaTest.delay.html");
        assertThatThrownBy(() -> HtmlReport.write(List.of(broken), dir)).isInstanceOf(RuntimeException.class);
    }

    @Test
    void userTextsAreEscapedOnThePages() throws IOException {
        TestResult result = TestResults.builder().test("org.example.CcaTest", "delay").atMost(1).seriesCount(1)
                .series(1, 10, 12, 11, 13, 12).run(1, 2, org.triscale.results.internal.model.RunStatus.FAILED,
                        "<script>alert(1)</script>").build();
        HtmlReport.write(List.of(result), dir);

        String page = Files.readString(dir.resolve(HtmlReport.pageName(result)));
        assertThat(page).doesNotContain("<script>alert(1)</script>").contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        assertThat(Files.readString(dir.resolve("index.html"))).doesNotContain("<script>alert");
    }
}
