package org.triscale.emulator.cca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class NewRenoTest {
    private static final long RTT = 20_000_000L;

    @Test
    void slowStartDoublesPerRoundTripAndAvoidanceAddsOneSegment() {
        NewReno r = new NewReno();
        FakeConnection c = new FakeConnection();
        r.init(c);
        assertThat(r.cwnd()).isEqualTo(10);

        c.round(r, RTT);
        assertThat(r.cwnd()).isEqualTo(20);
        c.round(r, RTT);
        assertThat(r.cwnd()).isEqualTo(40);

        c.flightSize = 40;
        r.onEnterRecovery(c);
        assertThat(r.cwnd()).isEqualTo(20);
        assertThat(r.ssthresh()).isEqualTo(20);
        c.round(r, RTT);
        assertThat(r.cwnd()).isCloseTo(21, within(0.05));
    }

    @Test
    void appropriateByteCountingCapsTheSlowStartIncreasePerAck() {
        NewReno r = new NewReno();
        FakeConnection c = new FakeConnection();
        r.init(c);
        c.ack(r, 1, 8, RTT);
        assertThat(r.cwnd()).isEqualTo(12);
    }

    @Test
    void noGrowthInRecoveryAndOneSegmentAfterATimeout() {
        NewReno r = new NewReno();
        FakeConnection c = new FakeConnection();
        r.init(c);
        c.inRecovery = true;
        c.ack(r, 1, 1, RTT);
        assertThat(r.cwnd()).isEqualTo(10);

        c.flightSize = 30;
        r.onRto(c);
        assertThat(r.cwnd()).isEqualTo(1);
        // Half of min(flight, cwnd): the window was 10.
        assertThat(r.ssthresh()).isEqualTo(5);
    }
}
