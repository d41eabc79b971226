package org.triscale.engine.format;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NumbersTest {
    @Test
    void roundsToSignificantDigitsAndKeepsTheIntegerPart() {
        assertThat(Numbers.format(61.234, 4)).isEqualTo("61.23");
        assertThat(Numbers.format(0.012345678, 4)).isEqualTo("0.01235");
        assertThat(Numbers.format(1234.56, 4)).isEqualTo("1234.6");
        assertThat(Numbers.format(123456.789, 6)).isEqualTo("123456.8");
        assertThat(Numbers.format(61.234, 6)).isEqualTo("61.234");
    }

    @Test
    void integersZerosAndSignsArePlain() {
        assertThat(Numbers.format(75, 4)).isEqualTo("75");
        assertThat(Numbers.format(-3, 4)).isEqualTo("-3");
        assertThat(Numbers.format(0.0, 4)).isEqualTo("0");
        assertThat(Numbers.format(-0.0, 4)).isEqualTo("0");
        assertThat(Numbers.format(-0.00001, 1)).isEqualTo("-0.00001");
        assertThat(Numbers.format(2.50, 4)).isEqualTo("2.5");
    }

    @Test
    void extremesUseScientificNotationAndNonFiniteValuesJavaText() {
        assertThat(Numbers.format(1.5e-7, 4)).isEqualTo("1.5E-7");
        assertThat(Numbers.format(1.2346e300, 4)).isEqualTo("1.235E+300");
        assertThat(Numbers.format(Double.NaN, 4)).isEqualTo("NaN");
        assertThat(Numbers.format(Double.NEGATIVE_INFINITY, 4)).isEqualTo("-Infinity");
        assertThatThrownBy(() -> Numbers.format(1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("digits = 0 must be >= 1");
    }

    @Test
    void ordinals() {
        assertThat(Numbers.ordinal(25)).isEqualTo("25th");
        assertThat(Numbers.ordinal(1)).isEqualTo("1st");
        assertThat(Numbers.ordinal(2)).isEqualTo("2nd");
        assertThat(Numbers.ordinal(3)).isEqualTo("3rd");
        assertThat(Numbers.ordinal(11)).isEqualTo("11th");
        assertThat(Numbers.ordinal(13)).isEqualTo("13th");
        assertThat(Numbers.ordinal(21)).isEqualTo("21st");
        assertThat(Numbers.ordinal(97.5)).isEqualTo("97.5th");
    }
}
