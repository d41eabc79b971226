package org.triscale.emulator.cca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PragueTest {

    @Test
    void sendsEct1AndPaces() {
        Prague p = new Prague();
        FakeConnection c = new FakeConnection();
        p.init(c);
        c.srtt = 20_000_000L;
        c.ack(p, 1, 1, 20_000_000L);

        assertThat(p.ecnCapable()).isTrue();
        assertThat(p.scalable()).isTrue();
        // Slow start: twice cwnd / srtt.
        assertThat(p.pacingRate()).isCloseTo(2 * p.cwnd() / 0.020, within(1e-6));
    }

    @Test
    void additiveIncreaseBelowTheRttTargetIsThatOfA25MsFlow() {
        Prague independent = new Prague();
        assertThat(independent.increaseScale(12_500_000L)).isCloseTo(0.25, within(1e-12));
        assertThat(independent.increaseScale(5_000_000L)).isCloseTo(0.04, within(1e-12));
        assertThat(independent.increaseScale(50_000_000L)).isEqualTo(1);
        assertThat(new Prague(false).increaseScale(5_000_000L)).isEqualTo(1);
    }

    @Test
    void windowGrowsPerRoundTripByTheScaledIncrement() {
        Prague p = new Prague();
        FakeConnection c = new FakeConnection();
        p.init(c);
        // Leave slow start with one mark (alpha = 1 halves the window).
        c.sndNxt = 10;
        c.ece = true;
        c.srtt = 5_000_000L;
        c.ack(p, 1, 1, 5_000_000L);
        c.ece = false;
        for (int i = 0; i < 10; i++) {
            c.ack(p, 2 + i, 1, 5_000_000L);
        }
        double before = p.cwnd();
        c.round(p, 5_000_000L);
        // One round trip at 5 ms: (5/25)² = 0.04 segments instead of one.
        assertThat(p.cwnd() - before).isCloseTo(0.04, within(0.005));
    }
}
