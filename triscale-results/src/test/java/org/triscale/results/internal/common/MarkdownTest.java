package org.triscale.results.internal.common;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** User strings cannot become markup in the Markdown the product writes. */
class MarkdownTest {
    /** Each markup character gets its backslash; the rest is unchanged. */
    @Test
    void textEscapesEveryMarkupCharacterAndStaysOnOneLine() {
        assertThat(Markdown.text("<script>alert(1)</script>")).isEqualTo("\\<script\\>alert(1)\\</script\\>");
        assertThat(Markdown.text("<svg onload=alert(1)>")).isEqualTo("\\<svg onload=alert(1)\\>");
        assertThat(Markdown.text("a|b")).isEqualTo("a\\|b");
        assertThat(Markdown.text("`code` *em* _em_ [link](javascript:x) ![i](x) ~~s~~ &lt; \\"))
                .isEqualTo("\\`code\\` \\*em\\* \\_em\\_ \\[link\\](javascript:x) \\!\\[i\\](x) \\~\\~s\\~\\~ \\&lt; \\\\");
        assertThat(Markdown.text("line\nbreak\r\nand\rmore")).isEqualTo("line break and more");
        assertThat(Markdown.text("P95 delay 51.2 ms (≤ 55 ms)")).isEqualTo("P95 delay 51.2 ms (≤ 55 ms)");
    }

    /** No markup character of the input is left unescaped. */
    @Test
    void noMarkupCharacterIsLeftBare() {
        String hostile = "x<y>`z`|*_[]&~!\\\n<img src=x onerror=alert(1)>";
        String escaped = Markdown.text(hostile);
        for (int i = 0; i < escaped.length(); i++) {
            char c = escaped.charAt(i);
            if ("`*_[]<>&|~!".indexOf(c) >= 0) {
                assertThat(escaped.charAt(i - 1)).as("escape before %s at %d in %s", c, i, escaped).isEqualTo('\\');
            } else if (c == '\\') {
                i++; // an escape and the character it escapes
            }
        }
        assertThat(escaped).doesNotContain("\n");
    }

    /** A code span's fence is longer than any backtick run of its content, so the content cannot end it. */
    @Test
    void codeSpansCannotBeClosedByTheirContent() {
        assertThat(Markdown.code("a.B.m")).isEqualTo("`a.B.m`");
        assertThat(Markdown.code("a`b")).isEqualTo("``a`b``");
        assertThat(Markdown.code("`<script>`")).isEqualTo("`` `<script>` ``");
        assertThat(Markdown.code("x\ny")).isEqualTo("`x y`");
        assertThat(Markdown.fence("a\n```\nb")).isEqualTo("````");
        assertThat(Markdown.fence("plain")).isEqualTo("```");
    }
}
