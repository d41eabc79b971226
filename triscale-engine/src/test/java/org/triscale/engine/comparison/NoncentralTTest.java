package org.triscale.engine.comparison;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The noncentrality of a t-test's power against reference values (SciPy 1.x, {@code nct.sf} and a
 * root finder to 10⁻¹²), and its limits.
 */
class NoncentralTTest {
    @Test
    void matchesReferenceValues() {
        double[][] reference = {
            {1, 0.01, 0.8, 40.79976425774954},
            {2, 0.01, 0.8, 8.959040367071562},
            {2.5, 0.01, 0.8, 6.8978306929777755},
            {4, 0.01, 0.8, 4.87537148767727},
            {4, 0.05, 0.9, 3.5999418984949165},
            {9, 0.01, 0.8, 3.748185711550006},
            {30, 0.01, 0.8, 3.319303075841107}};
        for (double[] row : reference) {
            assertThat(NoncentralT.shift(row[0], row[1], row[2])).as("ν = %s, α = %s, power %s", row[0], row[1],
                    row[2]).isCloseTo(row[3], within(2e-3 * row[3]));
        }
    }

    /** The sum of the quantiles undershoots at few degrees of freedom; with many, λ tends to z(1−α) + z(power). */
    @Test
    void exceedsTheQuantileSumAndTendsToTheNormal() {
        assertThat(NoncentralT.power(4, 0.01, 3.747 + 0.941)).isCloseTo(0.768, within(0.003));
        assertThat(NoncentralT.shift(1000, 0.01, 0.8)).isCloseTo(2.3263 + 0.8416, within(0.01));
        // Above 200 degrees of freedom the normal approximation: continuous with the solved values.
        assertThat(NoncentralT.shift(201, 0.01, 0.8)).isCloseTo(NoncentralT.shift(199, 0.01, 0.8), within(0.005));
        assertThat(NoncentralT.shift(0.5, 0.01, 0.8)).isEqualTo(NoncentralT.shift(1, 0.01, 0.8));
    }
}
