package org.triscale.engine.network;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class JainIndexTest {

    @Test
    void equalSharesGiveOne() {
        assertThat(JainIndex.of(new double[] {12.5, 12.5, 12.5, 12.5}).index()).isEqualTo(1.0);
        assertThat(JainIndex.of(new double[] {7}).index()).isEqualTo(1.0);
    }

    @Test
    void oneFlowTakingEverythingGivesOneOverN() {
        assertThat(JainIndex.of(new double[] {50, 0, 0, 0, 0}).index()).isCloseTo(0.2, within(1e-15));
        assertThat(JainIndex.of(new double[] {0, 3}).index()).isEqualTo(0.5);
    }

    @Test
    void matchesTheFormulaOnUnequalShares() {
        // (1 + 2 + 3 + 4)^2 / (4 * (1 + 4 + 9 + 16)) = 100 / 120
        assertThat(JainIndex.of(new double[] {1, 2, 3, 4}).index()).isCloseTo(100.0 / 120.0, within(1e-15));
        // A 4:1 split between two flows (RTT 80 ms vs 20 ms at equal window): 25 / (2 * 17)
        assertThat(JainIndex.of(new double[] {40, 10}).index()).isCloseTo(25.0 / 34.0, within(1e-15));
    }

    @Test
    void doesNotDependOnTheUnitEvenAtExtremeScales() {
        double[] mbit = {1, 2, 3, 4};
        double[] huge = {1e300, 2e300, 3e300, 4e300};
        double[] tiny = {1e-300, 2e-300, 3e-300, 4e-300};
        double expected = JainIndex.of(mbit).index();
        assertThat(JainIndex.of(huge).index()).isCloseTo(expected, within(1e-15));
        assertThat(JainIndex.of(tiny).index()).isCloseTo(expected, within(1e-15));
    }

    @Test
    void dropsAndCountsNaN() {
        JainIndex index = JainIndex.of(new double[] {10, Double.NaN, 10, Double.NaN});
        assertThat(index.index()).isEqualTo(1.0);
        assertThat(index.count()).isEqualTo(2);
        assertThat(index.droppedNaN()).isEqualTo(2);
    }

    @Test
    void rejectsInvalidInput() {
        assertThatThrownBy(() -> JainIndex.of(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shares must not be null");
        assertThatThrownBy(() -> JainIndex.of(new double[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one value");
        assertThatThrownBy(() -> JainIndex.of(new double[] {Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 NaN");
        assertThatThrownBy(() -> JainIndex.of(new double[] {1, Double.POSITIVE_INFINITY}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shares[1]");
        assertThatThrownBy(() -> JainIndex.of(new double[] {1, -2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shares[1] is -2.0");
        assertThatThrownBy(() -> JainIndex.of(new double[] {0, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("all 0");
    }
}
