package org.triscale.emulator.cca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DctcpTest {
    private static final long RTT = 1_000_000L;

    @Test
    void alphaConvergesToTheMarkedFractionAndCutsOncePerWindow() {
        Dctcp d = new Dctcp();
        FakeConnection c = new FakeConnection();
        d.init(c);
        assertThat(d.ecnCapable()).isTrue();
        assertThat(d.alpha()).isEqualTo(1);

        // 200 windows in which every fourth ACK echoes a mark.
        long k = 0;
        for (int w = 0; w < 200; w++) {
            long window = (long) d.cwnd();
            for (long i = 0; i < window; i++) {
                c.ece = k++ % 4 == 0;
                c.ack(d, c.now + RTT / window, 1, RTT);
            }
        }
        assertThat(d.alpha()).isCloseTo(0.25, within(0.05));
        assertThat(d.cwnd()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void markReducesByHalfAlphaOnlyOncePerWindow() {
        Dctcp d = new Dctcp(1);
        FakeConnection c = new FakeConnection();
        d.init(c);
        c.sndNxt = 10;
        c.ece = true;
        c.ack(d, 1, 1, RTT);
        // g = 1: alpha jumps to the marked fraction of the first window (1), cwnd halves.
        assertThat(d.cwnd()).isCloseTo(5, within(1e-9));
        c.ack(d, 2, 1, RTT);
        assertThat(d.cwnd()).as("second mark in the same window").isCloseTo(5, within(1e-9));
    }

    @Test
    void gainIsValidated() {
        assertThatThrownBy(() -> new Dctcp(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("g");
    }
}
