package org.triscale.engine.comparison;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class HodgesLehmannTest {

    @Test
    void estimatesAreTheMediansOfWalshAveragesAndDifferences() {
        // Walsh averages of {1, 2, 3}: 1, 1.5, 2, 2, 2.5, 3.
        assertThat(HodgesLehmann.paired(new double[] {1, 2, 3}, 0.5).estimate()).isEqualTo(2);
        // Walsh averages of {0, 0, 0, 10}: six 0, three 5 and one 10: the outlier does not pull the estimate.
        assertThat(HodgesLehmann.paired(new double[] {0, 0, 0, 10}, 0.5).estimate()).isEqualTo(0);
        // Differences y − x of {1, 2} and {3, 5}: 1, 2, 3, 4.
        assertThat(HodgesLehmann.shift(new double[] {1, 2}, new double[] {3, 5}, 0.5).estimate()).isEqualTo(2.5);
    }

    /**
     * Critical counts from the exact tables: signed rank n = 10, P(T+ ≤ 8) = 0.0244; rank sum 5 and 5,
     * P(U ≤ 2) = 4/252.
     */
    @Test
    void criticalCountsMatchTheTables() {
        assertThat(HodgesLehmann.signedRankCriticalCount(10, 0.025)).isEqualTo(9);
        assertThat(HodgesLehmann.signedRankCriticalCount(10, 0.0244140625)).isEqualTo(9);
        assertThat(HodgesLehmann.signedRankCriticalCount(10, 0.0244)).isEqualTo(8);
        assertThat(HodgesLehmann.signedRankCriticalCount(6, 0.01)).isZero();
        assertThat(HodgesLehmann.rankSumCriticalCount(5, 5, 0.025)).isEqualTo(3);
        assertThat(HodgesLehmann.rankSumCriticalCount(5, 5, 4.0 / 252)).isEqualTo(3);
        assertThat(HodgesLehmann.rankSumCriticalCount(5, 5, 3.9 / 252)).isEqualTo(2);
        assertThat(HodgesLehmann.rankSumCriticalCount(3, 2, 0.05)).isZero();
        // Just below the exact limit, the normal approximation used above it agrees with the exact count.
        int exact = HodgesLehmann.rankSumCriticalCount(580, 580, 0.01);
        double sd = Math.sqrt(580.0 * 580 * 1161 / 12);
        double normal = 580.0 * 580 / 2 - 2.3263478740408408 * sd + 0.5;
        assertThat((double) exact).isCloseTo(normal, within(0.001 * normal));
        int signedExact = HodgesLehmann.signedRankCriticalCount(700, 0.01);
        double signedNormal = 700.0 * 701 / 4 - 2.3263478740408408 * Math.sqrt(700.0 * 701 * 1401 / 24) + 0.5;
        assertThat((double) signedExact).isCloseTo(signedNormal, within(0.001 * signedNormal));
    }

    /**
     * The interval is the inversion of the exact test: just inside its ends the test does not reject,
     * just outside it does.
     */
    @Test
    void intervalsInvertTheRankTests() {
        UniformRandomProvider rng = Calibration.rng(44);
        ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
        double alpha = 0.01;
        for (int trial = 0; trial < 50; trial++) {
            double[] d = new double[8 + rng.nextInt(20)];
            for (int i = 0; i < d.length; i++) {
                d[i] = gaussian.sample();
            }
            ShiftEstimate paired = HodgesLehmann.paired(d, 1 - 2 * alpha);
            double eps = 1e-9;
            assertThat(SignedRankTest.greater(minus(d, paired.lower() - eps)).pValue()).isLessThanOrEqualTo(alpha);
            assertThat(SignedRankTest.greater(minus(d, paired.lower() + eps)).pValue()).isGreaterThan(alpha);
            assertThat(SignedRankTest.less(minus(d, paired.upper() + eps)).pValue()).isLessThanOrEqualTo(alpha);
            assertThat(SignedRankTest.less(minus(d, paired.upper() - eps)).pValue()).isGreaterThan(alpha);

            double[] x = new double[5 + rng.nextInt(10)];
            double[] y = new double[5 + rng.nextInt(10)];
            for (int i = 0; i < x.length; i++) {
                x[i] = gaussian.sample();
            }
            for (int i = 0; i < y.length; i++) {
                y[i] = gaussian.sample() + 1;
            }
            ShiftEstimate shift = HodgesLehmann.shift(x, y, 1 - 2 * alpha);
            assertThat(RankSumTest.greater(minus(y, shift.lower() - eps), x).pValue()).isLessThanOrEqualTo(alpha);
            assertThat(RankSumTest.greater(minus(y, shift.lower() + eps), x).pValue()).isGreaterThan(alpha);
            assertThat(RankSumTest.less(minus(y, shift.upper() + eps), x).pValue()).isLessThanOrEqualTo(alpha);
            assertThat(RankSumTest.less(minus(y, shift.upper() - eps), x).pValue()).isGreaterThan(alpha);
        }
    }

    private static double[] minus(double[] values, double delta) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] - delta;
        }
        return out;
    }

    @Test
    void tooSmallSamplesGiveUnboundedIntervals() {
        ShiftEstimate one = HodgesLehmann.paired(new double[] {3}, 0.98);
        assertThat(one.estimate()).isEqualTo(3);
        assertThat(one.bounded()).isFalse();
        assertThat(one.lower()).isEqualTo(Double.NEGATIVE_INFINITY);
        ShiftEstimate constant = HodgesLehmann.paired(new double[] {2, 2, 2, 2, 2, 2, 2, 2}, 0.98);
        assertThat(constant.lower()).isEqualTo(2);
        assertThat(constant.upper()).isEqualTo(2);
        assertThat(HodgesLehmann.shift(new double[] {1, 2}, new double[] {3}, 0.98).bounded()).isFalse();
    }

    @Test
    void rejectsBadInputNamingIt() {
        assertThatThrownBy(() -> HodgesLehmann.paired(new double[0], 0.9)).hasMessageContaining("changes");
        assertThatThrownBy(() -> HodgesLehmann.paired(new double[] {Double.NaN}, 0.9)).hasMessageContaining("changes");
        assertThatThrownBy(() -> HodgesLehmann.paired(new double[] {1}, 1)).hasMessageContaining("confidence");
        assertThatThrownBy(() -> HodgesLehmann.shift(new double[] {1}, new double[0], 0.9))
                .hasMessageContaining("both samples");
        assertThatThrownBy(() -> HodgesLehmann.paired(new double[7000], 0.9)).hasMessageContaining("7000");
    }

    /**
     * Coverage of the 98 % intervals, for continuous and for tied count data, at least nominal
     * within the Monte Carlo error.
     */
    @Test
    void intervalsCoverTheTrueChange() {
        int replications = 2_000;
        double confidence = 0.98;
        UniformRandomProvider rng = Calibration.rng(1_963_000_000L);
        ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
        SharedStateDiscreteSampler poisson = PoissonSampler.of(rng, 3);
        int pairedHits = 0;
        int countHits = 0;
        int shiftHits = 0;
        int countShiftHits = 0;
        for (int rep = 0; rep < replications; rep++) {
            double[] d = new double[15];
            double[] counts = new double[15];
            for (int i = 0; i < d.length; i++) {
                d[i] = 0.5 + Math.exp(gaussian.sample()) - Math.exp(gaussian.sample());
                counts[i] = poisson.sample() - poisson.sample();
            }
            pairedHits += covers(HodgesLehmann.paired(d, confidence), 0.5) ? 1 : 0;
            countHits += covers(HodgesLehmann.paired(counts, confidence), 0) ? 1 : 0;
            double[] x = new double[8];
            double[] y = new double[8];
            double[] cx = new double[8];
            double[] cy = new double[8];
            for (int i = 0; i < x.length; i++) {
                x[i] = Math.exp(gaussian.sample());
                y[i] = Math.exp(gaussian.sample()) + 2;
                cx[i] = poisson.sample();
                cy[i] = poisson.sample() + 1;
            }
            shiftHits += covers(HodgesLehmann.shift(x, y, confidence), 2) ? 1 : 0;
            countShiftHits += covers(HodgesLehmann.shift(cx, cy, confidence), 1) ? 1 : 0;
        }
        double limit = confidence - 3 * Calibration.standardError(confidence, replications);
        assertThat(pairedHits / (double) replications).as("paired").isGreaterThanOrEqualTo(limit);
        assertThat(countHits / (double) replications).as("paired counts").isGreaterThanOrEqualTo(limit);
        assertThat(shiftHits / (double) replications).as("shift").isGreaterThanOrEqualTo(limit);
        assertThat(countShiftHits / (double) replications).as("shift of counts").isGreaterThanOrEqualTo(limit);
    }

    private static boolean covers(ShiftEstimate estimate, double truth) {
        return estimate.lower() <= truth && truth <= estimate.upper();
    }
}
