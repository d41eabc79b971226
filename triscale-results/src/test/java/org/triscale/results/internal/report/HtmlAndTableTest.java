package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The two sinks of the report's text: HTML, where user strings are escaped, and the plain-text table. */
class HtmlAndTableTest {

    @Test
    void htmlEscapesEveryCharacterThatCouldOpenATagOrLeaveAnAttribute() {
        assertThat(Html.escape("<script>alert('x')</script>")).isEqualTo("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
        assertThat(Html.escape("a=\"b\" & c")).isEqualTo("a=&quot;b&quot; &amp; c");
        // Escaping twice shows the first escape instead of undoing it.
        assertThat(Html.escape("&amp;")).isEqualTo("&amp;amp;");
        assertThat(Html.escape("fct[rttMs=40] ≤ 60 ms")).isEqualTo("fct[rttMs=40] ≤ 60 ms");
        assertThat(Html.escape("")).isEmpty();
    }

    @Test
    void tableCellsAreEscapedInChartsTables() {
        String html = Charts.tableStart("<b>") + Charts.row("x\"><img src=y>") + Charts.tableEnd();

        assertThat(html).isEqualTo("<table><thead><tr><th>&lt;b&gt;</th></tr></thead><tbody><tr><td>x&quot;&gt;"
                + "&lt;img src=y&gt;</td></tr></tbody></table>");
    }

    @Test
    void columnsAreLeftAlignedTwoSpacesApartWithoutTrailingSpaces() {
        Table table = new Table("", "value", "outcome");
        table.row("KPI delay P75 upper", "14 ms", "ok");
        table.row("score", "2.5 ms", "");

        assertThat(table.render("  ")).isEqualTo(String.join("\n",
                "                       value   outcome",
                "  KPI delay P75 upper  14 ms   ok",
                "  score                2.5 ms"));
    }

    @Test
    void aShortRowOnlyTakesTheColumnsItHas() {
        Table table = new Table("a", "b", "c");
        table.row("long cell");

        assertThat(table.render("")).isEqualTo("a          b  c\nlong cell");
    }

    @Test
    void aTableOfAHeaderAloneIsOneLine() {
        assertThat(new Table("only").render("> ")).isEqualTo("> only");
    }
}
