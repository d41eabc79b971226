package org.triscale.results.internal.files;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The Surefire XML's escaping of what XML 1.0 cannot hold. */
class SurefireVerdictReportsTest {

    @Test
    void charactersXmlCannotHoldAreEscapedTheRestIsKept() {
        assertThat(SurefireVerdictReports.xml("delay")).isSameAs("delay");
        assertThat(SurefireVerdictReports.xml("a\tb\nc\r")).isEqualTo("a\tb\nc\r");
        assertThat(SurefireVerdictReports.xml("de\u0007lay\u0000")).isEqualTo("de\\u0007lay\\u0000");
        assertThat(SurefireVerdictReports.xml("\uFFFE\uFFFF")).isEqualTo("\\uFFFE\\uFFFF");
        // A pair is one character (an emoji); a lone half is not.
        assertThat(SurefireVerdictReports.xml("ok \uD83D\uDE00")).isEqualTo("ok \uD83D\uDE00");
        assertThat(SurefireVerdictReports.xml("x\uD83Dy\uDE00")).isEqualTo("x\\uD83Dy\\uDE00");
    }
}
