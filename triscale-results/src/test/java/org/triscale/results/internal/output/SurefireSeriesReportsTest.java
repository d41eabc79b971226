package org.triscale.results.internal.output;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The per-series XML's escaping of what XML 1.0 cannot hold. */
class SurefireSeriesReportsTest {

    @Test
    void charactersXmlCannotHoldAreEscapedTheRestIsKept() {
        assertThat(SurefireSeriesReports.xml("delay")).isSameAs("delay");
        assertThat(SurefireSeriesReports.xml("a\tb\nc\r")).isEqualTo("a\tb\nc\r");
        assertThat(SurefireSeriesReports.xml("de\u0007lay\u0000")).isEqualTo("de\\u0007lay\\u0000");
        assertThat(SurefireSeriesReports.xml("\uFFFE\uFFFF")).isEqualTo("\\uFFFE\\uFFFF");
        // A pair is one character (an emoji); a lone half is not.
        assertThat(SurefireSeriesReports.xml("ok \uD83D\uDE00")).isEqualTo("ok \uD83D\uDE00");
        assertThat(SurefireSeriesReports.xml("x\uD83Dy\uDE00")).isEqualTo("x\\uD83Dy\\uDE00");
    }
}
