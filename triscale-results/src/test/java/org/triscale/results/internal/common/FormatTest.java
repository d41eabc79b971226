package org.triscale.results.internal.common;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FormatTest {
    @Test
    void numbersAreShort() {
        assertThat(Format.number(60)).isEqualTo("60");
        assertThat(Format.number(61.23456)).isEqualTo("61.23");
        assertThat(Format.number(0.000123456)).isEqualTo("0.0001235");
        assertThat(Format.number(12345.678)).isEqualTo("12345.7");
        assertThat(Format.number(-0.0)).isEqualTo("0");
        assertThat(Format.number(Double.NaN)).isEqualTo("n/a");
        assertThat(Format.withUnit(41.8, "ms")).isEqualTo("41.8 ms");
        assertThat(Format.withUnit(41.8, "")).isEqualTo("41.8");
    }

    @Test
    void ordinals() {
        assertThat(Format.ordinal(1)).isEqualTo("1st");
        assertThat(Format.ordinal(2)).isEqualTo("2nd");
        assertThat(Format.ordinal(3)).isEqualTo("3rd");
        assertThat(Format.ordinal(11)).isEqualTo("11th");
        assertThat(Format.ordinal(25)).isEqualTo("25th");
        assertThat(Format.ordinal(99.9)).isEqualTo("99.9th");
    }

    @Test
    void durations() {
        assertThat(Format.duration(12_400_000_000L)).isEqualTo("12 s");
        assertThat(Format.duration(185_000_000_000L)).isEqualTo("3 min 05 s");
    }
}
