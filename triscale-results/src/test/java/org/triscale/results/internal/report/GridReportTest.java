package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.internal.model.CellParameters;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.DoubleStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The grid report of a campaign built from fixture results: parameters as rows and columns, each
 * cell's harm against its reference cell, failures first, missing cells, hostile parameter text
 * escaped in HTML and Markdown.
 */
class GridReportTest {
    private static final double[] ALONE = {100, 101, 102, 103, 104};

    /** A cell of {@code HarmTest.fct} whose delays are {@code factor} times the cells without competitor. */
    private static TestResult cell(String name, String reference, double factor, double atMost) {
        return TestResults.builder().test("org.example.HarmTest", "fct").atMost(atMost)
                .setup(b -> b.cell(name, reference))
                .series(1, DoubleStream.of(ALONE).map(v -> v * factor).toArray()).build();
    }

    /** Heist's shape: RTT rows × competitor columns; Prague at 40 ms over its threshold. */
    private static List<TestResult> heist() {
        List<TestResult> results = new ArrayList<>();
        for (int rtt : new int[] {10, 40}) {
            results.add(cell("rttMs=" + rtt + ", competitor=none", "competitor=none", rtt / 10.0, 10_000));
            results.add(cell("rttMs=" + rtt + ", competitor=CUBIC", "competitor=none", 2 * rtt / 10.0, 10_000));
            results.add(cell("rttMs=" + rtt + ", competitor=PRAGUE", "competitor=none", 5 * rtt / 10.0,
                    rtt == 40 ? 1000 : 10_000));
        }
        return results;
    }

    @Test
    void eachCellIsSetAgainstTheReferenceOfItsRow() {
        Grids.Grid grid = Grids.of(heist()).get(0);

        assertThat(grid.title()).isEqualTo("HarmTest.fct");
        assertThat(grid.names()).containsExactly("rttMs", "competitor");
        assertThat(grid.columns()).containsExactly("none", "CUBIC", "PRAGUE");
        assertThat(grid.declared()).isTrue();
        for (String rtt : List.of("10", "40")) {
            Grids.Cell none = grid.at(Map.of("rttMs", rtt, "competitor", "none"));
            Grids.Cell cubic = grid.at(Map.of("rttMs", rtt, "competitor", "CUBIC"));
            Grids.Cell prague = grid.at(Map.of("rttMs", rtt, "competitor", "PRAGUE"));
            assertThat(none.isReference()).isTrue();
            assertThat(cubic.reference()).isSameAs(none.result());
            // harm (with − alone) / with of the KPI bounds: twice the FCT is harm 0.5, five times 0.8
            assertThat(cubic.kpis().get(0).effect().value()).isCloseTo(0.5, within(1e-9));
            assertThat(prague.kpis().get(0).effect().value()).isCloseTo(0.8, within(1e-9));
            assertThat(prague.kpis().get(0).effect().harm()).isTrue();
        }
    }

    @Test
    void theConsoleShowsTheGridWithFailuresNamedFirst() {
        String text = LaunchSummary.lines(heist(), null, null);

        assertThat(text).contains("TriScale grid HarmTest.fct: 6 cells (2 × 3), 5 passed, 1 failed; harm against "
                + "competitor=none");
        assertThat(text).contains("  failed: rttMs=40, competitor=PRAGUE\n");
        String header = text.lines().filter(line -> line.contains("rttMs \\ competitor")).findFirst().orElseThrow();
        assertThat(header).containsSubsequence("none", "CUBIC", "PRAGUE");
        String row40 = text.lines().filter(line -> line.startsWith("  40 ")).findFirst().orElseThrow();
        assertThat(row40).containsSubsequence("PASSED", "(reference)", "PASSED", "harm 0.50", "FAILED", "harm 0.80");
    }

    @Test
    void summaryMarkdownListsTheFailedCellBeforeThePassingOnes() {
        String md = LaunchSummary.markdown(heist(), null);

        assertThat(md).contains("#### ❌ Grid `HarmTest.fct` · 6 cells (2 × 3), 5 passed, 1 failed");
        assertThat(md).contains("| rttMs \\\\ competitor | none | CUBIC | PRAGUE |");
        int failed = md.indexOf("| ❌ FAILED | 40 | PRAGUE |");
        int passed = md.indexOf("| ✅ PASSED | 10 | none |");
        assertThat(failed).isPositive();
        assertThat(passed).isGreaterThan(failed);
        // the grid comes before the cells' own sections
        assertThat(md.indexOf("Grid `HarmTest.fct`")).isLessThan(md.indexOf("HarmTest.fct[rttMs=10"));
    }

    @Test
    void theIndexDrawsAHeatmapColouredByHarm() {
        String html = HtmlReport.index(heist());

        assertThat(html).contains("<table class=\"heatmap\">").contains("<td class=\"failed\" style=\"background:"
                + GridReport.colour(0.8) + "\"");
        assertThat(html).contains("class=\"reference\"").contains("harm 0.50");
        // each cell links to its own page
        assertThat(html).contains("href=\"org.example.HarmTest.fct[rttMs=40,_competitor=PRAGUE].html\"");
        assertThat(GridReport.colour(0)).isEqualTo("rgba(213,94,0,0.08)");
        assertThat(GridReport.colour(-1)).isEqualTo("rgba(0,114,178,0.70)");
    }

    @Test
    void aMissingCellIsShownAsMissing() {
        List<TestResult> results = new ArrayList<>(heist());
        results.remove(4); // rttMs=40, competitor=CUBIC

        Grids.Grid grid = Grids.of(results).get(0);
        String text = GridReport.text(List.of(grid));

        assertThat(grid.missing()).containsExactly(Map.of("rttMs", "40", "competitor", "CUBIC"));
        assertThat(text).contains("5 cells (2 × 3), 4 passed, 1 failed, 1 missing");
        assertThat(text.lines().filter(line -> line.startsWith("  40 ")).findFirst().orElseThrow())
                .containsSubsequence("(reference)", "missing", "FAILED");
        assertThat(HtmlReport.index(results)).contains("<td class=\"missing\">missing</td>");
    }

    @Test
    void withoutAReferenceTheFirstCellIsTheReferenceOfEveryCell() {
        List<TestResult> results = List.of(cell("rttMs=160", "", 4, 10_000), cell("rttMs=10", "", 1, 10_000),
                cell("rttMs=40", "", 2, 10_000));

        Grids.Grid grid = Grids.of(results).get(0);

        // numbers in numeric order, the smallest first
        assertThat(grid.values().get("rttMs")).containsExactly("10", "40", "160");
        assertThat(grid.referenceText()).isEqualTo("rttMs=10 (first cell)");
        assertThat(grid.at(Map.of("rttMs", "160")).kpis().get(0).effect().value()).isCloseTo(0.75, within(1e-9));
        assertThat(GridReport.text(List.of(grid))).contains("rttMs  HarmTest.fct");
    }

    @Test
    void aReferenceNoCellHasGivesNoHarm() {
        List<TestResult> results = List.of(cell("rttMs=10", "competitor=none", 1, 10_000),
                cell("rttMs=40", "competitor=none", 2, 10_000));

        String text = GridReport.text(Grids.of(results));

        assertThat(text).contains("harm against competitor=none: no such cell, so no harm is shown (the grid's "
                + "parameters are rttMs)").doesNotContain("harm 0");
    }

    @Test
    void oneCellOrNoCellIsNoGrid() {
        assertThat(Grids.of(List.of(cell("rttMs=10", "", 1, 100), TestResults.passing()))).isEmpty();
    }

    @Test
    void hostileParameterTextIsEscapedInHtmlAndMarkdown() {
        String hostile = "<script>alert(1)</script>|*x*";
        List<TestResult> results = List.of(cell("name=" + hostile + ", cca=a`b", "", 1, 10_000),
                cell("name=[x](javascript:alert(2)), cca=a`b", "", 2, 10_000));

        String html = HtmlReport.index(results);
        String md = LaunchSummary.markdown(results, null);

        assertThat(html).doesNotContain("<script>alert(1)").contains("&lt;script&gt;alert(1)&lt;/script&gt;|*x*");
        assertThat(md).contains("\\<script\\>alert(1)\\</script\\>\\|\\*x\\*")
                .contains("\\[x\\](javascript:alert(2))").contains("a\\`b");
        // no bare '<' or link in the grid's tables (the cells' own headings show their names in code spans)
        String gridPart = md.substring(0, md.indexOf("#### ✅ PASSED"));
        assertThat(gridPart).doesNotContainPattern("(?<!\\\\)<").doesNotContainPattern("(?<!\\\\)\\]\\(");
    }

    @Test
    void cellParametersAreReadFromTheCellName() {
        assertThat(CellParameters.parse("rttMs=40, competitor=CUBIC"))
                .containsExactly(Map.entry("rttMs", "40"), Map.entry("competitor", "CUBIC"));
        // nested class templates, JUnit 6's quotes, commas inside a value
        assertThat(CellParameters.parse("rttMs=40 / cca=\"BBR, v3\""))
                .containsExactly(Map.entry("rttMs", "40"), Map.entry("cca", "BBR, v3"));
        // a custom name is one parameter per level; a repeated name keeps both values
        assertThat(CellParameters.parse("fast path / cca=CUBIC / cca=BBR")).containsExactly(
                Map.entry("cell", "fast path"), Map.entry("cca", "CUBIC"), Map.entry("cca#2", "BBR"));
        assertThat(CellParameters.parse("")).isEmpty();
    }

    @Test
    void theResultRecordsTheCellsParametersAndReference() throws Exception {
        TestResult result = cell("rttMs=40, competitor=none", "competitor=none", 1, 10_000);

        String json = JsonResults.mapper().writeValueAsString(result);
        TestResult read = JsonResults.mapper().readValue(json, TestResult.class);

        assertThat(json).contains("\"cell\":\"rttMs=40, competitor=none\"")
                .contains("\"cellParameters\":{\"rttMs\":\"40\",\"competitor\":\"none\"}")
                .contains("\"gridReference\":\"competitor=none\"");
        assertThat(read.parameters().cellParameters()).isEqualTo(Map.of("rttMs", "40", "competitor", "none"));
        assertThat(JsonResults.mapper().writeValueAsString(TestResults.passing())).doesNotContain("cellParameters")
                .doesNotContain("gridReference");
    }

    @Test
    void harmFollowsTheKpisDirectionAndFallsBackToChange() {
        // more is better (an atLeast KPI): (alone − with) / alone
        assertThat(Grids.effect(20, 15, false).value()).isCloseTo(0.25, within(1e-12));
        // less is better: (with − alone) / with; negative when the cell is better
        assertThat(Grids.effect(20, 10, true).value()).isCloseTo(-1, within(1e-12));
        Grids.Effect change = Grids.effect(-2, -3, true);
        assertThat(change.harm()).isFalse();
        assertThat(change.value()).isCloseTo(-0.5, within(1e-12));
        assertThat(change.badness()).isCloseTo(-0.5, within(1e-12)); // lower is better: -3 beats -2
        assertThat(Grids.effect(0, 0, false)).isNull();
    }
}
