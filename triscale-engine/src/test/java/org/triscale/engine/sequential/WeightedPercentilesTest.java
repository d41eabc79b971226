package org.triscale.engine.sequential;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.calibration.Calibration;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WeightedPercentilesTest {

    @Test
    void equalWeightsGiveTheUnweightedPercentileWoodruffIntervalAndFullSampleSize() {
        double[] values = new double[100];
        double[] weights = new double[100];
        for (int i = 0; i < 100; i++) {
            values[i] = 100 - i; // 1 .. 100, reversed
            weights[i] = 3;
        }
        WeightedPercentile p90 = WeightedPercentiles.estimate(values, weights, 90, 95, null);
        assertThat(p90.value()).isEqualTo(90);
        assertThat(p90.effectiveSampleSize()).isCloseTo(100, org.assertj.core.data.Offset.offset(1e-9));
        // Woodruff: levels 0.9 ± 1.96·√(0.9·0.1/100) = 0.9 ± 0.0588 → the 85th and 96th values
        double half = NormalDistribution.of(0, 1).inverseCumulativeProbability(0.975) * Math.sqrt(0.09 / 100);
        assertThat(p90.lower()).isEqualTo(Math.ceil(100 * (0.9 - half)));
        assertThat(p90.upper()).isEqualTo(Math.ceil(100 * (0.9 + half)));
        assertThat(p90.values()).isEqualTo(100);
    }

    @Test
    void weightsCountLikeRepeatedValuesAndScaleDoesNotMatter() {
        double[] values = {1, 2, 3};
        WeightedPercentile heavy = WeightedPercentiles.estimate(values, new double[] {1, 1, 8}, 50, 90, null);
        assertThat(heavy.value()).isEqualTo(3);
        assertThat(heavy.effectiveSampleSize()).isCloseTo(100.0 / 66, org.assertj.core.data.Offset.offset(1e-12));
        WeightedPercentile scaled = WeightedPercentiles.estimate(values, new double[] {0.5, 0.5, 4}, 50, 90, null);
        assertThat(scaled).isEqualTo(heavy);
    }

    @Test
    void oneSidedBoundsLeaveTheOtherEndOpen() {
        double[] values = new double[200];
        double[] weights = new double[200];
        for (int i = 0; i < 200; i++) {
            values[i] = i;
            weights[i] = 1;
        }
        WeightedPercentile upper = WeightedPercentiles.estimate(values, weights, 50, 95, Side.UPPER);
        assertThat(upper.lower()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(upper.upper()).isGreaterThan(upper.value());
        WeightedPercentile lower = WeightedPercentiles.estimate(values, weights, 50, 95, Side.LOWER);
        assertThat(lower.upper()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(lower.lower()).isLessThan(lower.value());
    }

    @Test
    void edgeCases() {
        WeightedPercentile none = WeightedPercentiles.estimate(new double[] {Double.NaN}, new double[] {1}, 50, 90, null);
        assertThat(none.value()).isNaN();
        assertThat(none.droppedNaN()).isEqualTo(1);
        WeightedPercentile one = WeightedPercentiles.estimate(new double[] {4}, new double[] {2}, 99, 95, null);
        assertThat(one.value()).isEqualTo(4);
        assertThat(one.lower()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(one.upper()).isEqualTo(Double.POSITIVE_INFINITY);
        WeightedPercentile constant = WeightedPercentiles.estimate(new double[] {7, 7, 7, 7}, new double[] {1, 2, 3,
                Double.NaN}, 50, 90, null);
        assertThat(constant.value()).isEqualTo(7);
        assertThat(constant.droppedNaN()).isEqualTo(1);
        assertThatThrownBy(() -> WeightedPercentiles.estimate(new double[] {1}, new double[] {-1}, 50, 90, null))
                .hasMessageContaining("weights[0]").hasMessageContaining(">= 0");
        assertThatThrownBy(() -> WeightedPercentiles.estimate(new double[] {1, 2}, new double[] {0, 0}, 50, 90, null))
                .hasMessageContaining("all 0");
        assertThatThrownBy(() -> WeightedPercentiles.estimate(new double[] {1, 2}, new double[] {1}, 50, 90, null))
                .hasMessageContaining("same length");
        assertThatThrownBy(() -> WeightedPercentiles.estimate(new double[] {Double.POSITIVE_INFINITY},
                new double[] {1}, 50, 90, null)).hasMessageContaining("values[0]");
    }

    /**
     * Seeded Monte Carlo: the P99 of an exponential law estimated from values drawn from an
     * exponential with four times the mean (the tail is sampled 16 times as often), weighted by
     * the likelihood ratio. The interval covers at the confidence (asymptotic method: within the
     * Monte Carlo error), and is narrower than plain sampling's with as many values.
     */
    @ParameterizedTest
    @CsvSource({"90, 400", "95, 1000"})
    void importanceSampledIntervalCoversTheTailPercentile(double confidence, int n) {
        int replications = 400;
        double truth = Math.log(100);
        double rate = 0.25;
        UniformRandomProvider rng = Calibration.rng(4200 + n);
        var exponential = ZigguratSampler.Exponential.of(rng);
        int covered = 0;
        double widthIs = 0;
        double widthPlain = 0;
        double[] x = new double[n];
        double[] w = new double[n];
        double[] ones = new double[n];
        Arrays.fill(ones, 1);
        for (int r = 0; r < replications; r++) {
            for (int i = 0; i < n; i++) {
                x[i] = exponential.sample() / rate;
                w[i] = Math.exp(-(1 - rate) * x[i]) / rate;
            }
            WeightedPercentile is = WeightedPercentiles.estimate(x, w, 99, confidence, null);
            covered += is.lower() <= truth && truth <= is.upper() ? 1 : 0;
            widthIs += is.upper() - is.lower();
            for (int i = 0; i < n; i++) {
                x[i] = exponential.sample();
            }
            WeightedPercentile plain = WeightedPercentiles.estimate(x, ones, 99, confidence, null);
            widthPlain += plain.upper() - plain.lower();
        }
        double c = confidence / 100;
        assertThat(covered / (double) replications).isGreaterThanOrEqualTo(c - 3 * Calibration.standardError(c,
                replications));
        assertThat(widthIs).isLessThan(widthPlain / 2);
    }
}
