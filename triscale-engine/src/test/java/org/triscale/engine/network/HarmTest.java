package org.triscale.engine.network;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class HarmTest {

    /**
     * Published FCT table (50 Mbit/s, one shared FIFO, CUBIC flow alone vs with a competitor);
     * harm values are printed with three decimals, hence the tolerance of half a unit there.
     */
    @ParameterizedTest(name = "{0}: {1} -> {2} harm {3}")
    @CsvSource({
            "RTT 10 ms CUBIC geomean,  176.2,  339.3, 0.481",
            "RTT 10 ms CUBIC median,   154.3,  314.9, 0.510",
            "RTT 10 ms CUBIC P95,     1061.3, 2002.7, 0.470",
            "RTT 20 ms CUBIC geomean,  243.0,  376.6, 0.355",
            "RTT 20 ms CUBIC median,   211.5,  351.7, 0.399",
            "RTT 20 ms CUBIC P95,     1155.3, 1986.0, 0.418",
            "RTT 10 ms Prague geomean, 176.2, 1171.3, 0.850",
            "RTT 10 ms Prague median,  154.3, 1131.7, 0.864",
            "RTT 10 ms Prague P95,    1061.3, 7305.2, 0.855",
    })
    void reproducesThePublishedFctTable(String row, double alone, double with, double published) {
        assertThat(Harm.of(alone, with, Better.LOWER)).isCloseTo(published, within(0.0005));
    }

    @Test
    void lessIsBetterUsesWithAsDenominator() {
        assertThat(Harm.of(100, 400, Better.LOWER)).isEqualTo(0.75);
        assertThat(Harm.of(100, 100, Better.LOWER)).isZero();
        // Alone 0 (instant completion) and any positive value with the competitor: full harm.
        assertThat(Harm.of(0, 5, Better.LOWER)).isEqualTo(1.0);
    }

    @Test
    void moreIsBetterUsesAloneAsDenominator() {
        assertThat(Harm.of(50, 30, Better.HIGHER)).isCloseTo(0.4, within(1e-15));
        assertThat(Harm.of(50, 0, Better.HIGHER)).isEqualTo(1.0);
        assertThat(Harm.of(50, 50, Better.HIGHER)).isZero();
    }

    @Test
    void aCompetitorThatHelpsGivesANegativeHarmNotClamped() {
        assertThat(Harm.of(200, 100, Better.LOWER)).isEqualTo(-1.0);
        assertThat(Harm.of(40, 60, Better.HIGHER)).isCloseTo(-0.5, within(1e-15));
    }

    @Test
    void harmOfAnFctSummaryComparesEachStatistic() {
        FctSummary alone = new FctSummary(176.2, 154.3, 1061.3, 900, 0);
        FctSummary with = new FctSummary(339.3, 314.9, 2002.7, 900, 0);
        FctHarm harm = Harm.of(alone, with);
        assertThat(harm.geometricMean()).isCloseTo(0.481, within(0.0005));
        assertThat(harm.median()).isCloseTo(0.510, within(0.0005));
        assertThat(harm.p95()).isCloseTo(0.470, within(0.0005));
    }

    @Test
    void rejectsInvalidValuesWithAClearMessage() {
        assertThatThrownBy(() -> Harm.of(Double.NaN, 1, Better.LOWER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("alone").hasMessageContaining("NaN");
        assertThatThrownBy(() -> Harm.of(1, Double.POSITIVE_INFINITY, Better.LOWER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("with").hasMessageContaining("Infinity");
        assertThatThrownBy(() -> Harm.of(-1, 1, Better.HIGHER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("alone must be a finite number >= 0");
        assertThatThrownBy(() -> Harm.of(1, 0, Better.LOWER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("with must be > 0");
        assertThatThrownBy(() -> Harm.of(0, 1, Better.HIGHER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("alone must be > 0");
        assertThatThrownBy(() -> Harm.of(1, 1, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("better");
        assertThatThrownBy(() -> Harm.of(null, new FctSummary(1, 1, 1, 1, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("alone = null");
    }

    @Test
    void parsesTheDirection() {
        assertThat(Better.parse("lower")).isEqualTo(Better.LOWER);
        assertThat(Better.parse(" HIGHER ")).isEqualTo(Better.HIGHER);
        assertThatThrownBy(() -> Better.parse("up"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'up'").hasMessageContaining("'lower'");
        assertThatThrownBy(() -> Better.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
