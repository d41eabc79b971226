package org.triscale.engine.numeric;

import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Binomial point probabilities: exact where representable, accurate elsewhere. */
class BinomialTest {

    @Test
    void dyadicProbabilitiesAreExact() {
        double[] pmf = Binomial.probabilities(3, 0.5, 3);
        assertThat(pmf).containsExactly(0.125, 0.375, 0.375, 0.125);
        assertThat(Binomial.probabilities(4, 0.25, 1)).containsExactly(81 / 256.0, 108 / 256.0);
    }

    @Test
    void agreesWithCommonsStatisticsEverywhere() {
        for (int n : new int[] {1, 10, 57, 200, 1500, 30000}) {
            for (double p : new double[] {0.001, 0.05, 0.5, 0.75, 0.999}) {
                BinomialDistribution d = BinomialDistribution.of(n, p);
                double[] pmf = Binomial.probabilities(n, p, n);
                double sum = 0;
                for (int k = 0; k <= n; k++) {
                    double expected = d.probability(k);
                    assertThat(pmf[k]).as("n=" + n + " p=" + p + " k=" + k)
                            .isCloseTo(expected, within(1e-12 * expected + Double.MIN_VALUE));
                    sum += pmf[k];
                }
                assertThat(sum).isCloseTo(1.0, within(1e-12));
            }
        }
    }

    @Test
    void tails() {
        assertThat(Binomial.cumulative(3, 0.5, 0)).isCloseTo(0.125, within(1e-16));
        assertThat(Binomial.survival(3, 0.5, 0)).isCloseTo(0.875, within(1e-16));
        assertThat(Binomial.survival(3, 0.5, 3)).isZero();
        assertThat(Binomial.cumulative(3, 0.5, -1)).isZero();
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> Binomial.probabilities(-1, 0.5, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Binomial.probabilities(3, 1.5, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Binomial.probabilities(3, 0.5, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Binomial.survival(3, Double.NaN, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
