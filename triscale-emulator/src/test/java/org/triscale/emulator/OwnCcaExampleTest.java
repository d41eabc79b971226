package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.cca.CongestionControl;
import org.triscale.emulator.cca.Connection;
import org.triscale.emulator.cca.EcnResponse;
import org.triscale.emulator.cca.RenoWindow;
import org.triscale.emulator.queue.CoDel;
import org.triscale.emulator.queue.Packets;

/** The example of docs/emulator.md: a user's algorithm built from the public helpers. */
class OwnCcaExampleTest {

    /** Reno that backs off by 30 % instead of 50 %, with ECN. */
    static final class GentleReno implements CongestionControl {
        private final EcnResponse ecn = new EcnResponse();
        private double cwnd;
        private double ssthresh = Double.POSITIVE_INFINITY;

        @Override
        public void init(Connection c) {
            cwnd = c.initialWindow();
        }

        @Override
        public void onAck(Connection c) {
            if (ecn.reduceNow(c)) {
                onEnterRecovery(c);
            } else if (!c.inRecovery() && !ecn.inCwr(c) && c.ackedPackets() > 0) {
                cwnd = RenoWindow.grow(cwnd, ssthresh, c.ackedPackets());
            }
        }

        @Override
        public void onEnterRecovery(Connection c) {
            ssthresh = Math.max(cwnd * 0.7, 2);
            cwnd = ssthresh;
        }

        @Override
        public void onRto(Connection c) {
            ssthresh = RenoWindow.halfFlight(c, cwnd);
            cwnd = 1;
        }

        @Override
        public double cwnd() {
            return cwnd;
        }

        @Override
        public boolean ecnCapable() {
            return true;
        }
    }

    @Test
    void gentleRenoFillsACoDelLinkWithMarksAlone() {
        Cca gentle = Cca.of("GentleReno", GentleReno::new);
        Trace t = Emulator.run(Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(500))
                .queue(CoDel.rfc8289()).flow(f -> f.cca(gentle).rtt(Duration.ofMillis(40)))
                .duration(Duration.ofSeconds(10)).build(), 1);

        assertThat(t.flow(0).cca()).isEqualTo("GentleReno");
        assertThat(t.link().ecnMarks()).isPositive();
        assertThat(t.link().drops()).isZero();
        assertThat(t.link().utilisation()).isGreaterThan(0.9);
    }
}
