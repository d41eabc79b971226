package org.triscale.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void jainIsOneForEqualSharesAndOneOverNForOneTaker() {
        assertThat(Stats.jain(5, 5, 5)).isCloseTo(1, within(1e-12));
        assertThat(Stats.jain(9, 0, 0)).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(Stats.jain(1, 3)).isCloseTo(16.0 / 20, within(1e-12));
    }

    @Test
    void percentileIsNearestRank() {
        double[] v = {5, 1, 4, 2, 3};
        assertThat(Stats.percentile(v, 50)).isEqualTo(3);
        assertThat(Stats.percentile(v, 95)).isEqualTo(5);
        assertThat(Stats.percentile(v, 1)).isEqualTo(1);
    }
}
