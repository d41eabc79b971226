package org.triscale.engine.comparison;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RankSumTestTest {
    private static final MannWhitneyUTest EXACT_GREATER = MannWhitneyUTest.withDefaults()
            .with(AlternativeHypothesis.GREATER_THAN).with(PValueMethod.EXACT);
    private static final MannWhitneyUTest EXACT_LESS = MannWhitneyUTest.withDefaults()
            .with(AlternativeHypothesis.LESS_THAN).with(PValueMethod.EXACT);

    @Test
    void completeSeparationOfFiveAgainstFiveGivesOneIn252() {
        double[] high = {6, 7, 8, 9, 10};
        double[] low = {1, 2, 3, 4, 5};

        RankSumResult result = RankSumTest.greater(high, low);

        assertThat(result.pValue()).isCloseTo(1 / 252.0, within(1e-15));
        assertThat(result.u()).isEqualTo(25);
        assertThat(result.exact()).isTrue();
        assertThat(result.ties()).isFalse();
        assertThat(RankSumTest.less(high, low).pValue()).isEqualTo(1.0);
        assertThat(RankSumTest.less(low, high).pValue()).isCloseTo(1 / 252.0, within(1e-15));
    }

    @Test
    void matchesCommonsStatisticsExactDistributionWithoutTies() {
        UniformRandomProvider rng = Calibration.rng(1_947_100_000L);
        int[][] sizes = {{1, 1}, {1, 7}, {3, 4}, {5, 5}, {4, 9}, {12, 3}, {25, 25}, {10, 40}};
        for (int[] size : sizes) {
            for (int rep = 0; rep < 50; rep++) {
                double[] x = uniform(rng, size[0], rep % 3 == 0 ? 0.3 : 0);
                double[] y = uniform(rng, size[1], 0);
                assertThat(RankSumTest.greater(x, y).pValue()).as("greater %s", java.util.Arrays.toString(size))
                        .isCloseTo(EXACT_GREATER.test(x, y).getPValue(), within(1e-12));
                assertThat(RankSumTest.less(x, y).pValue()).as("less %s", java.util.Arrays.toString(size))
                        .isCloseTo(EXACT_LESS.test(x, y).getPValue(), within(1e-12));
            }
        }
    }

    @Test
    void tiesUseTheExactConditionalDistributionOfMidRanks() {
        UniformRandomProvider rng = Calibration.rng(1_947_200_000L);
        var poisson = PoissonSampler.of(rng, 1.5);
        for (int rep = 0; rep < 200; rep++) {
            int m = 1 + rep % 6;
            int n = 1 + (rep / 6) % 7;
            double[] x = new double[m];
            double[] y = new double[n];
            for (int i = 0; i < m; i++) {
                x[i] = poisson.sample();
            }
            for (int i = 0; i < n; i++) {
                y[i] = poisson.sample();
            }
            assertThat(RankSumTest.greater(x, y).pValue()).isCloseTo(bruteForce(x, y, true), within(1e-12));
            assertThat(RankSumTest.less(x, y).pValue()).isCloseTo(bruteForce(x, y, false), within(1e-12));
        }
    }

    @Test
    void keepsItsFalseAlarmRateOnHeavilyTiedData() {
        int r = Calibration.replications(4_000, 40_000);
        UniformRandomProvider rng = Calibration.rng(1_947_300_000L);
        var poisson = PoissonSampler.of(rng, 2);
        double[] alphas = {0.01, 0.05};
        int[] rejected = new int[alphas.length];
        for (int rep = 0; rep < r; rep++) {
            double[] x = new double[8];
            double[] y = new double[8];
            for (int i = 0; i < 8; i++) {
                x[i] = poisson.sample();
                y[i] = poisson.sample();
            }
            double p = RankSumTest.greater(x, y).pValue();
            for (int a = 0; a < alphas.length; a++) {
                rejected[a] += p <= alphas[a] ? 1 : 0;
            }
        }
        for (int a = 0; a < alphas.length; a++) {
            assertThat(rejected[a] / (double) r).as("alpha %s", alphas[a])
                    .isLessThanOrEqualTo(alphas[a] + 3 * Calibration.standardError(alphas[a], r));
        }
    }

    @Test
    void constantDataGiveOne() {
        RankSumResult result = RankSumTest.greater(new double[] {3, 3, 3}, new double[] {3, 3});

        assertThat(result.pValue()).isEqualTo(1.0);
        assertThat(result.ties()).isTrue();
        assertThat(result.u()).isEqualTo(3);
    }

    @Test
    void oneValueEach() {
        assertThat(RankSumTest.greater(new double[] {2}, new double[] {1}).pValue()).isEqualTo(0.5);
        assertThat(RankSumTest.greater(new double[] {1}, new double[] {2}).pValue()).isEqualTo(1.0);
    }

    @Test
    void largeSamplesUseTheNormalApproximation() {
        UniformRandomProvider rng = Calibration.rng(1_947_400_000L);
        double[] x = uniform(rng, 100, 0.05);
        double[] y = uniform(rng, 100, 0);

        RankSumResult result = RankSumTest.greater(x, y);

        assertThat(result.exact()).isFalse();
        assertThat(result.pValue()).isCloseTo(MannWhitneyUTest.withDefaults().with(AlternativeHypothesis.GREATER_THAN)
                .with(PValueMethod.ASYMPTOTIC).test(x, y).getPValue(), within(1e-15));
        // The largest exact size agrees with the approximation to well below alpha.
        double[] x60 = uniform(rng, 60, 0.1);
        double[] y60 = uniform(rng, 60, 0);
        assertThat(RankSumTest.greater(x60, y60).exact()).isTrue();
        assertThat(RankSumTest.greater(x60, y60).pValue()).isCloseTo(MannWhitneyUTest.withDefaults()
                .with(AlternativeHypothesis.GREATER_THAN).with(PValueMethod.ASYMPTOTIC).test(x60, y60).getPValue(),
                within(2e-3));
    }

    @Test
    void smallestPValue() {
        assertThat(RankSumTest.smallestPValue(5, 5)).isCloseTo(1 / 252.0, within(1e-15));
        assertThat(RankSumTest.smallestPValue(4, 4)).isCloseTo(1 / 70.0, within(1e-15));
        assertThat(RankSumTest.smallestPValue(4, 5)).isEqualTo(RankSumTest.smallestPValue(5, 4));
        assertThat(RankSumTest.smallestPValue(1, 1)).isEqualTo(0.5);
        assertThat(RankSumTest.smallestPValue(2000, 2000)).isEqualTo(0.0);
        assertThatThrownBy(() -> RankSumTest.smallestPValue(0, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("m must be >= 1, got 0");
    }

    @Test
    void badInputNamesTheSample() {
        assertThatThrownBy(() -> RankSumTest.greater(new double[0], new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one value, got 0 and 1");
        assertThatThrownBy(() -> RankSumTest.greater(new double[] {Double.NaN}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x[0] is NaN");
        assertThatThrownBy(() -> RankSumTest.less(new double[] {1}, new double[] {Double.POSITIVE_INFINITY}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y[0] is Infinity");
        assertThatThrownBy(() -> RankSumTest.less(null, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x must not be null");
    }

    /** The p-value by enumerating every split of the pooled values (mid-ranks). */
    private static double bruteForce(double[] x, double[] y, boolean greater) {
        int m = x.length;
        int total = m + y.length;
        double[] pooled = new double[total];
        System.arraycopy(x, 0, pooled, 0, m);
        System.arraycopy(y, 0, pooled, m, y.length);
        double[] ranks = new double[total];
        for (int i = 0; i < total; i++) {
            double below = 0;
            double equal = 0;
            for (double v : pooled) {
                below += v < pooled[i] ? 1 : 0;
                equal += v == pooled[i] ? 1 : 0;
            }
            ranks[i] = below + (equal + 1) / 2;
        }
        double observed = 0;
        for (int i = 0; i < m; i++) {
            observed += ranks[i];
        }
        int splits = 0;
        int extreme = 0;
        for (int mask = 0; mask < 1 << total; mask++) {
            if (Integer.bitCount(mask) != m) {
                continue;
            }
            double sum = 0;
            for (int i = 0; i < total; i++) {
                sum += (mask >> i & 1) == 1 ? ranks[i] : 0;
            }
            splits++;
            extreme += (greater ? sum >= observed - 1e-9 : sum <= observed + 1e-9) ? 1 : 0;
        }
        return extreme / (double) splits;
    }

    private static double[] uniform(UniformRandomProvider rng, int n, double shift) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = rng.nextDouble() + shift;
        }
        return values;
    }
}
