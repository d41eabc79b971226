package org.triscale.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.simple.RandomSource;
import org.triscale.emulator.workload.FlowSizes;
import org.junit.jupiter.api.Test;

class FlowSizesTest {

    @Test
    void l4sWorkloadHasTheQuotedParameters() {
        FlowSizes.LogNormal sizes = FlowSizes.l4sWorkload();

        assertThat(sizes.p5Bytes()).isEqualTo(65_536);
        assertThat(sizes.p95Bytes()).isEqualTo(2_097_152);
        // mu = ln(2^37) / 2, sigma = ln 32 / (2 z_0.95)
        assertThat(sizes.mu()).isCloseTo(18.5 * Math.log(2), within(1e-12));
        assertThat(sizes.sigma()).isCloseTo(Math.log(32) / (2 * 1.6448536269514722), within(1e-9));
        // The tsvwg tests quote a mean of 645,683 B, about 630 KiB.
        assertThat(sizes.meanBytes()).isCloseTo(645_683, within(1_000.0));
        assertThat(sizes.meanBytes() / 1024).isCloseTo(630, within(2.0));
    }

    @Test
    void samplesHaveTheRequestedPercentilesAndMean() {
        FlowSizes.LogNormal sizes = FlowSizes.l4sWorkload();
        FlowSizes.Sampler sampler = sizes.sampler(RandomSource.XO_RO_SHI_RO_128_PP.create(20_240_501L));
        int n = 200_000;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = sampler.next();
        }

        // With 200,000 samples the relative standard error of these quantiles is below 1 %.
        assertThat(Stats.percentile(x, 5) / 65_536).isCloseTo(1, within(0.03));
        assertThat(Stats.percentile(x, 95) / 2_097_152).isCloseTo(1, within(0.03));
        // The mean of a lognormal with sigma ≈ 1.05 has a relative standard error of about 0.3 %.
        assertThat(Stats.mean(x) / sizes.meanBytes()).isCloseTo(1, within(0.03));
        assertThat(java.util.Arrays.stream(x).min().orElseThrow()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void fixedSizesAreConstant() {
        FlowSizes.Sampler s = FlowSizes.fixed(1234).sampler(RandomSource.XO_RO_SHI_RO_128_PP.create(1L));
        assertThat(s.next()).isEqualTo(1234);
        assertThat(s.next()).isEqualTo(1234);
        assertThat(FlowSizes.fixed(1234).meanBytes()).isEqualTo(1234);
    }

    @Test
    void invalidParametersAreRejected() {
        assertThatThrownBy(() -> FlowSizes.logNormal(0, 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("p5Bytes").hasMessageContaining("0");
        assertThatThrownBy(() -> FlowSizes.logNormal(2_000, 1_000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("p95Bytes must be > p5Bytes");
        assertThatThrownBy(() -> FlowSizes.fixed(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(">= 1");
    }
}
