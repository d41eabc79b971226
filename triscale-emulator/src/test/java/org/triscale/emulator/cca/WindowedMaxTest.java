package org.triscale.emulator.cca;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WindowedMaxTest {

    @Test
    void keepsTheMaximumOfTheLastRoundsWithSamples() {
        WindowedMax m = new WindowedMax(3);
        assertThat(m.max()).isZero();
        m.update(5, 0);
        m.update(9, 1);
        m.update(7, 1);
        m.update(4, 2);
        assertThat(m.max()).isEqualTo(9);
        m.update(3, 3);
        assertThat(m.max()).isEqualTo(9);
        m.update(2, 4);
        // Round 1 left the window (2, 4].
        assertThat(m.max()).isEqualTo(4);
    }

    @Test
    void withoutSamplesTheMaximumIsKept() {
        WindowedMax m = new WindowedMax(10);
        m.update(100, 5);
        // Rounds 6..40 had no admitted sample (e.g. application-limited): nothing ages.
        assertThat(m.max()).isEqualTo(100);
        m.update(1, 40);
        assertThat(m.max()).isEqualTo(1);
    }
}
