package org.triscale.emulator.cca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class VegasTest {
    private static final long BASE = 20_000_000L;

    /** A round trip whose RTT says {@code queued} of the window's packets wait in the queue. */
    private static void roundWithQueue(Vegas v, FakeConnection c, double queued) {
        c.round(v, BASE + (long) (BASE * queued / v.cwnd()));
    }

    private static Vegas inCongestionAvoidance(FakeConnection c) {
        Vegas v = new Vegas();
        v.init(c);
        c.round(v, BASE);
        c.round(v, BASE);
        c.flightSize = (long) v.cwnd();
        v.onEnterRecovery(c);
        return v;
    }

    @Test
    void removesASegmentPerRoundWhenMoreThanBetaPacketsAreQueued() {
        FakeConnection c = new FakeConnection();
        Vegas v = inCongestionAvoidance(c);
        double before = v.cwnd();
        for (int i = 0; i < 6; i++) {
            roundWithQueue(v, c, 6);
        }
        assertThat(before - v.cwnd()).isBetween(4.0, 7.0);
    }

    @Test
    void addsASegmentPerRoundWhenFewerThanAlphaPacketsAreQueued() {
        FakeConnection c = new FakeConnection();
        Vegas v = inCongestionAvoidance(c);
        double before = v.cwnd();
        for (int i = 0; i < 6; i++) {
            roundWithQueue(v, c, 1);
        }
        // One segment per Vegas round; the harness's rounds may straddle one extra boundary.
        assertThat(v.cwnd() - before).isBetween(4.0, 7.0);
    }

    @Test
    void holdsTheWindowBetweenAlphaAndBeta() {
        FakeConnection c = new FakeConnection();
        Vegas v = inCongestionAvoidance(c);
        roundWithQueue(v, c, 3);
        double before = v.cwnd();
        for (int i = 0; i < 6; i++) {
            roundWithQueue(v, c, 3);
        }
        assertThat(v.cwnd()).isEqualTo(before);
    }

    @Test
    void slowStartEndsWhenMoreThanGammaPacketsAreQueued() {
        FakeConnection c = new FakeConnection();
        Vegas v = new Vegas();
        v.init(c);
        c.round(v, BASE);
        c.round(v, BASE);
        double w = v.cwnd();
        // Vegas judges a round by the previous round's minimum RTT: the first queued round still
        // doubles, the next one cuts to about cwnd × baseRtt / rtt + 1 and slow start is over.
        roundWithQueue(v, c, 10);
        roundWithQueue(v, c, 10);
        double after = v.cwnd();
        assertThat(after).isLessThan(2 * w);
        roundWithQueue(v, c, 10);
        roundWithQueue(v, c, 10);
        assertThat(v.cwnd()).isLessThanOrEqualTo(after);
    }

    @Test
    void thresholdsAreValidated() {
        assertThatThrownBy(() -> new Vegas(4, 2, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alpha");
    }
}
