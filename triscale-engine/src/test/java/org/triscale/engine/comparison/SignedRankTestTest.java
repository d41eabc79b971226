package org.triscale.engine.comparison;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.PValueMethod;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;
import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SignedRankTestTest {

    /**
     * Hollander &amp; Wolfe (Nonparametric Statistical Methods, 1973, example 3.1): Hamilton depression
     * scale before (y) and after (x) a tranquilliser, 9 patients; W+ = 40, one-sided p = 10/512.
     */
    @Test
    void matchesTheTextbookExample() {
        double[] x = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
        double[] y = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
        double[] d = new double[x.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = x[i] - y[i];
        }
        SignedRankResult result = SignedRankTest.greater(d);
        assertThat(result.wPlus()).isEqualTo(40);
        assertThat(result.pValue()).isCloseTo(10.0 / 512, within(1e-15));
        assertThat(result.exact()).isTrue();
        assertThat(result.ties()).isFalse();
        assertThat(SignedRankTest.less(d).pValue()).isCloseTo(1 - 7.0 / 512, within(1e-15));
    }

    @Test
    void equalsCommonsStatisticsExactPValuesWithoutTies() {
        UniformRandomProvider rng = Calibration.rng(41);
        ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
        WilcoxonSignedRankTest greater = WilcoxonSignedRankTest.withDefaults()
                .with(AlternativeHypothesis.GREATER_THAN).with(PValueMethod.EXACT);
        WilcoxonSignedRankTest less = WilcoxonSignedRankTest.withDefaults()
                .with(AlternativeHypothesis.LESS_THAN).with(PValueMethod.EXACT);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + rng.nextInt(30);
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = gaussian.sample() + 0.3;
            }
            assertThat(SignedRankTest.greater(d).pValue()).isCloseTo(greater.test(d).getPValue(), within(1e-12));
            assertThat(SignedRankTest.less(d).pValue()).isCloseTo(less.test(d).getPValue(), within(1e-12));
        }
    }

    /** With ties and zeros, the p-value is the share of the 2^k sign flips at least as extreme. */
    @Test
    void equalsBruteForceSignFlipsWithTiesAndZeros() {
        UniformRandomProvider rng = Calibration.rng(42);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + rng.nextInt(12);
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = rng.nextInt(7) - 3;
            }
            assertThat(SignedRankTest.greater(d).pValue()).as("greater %s", java.util.Arrays.toString(d))
                    .isCloseTo(bruteForce(d, true), within(1e-12));
            assertThat(SignedRankTest.less(d).pValue()).isCloseTo(bruteForce(d, false), within(1e-12));
        }
    }

    private static double bruteForce(double[] d, boolean greater) {
        int n = d.length;
        double[] absolute = new double[n];
        for (int i = 0; i < n; i++) {
            absolute[i] = Math.abs(d[i]);
        }
        double[] rank = new double[n];
        for (int i = 0; i < n; i++) {
            int below = 0;
            int equal = 0;
            for (int j = 0; j < n; j++) {
                below += absolute[j] < absolute[i] ? 1 : 0;
                equal += absolute[j] == absolute[i] ? 1 : 0;
            }
            rank[i] = below + (equal + 1) / 2.0;
        }
        double observed = 0;
        for (int i = 0; i < n; i++) {
            observed += d[i] > 0 ? rank[i] : 0;
        }
        int atLeast = 0;
        for (int mask = 0; mask < 1 << n; mask++) {
            double w = 0;
            for (int i = 0; i < n; i++) {
                w += d[i] != 0 && (mask & 1 << i) != 0 ? rank[i] : 0;
            }
            boolean extreme = greater ? w >= observed - 1e-9 : w <= observed + 1e-9;
            atLeast += extreme ? 1 : 0;
        }
        // Zeros have no sign: the masks differing only in zero positions repeat each count equally.
        return atLeast / (double) (1 << n);
    }

    @Test
    void zerosCarryNoSign() {
        SignedRankResult allZero = SignedRankTest.greater(new double[] {0, 0, 0});
        assertThat(allZero.pValue()).isEqualTo(1);
        assertThat(allZero.zeros()).isEqualTo(3);
        // Pratt: the zero keeps its rank 1, so the positive change has rank 2 and W+ = 2.
        SignedRankResult pratt = SignedRankTest.greater(new double[] {0, 5});
        assertThat(pratt.wPlus()).isEqualTo(2);
        assertThat(pratt.pValue()).isEqualTo(0.5);
        assertThat(SignedRankTest.smallestPValue(7)).isEqualTo(1.0 / 128);
    }

    @Test
    void largeSamplesUseTheNormalApproximationCloseToCommonsStatistics() {
        UniformRandomProvider rng = Calibration.rng(43);
        ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
        double[] d = new double[800];
        for (int i = 0; i < d.length; i++) {
            d[i] = gaussian.sample() + 0.05;
        }
        SignedRankResult result = SignedRankTest.greater(d);
        assertThat(result.exact()).isFalse();
        double commons = WilcoxonSignedRankTest.withDefaults().with(AlternativeHypothesis.GREATER_THAN)
                .with(PValueMethod.ASYMPTOTIC).test(d).getPValue();
        assertThat(result.pValue()).isCloseTo(commons, within(1e-3));
    }

    @Test
    void rejectsBadInputNamingIt() {
        assertThatThrownBy(() -> SignedRankTest.greater(new double[0])).hasMessageContaining("changes");
        assertThatThrownBy(() -> SignedRankTest.greater(new double[] {1, Double.NaN})).hasMessageContaining("changes");
        assertThatThrownBy(() -> SignedRankTest.less(new double[] {Double.POSITIVE_INFINITY}))
                .hasMessageContaining("changes");
        assertThatThrownBy(() -> SignedRankTest.smallestPValue(0)).hasMessageContaining("pairs");
    }

    /**
     * Discrete paired data (differences of two Poisson counts of one workload: many zeros and
     * ties) and heavy-tailed ones (Cauchy): the false-alarm rate stays at most α.
     */
    @Test
    void keepsAlphaOnCountsAndHeavyTails() {
        int replications = 4_000;
        double alpha = 0.01;
        UniformRandomProvider rng = Calibration.rng(1_959_000_000L);
        SharedStateDiscreteSampler poisson = PoissonSampler.of(rng, 2);
        int countAlarms = 0;
        int cauchyAlarms = 0;
        double[] counts = new double[20];
        double[] cauchy = new double[20];
        for (int rep = 0; rep < replications; rep++) {
            for (int i = 0; i < counts.length; i++) {
                counts[i] = poisson.sample() - poisson.sample();
                cauchy[i] = Math.tan(Math.PI * (rng.nextDouble() - 0.5));
            }
            countAlarms += SignedRankTest.greater(counts).pValue() <= alpha ? 1 : 0;
            cauchyAlarms += SignedRankTest.greater(cauchy).pValue() <= alpha ? 1 : 0;
        }
        double limit = alpha + 3 * Calibration.standardError(alpha, replications);
        assertThat(countAlarms / (double) replications).isLessThanOrEqualTo(limit);
        assertThat(cauchyAlarms / (double) replications).isLessThanOrEqualTo(limit);
    }
}
