package org.triscale.results.internal.common;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What a setup accepts beyond the annotations' ranges: run counts a launch can hold, names a report can show. */
class LimitsTest {

    @Test
    void runCountsUpToTheLimitFit() {
        assertThat(Limits.runs(1000, "@Runs(count = 1000)", 100, "@Series(count = 100)")).isNull();
        assertThat(Limits.runs(1, "@Runs", 1, "@Series")).isNull();
    }

    @Test
    void tooManyRunsAreRefusedWithTheProductAndTheWayOut() {
        assertThat(Limits.runs(1001, "@Runs(count = 1001)", 100, "@Series(count = 100)"))
                .isEqualTo("@Runs(count = 1001) with @Series(count = 100) asks for 1001 × 100 = 100100 runs, more than"
                        + " the 100000 one test method may have (each run is a JUnit invocation kept in memory until"
                        + " the verdict); lower the counts, or split the experiment over several methods");
    }

    @Test
    void theProductOfTwoLargeCountsDoesNotOverflowIntoAcceptance() {
        // As ints, 65,536 × 65,536 is 0: the check must multiply longs.
        assertThat(Limits.runs(65_536, "@Runs(count = 65536)", 65_536, "@Series(count = 65536)"))
                .contains("= 4294967296 runs");
        assertThat(Limits.runs(Integer.MAX_VALUE, "@Runs", 2, "@Series")).contains("= 4294967294 runs");
    }

    @Test
    void theFirstControlCharacterHalfPairOrNonCharacterIsNamedWithItsPosition() {
        assertThat(Limits.invalidCharacter("delay")).isNull();
        assertThat(Limits.invalidCharacter("délai 遅延 \uD83D\uDE00")).isNull();
        assertThat(Limits.invalidCharacter("de\tlay")).isEqualTo("U+0009 at position 3");
        assertThat(Limits.invalidCharacter("a\nb\u0007")).isEqualTo("U+000A at position 2");
        assertThat(Limits.invalidCharacter("x\u007F")).isEqualTo("U+007F at position 2");
        assertThat(Limits.invalidCharacter("\uFFFE")).isEqualTo("U+FFFE at position 1");
        assertThat(Limits.invalidCharacter("ab\uFFFF")).isEqualTo("U+FFFF at position 3");
        assertThat(Limits.invalidCharacter("half \uD83D")).isEqualTo("U+D83D at position 6");
        assertThat(Limits.invalidCharacter("\uDE00 reversed")).isEqualTo("U+DE00 at position 1");
        assertThat(Limits.invalidCharacter("")).isNull();
    }
}
