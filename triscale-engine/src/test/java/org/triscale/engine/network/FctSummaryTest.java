package org.triscale.engine.network;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.LogNormalSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class FctSummaryTest {

    @Test
    void summarisesKnownData() {
        // geomean = 64^(1/4) = 2√2; median (HF7) = (2 + 4) / 2; P95 at position 3·0.95 = 2.85: 4 + 0.85·(8 − 4)
        FctSummary summary = FctSummary.of(new double[] {8, 1, 4, 2});
        assertThat(summary.geometricMean()).isCloseTo(2 * Math.sqrt(2), within(1e-14));
        assertThat(summary.median()).isEqualTo(3.0);
        assertThat(summary.p95()).isCloseTo(7.4, within(1e-14));
        assertThat(summary.count()).isEqualTo(4);
        assertThat(summary.droppedNaN()).isZero();
    }

    @Test
    void usesLinearInterpolationBetweenOrderStatistics() {
        // 1..21: position (n − 1)·p lands exactly on an order statistic for both quantiles.
        double[] fcts = new double[21];
        for (int i = 0; i < fcts.length; i++) {
            fcts[fcts.length - 1 - i] = i + 1;
        }
        FctSummary summary = FctSummary.of(fcts);
        assertThat(summary.median()).isEqualTo(11.0);
        assertThat(summary.p95()).isEqualTo(20.0);
    }

    @Test
    void agreesWithTheDefinitionsOnRandomLognormalFcts() {
        // Seeded: lognormal FCTs (ms) of sizes 1..300 against exp(mean(log)) and the HF7 formula.
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(20190905L);
        ContinuousSampler sampler = LogNormalSampler.of(ZigguratSampler.NormalizedGaussian.of(rng), 5, 1);
        for (int n = 1; n <= 300; n++) {
            double[] fcts = new double[n];
            double sumOfLogs = 0;
            for (int i = 0; i < n; i++) {
                fcts[i] = sampler.sample();
                sumOfLogs += Math.log(fcts[i]);
            }
            double[] sorted = fcts.clone();
            Arrays.sort(sorted);
            FctSummary summary = FctSummary.of(fcts);
            assertThat(summary.geometricMean()).isCloseTo(Math.exp(sumOfLogs / n), within(1e-12 * summary.geometricMean()));
            assertThat(summary.median()).isCloseTo(hf7(sorted, 0.5), within(1e-12 * summary.median()));
            assertThat(summary.p95()).isCloseTo(hf7(sorted, 0.95), within(1e-12 * summary.p95()));
        }
    }

    private static double hf7(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    @Test
    void oneValueIsItsOwnSummary() {
        FctSummary summary = FctSummary.of(new double[] {154.3});
        assertThat(summary.geometricMean()).isCloseTo(154.3, within(1e-12));
        assertThat(summary.median()).isEqualTo(154.3);
        assertThat(summary.p95()).isEqualTo(154.3);
    }

    @Test
    void tiesAndConstantData() {
        FctSummary summary = FctSummary.of(new double[] {5, 5, 5, 5, 5});
        assertThat(summary.geometricMean()).isCloseTo(5, within(1e-14));
        assertThat(summary.median()).isEqualTo(5);
        assertThat(summary.p95()).isEqualTo(5);
    }

    @Test
    void dropsAndCountsNaNWithoutChangingTheInput() {
        double[] fcts = {Double.NaN, 4, 1, Double.NaN};
        FctSummary summary = FctSummary.of(fcts);
        assertThat(summary.geometricMean()).isCloseTo(2, within(1e-14));
        assertThat(summary.median()).isEqualTo(2.5);
        assertThat(summary.count()).isEqualTo(2);
        assertThat(summary.droppedNaN()).isEqualTo(2);
        assertThat(fcts[1]).isEqualTo(4);
        assertThat(fcts[2]).isEqualTo(1);
    }

    @Test
    void rejectsInvalidInput() {
        assertThatThrownBy(() -> FctSummary.of(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fcts must not be null");
        assertThatThrownBy(() -> FctSummary.of(new double[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one value");
        assertThatThrownBy(() -> FctSummary.of(new double[] {Double.NaN, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 NaN");
        assertThatThrownBy(() -> FctSummary.of(new double[] {1, Double.POSITIVE_INFINITY}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fcts[1]").hasMessageContaining("Infinity");
        assertThatThrownBy(() -> FctSummary.of(new double[] {1, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fcts[1] is 0.0").hasMessageContaining("> 0");
        assertThatThrownBy(() -> FctSummary.of(new double[] {-3}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fcts[0] is -3.0");
    }
}
