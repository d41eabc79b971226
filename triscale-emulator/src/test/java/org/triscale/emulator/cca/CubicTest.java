package org.triscale.emulator.cca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CubicTest {
    private static final long RTT = 100_000_000L;

    /** A CUBIC window grown to {@code w} segments in slow start (no HyStart). */
    private static Cubic grownTo(FakeConnection c, Cubic.Config config, int w) {
        Cubic cubic = new Cubic(config.withSlowStart(Cubic.SlowStart.STANDARD));
        cubic.init(c);
        while (cubic.cwnd() < w) {
            c.ack(cubic, c.now + 1, 1, RTT);
        }
        return cubic;
    }

    @Test
    void congestionEventReducesByBetaAndTheWindowReturnsToWmaxAfterK() {
        FakeConnection c = new FakeConnection();
        Cubic cubic = grownTo(c, Cubic.Config.RFC_9438, 100);
        c.flightSize = 100;

        cubic.onEnterRecovery(c);

        assertThat(cubic.cwnd()).isCloseTo(70, within(1e-9));
        assertThat(cubic.ssthresh()).isCloseTo(70, within(1e-9));
        // K = cbrt(W_max (1 − beta) / C) = cbrt(100 × 0.3 / 0.4) ≈ 4.217 s. Without an RTT term
        // (no SRTT yet), the window reaches W_max at t = K and is concave before.
        double k = Math.cbrt(100 * 0.3 / 0.4);
        long epoch = c.now;
        double atHalfK = 0;
        while (c.now - epoch < k * 1e9) {
            c.round(cubic, RTT);
            if (atHalfK == 0 && c.now - epoch >= k / 2 * 1e9) {
                atHalfK = cubic.cwnd();
            }
        }
        assertThat(cubic.cwnd()).isCloseTo(100, within(2.0));
        // W_cubic(K/2) = W_max − C (K/2)³ = 100 − 30/8 = 96.25: most of the way back already.
        assertThat(atHalfK).isCloseTo(96.25, within(2.0));
    }

    @Test
    void fastConvergenceLowersWmaxWhenTheWindowShrinks() {
        FakeConnection c = new FakeConnection();
        Cubic cubic = grownTo(c, Cubic.Config.RFC_9438, 1000);
        cubic.onEnterRecovery(c);
        // A second congestion event at 700 < W_max = 1000: W_max becomes 700 × (1 + 0.7) / 2 = 595,
        // so the next epoch plateaus below the old maximum (a large window keeps the Reno-friendly
        // estimate below the cubic curve).
        cubic.onEnterRecovery(c);
        assertThat(cubic.cwnd()).isCloseTo(490, within(1e-9));
        long epoch = c.now;
        double k = Math.cbrt((595 - 490) / 0.4);
        while (c.now - epoch < k * 1e9) {
            c.round(cubic, RTT);
        }
        assertThat(cubic.cwnd()).isCloseTo(595, within(10.0));
    }

    @Test
    void renoFriendlyRegionGrowsLikeRenoWhenTheCubicTermIsSlow() {
        FakeConnection c = new FakeConnection();
        // A tiny C makes W_cubic nearly flat: the window follows W_est, alpha = 3 × 0.3 / 1.7 per RTT.
        Cubic cubic = grownTo(c, Cubic.Config.RFC_9438.withFastConvergence(false), 100);
        Cubic slow = new Cubic(new Cubic.Config(1e-6, 0.7, false, Cubic.SlowStart.STANDARD, false));
        slow.init(c);
        while (slow.cwnd() < 100) {
            c.ack(slow, c.now + 1, 1, RTT);
        }
        slow.onEnterRecovery(c);
        double start = slow.cwnd();
        for (int i = 0; i < 20; i++) {
            c.round(slow, RTT);
        }
        double alpha = 3 * (1 - 0.7) / (1 + 0.7);
        assertThat((slow.cwnd() - start) / 20).isCloseTo(alpha, within(0.05));
        assertThat(cubic.cwnd()).isGreaterThanOrEqualTo(100);
    }

    @Test
    void afterATimeoutTheWindowRestartsFromOneAndCubicStartsAtTheNewWindow() {
        FakeConnection c = new FakeConnection();
        Cubic cubic = grownTo(c, Cubic.Config.RFC_9438, 100);
        cubic.onRto(c);
        assertThat(cubic.cwnd()).isEqualTo(1);
        assertThat(cubic.ssthresh()).isCloseTo(70, within(1e-9));
        while (cubic.cwnd() < cubic.ssthresh()) {
            c.ack(cubic, c.now + 1, 1, RTT);
        }
        // K = 0 and W_max = 70: the window grows convexly from 70 at once.
        double before = cubic.cwnd();
        c.round(cubic, RTT);
        c.round(cubic, RTT);
        assertThat(cubic.cwnd()).isGreaterThan(before);
    }

    @Test
    void hyStartLeavesSlowStartWhenTheRttGrows() {
        FakeConnection c = new FakeConnection();
        Cubic cubic = new Cubic();
        cubic.init(c);
        long rtt = 50_000_000L;
        for (int round = 0; round < 12 && cubic.ssthresh() == Double.POSITIVE_INFINITY; round++) {
            c.round(cubic, rtt);
            // From the fourth round on the queue grows: +20 ms per round, above the 6.25-ms threshold.
            if (round >= 3) {
                rtt += 20_000_000L;
            }
        }
        // Conservative slow start for five rounds, then congestion avoidance, without any loss.
        assertThat(cubic.ssthresh()).isFinite();
        assertThat(cubic.cwnd()).isLessThan(10 * Math.pow(2, 12));
    }

    @Test
    void classicHyStartEndsSlowStartWhenTheAckTrainSpansHalfTheMinimumRtt() {
        FakeConnection c = new FakeConnection();
        Cubic cubic = new Cubic(Cubic.Config.LINUX);
        cubic.init(c);
        long rtt = 50_000_000L;
        c.minRtt = rtt;
        for (int round = 0; round < 12 && cubic.ssthresh() == Double.POSITIVE_INFINITY; round++) {
            c.round(cubic, rtt);
        }
        // ACKs closer than 2 ms from a window of 26 on; the train reaches 25 ms in the next round.
        assertThat(cubic.ssthresh()).isBetween(26.0, 64.0);
    }

    @Test
    void classicHyStartEndsSlowStartWhenTheRoundsMinimumRttGrows() {
        FakeConnection c = new FakeConnection();
        Cubic cubic = new Cubic(Cubic.Config.LINUX);
        cubic.init(c);
        long rtt = 400_000_000L;
        c.minRtt = rtt;
        for (int round = 0; round < 12 && cubic.ssthresh() == Double.POSITIVE_INFINITY; round++) {
            c.round(cubic, rtt);
            // ACKs 6 ms or more apart (no train); from the third round the RTT grows 20 ms a round,
            // above the 16 ms threshold (clamp(400 / 8, 4, 16) ms).
            if (round >= 2) {
                rtt += 20_000_000L;
            }
        }
        // 10, 20, 40, 80 segments; the eighth ACK of the first slower round ends slow start.
        assertThat(cubic.ssthresh()).isEqualTo(88.0);
    }

    @Test
    void ecnEchoReducesOncePerRoundTripAsALossWould() {
        FakeConnection c = new FakeConnection();
        Cubic cubic = new Cubic(Cubic.Config.RFC_9438.withEcn(true));
        cubic.init(c);
        assertThat(cubic.ecnCapable()).isTrue();
        c.sndNxt = 10;
        c.ece = true;
        c.ack(cubic, 1, 1, 10_000_000L);
        double reduced = cubic.cwnd();
        assertThat(reduced).isCloseTo(7, within(1e-9));
        // Further echoes of the same round trip change nothing, and the window does not grow.
        c.ack(cubic, 2, 1, 10_000_000L);
        c.ece = false;
        c.ack(cubic, 3, 1, 10_000_000L);
        assertThat(cubic.cwnd()).isEqualTo(reduced);
    }

    @Test
    void configIsValidated() {
        assertThatThrownBy(() -> Cubic.Config.RFC_9438.withBeta(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("beta");
        assertThatThrownBy(() -> new Cubic.Config(0, 0.7, true, Cubic.SlowStart.HYSTART_PLUS_PLUS, false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cubic c");
        assertThatThrownBy(() -> new Cubic(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
