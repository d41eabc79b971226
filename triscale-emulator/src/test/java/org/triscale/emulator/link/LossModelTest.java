package org.triscale.emulator.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

class LossModelTest {
    private static final int N = 1_000_000;

    @Test
    void bernoulliLosesTheRequestedFraction() {
        LossModel.Process p = new LossModel.Bernoulli(0.02).process(RandomSource.XO_RO_SHI_RO_128_PP.create(1L));
        int lost = 0;
        for (int i = 0; i < N; i++) {
            lost += p.lose() ? 1 : 0;
        }
        // Standard error 0.00014; five of them.
        assertThat(lost / (double) N).isCloseTo(0.02, within(0.0007));
    }

    @Test
    void gilbertBurstsHaveTheRequestedMeanLossAndBurstLength() {
        LossModel.GilbertElliott model = LossModel.GilbertElliott.bursts(0.02, 4);
        assertThat(model.meanLoss()).isCloseTo(0.02, within(1e-12));
        LossModel.Process p = model.process(RandomSource.XO_RO_SHI_RO_128_PP.create(2L));
        int lost = 0;
        int bursts = 0;
        boolean previous = false;
        for (int i = 0; i < N; i++) {
            boolean l = p.lose();
            lost += l ? 1 : 0;
            bursts += l && !previous ? 1 : 0;
            previous = l;
        }
        // Bursty losses have a larger variance than Bernoulli ones: generous bounds.
        assertThat(lost / (double) N).isCloseTo(0.02, within(0.002));
        assertThat(lost / (double) bursts).isCloseTo(4, within(0.3));
    }

    @Test
    void probabilitiesAreValidated() {
        assertThatThrownBy(() -> new LossModel.Bernoulli(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[0, 1)");
        assertThatThrownBy(() -> new LossModel.GilbertElliott(0, 0.5, 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("goodToBad");
    }
}
