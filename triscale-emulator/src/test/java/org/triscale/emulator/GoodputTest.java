package org.triscale.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.base.Wire;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.cca.CcaMutant;
import org.triscale.emulator.queue.Packets;

/** Goodput counts each delivered payload byte once; wire throughput counts every packet on the link. */
class GoodputTest {

    @Test
    void aCompletedFlowsGoodputAddsUpToItsSizeExactly() {
        long size = 3_000_000 + 17; // a short last segment
        Trace t = Emulator.run(Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(20))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(20)).size(size))
                .duration(Duration.ofSeconds(5)).build(), 1);

        assertThat(t.flow(0).completed()).isTrue();
        assertThat(t.flow(0).retransmissions()).as("the small buffer makes it retransmit").isPositive();
        assertThat(bytes(t.goodput().flowMbps(0), t.goodput().binSeconds())).isCloseTo(size, within(1e-3));
        assertThat(bytes(t.goodput().totalMbps(), t.goodput().binSeconds())).isCloseTo(size, within(1e-3));
        // The wire carried the headers too (the dropped packets never reached it).
        double wire = bytes(t.throughput().flowMbps(0), t.throughput().binSeconds());
        long packets = (size + Wire.MSS - 1) / Wire.MSS;
        assertThat(wire).isCloseTo(size + packets * Wire.HEADER, within(1e-3));
    }

    @Test
    void goodputIsThePayloadShareOfAFullLinkWithoutDuplicates() {
        Trace t = Emulator.run(Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(78))
                .flow(f -> f.cca(Cca.CUBIC).oneWayDelay(Duration.ofMillis(45))).duration(Duration.ofSeconds(30)).build(), 3);

        double wire = t.throughput().meanFlowMbps(0, 5, 30);
        double goodput = t.goodput().meanFlowMbps(0, 5, 30);
        assertThat(wire).isCloseTo(20, within(0.05));
        // 1448 of every 1500 bytes are payload; drops at the bottleneck never reach the wire.
        assertThat(goodput).isCloseTo(wire * Wire.MSS / Wire.MTU, within(0.3)).isLessThan(wire * Wire.MSS / Wire.MTU + 0.3);
        assertThat(t.goodput().bins()).isEqualTo(t.throughput().bins());
        assertThat(t.goodput().flowFirstBins()).containsExactly(t.throughput().flowFirstBins());
    }

    @Test
    void spuriousRetransmissionsFillTheWireButNotTheGoodput() {
        // A CUBIC that never backs off on fast retransmit times out again and again, and the timeout
        // resends segments the receiver already holds.
        Trace t = Emulator.run(Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(78))
                .flow(f -> f.cca(Cca.mutant(CcaMutant.CUBIC_NO_MULTIPLICATIVE_DECREASE)).oneWayDelay(Duration.ofMillis(45)))
                .duration(Duration.ofSeconds(30)).build(), 3);

        double payloadShareOfWire = t.throughput().meanFlowMbps(0, 0, 30) * Wire.MSS / Wire.MTU;
        assertThat(t.goodput().meanFlowMbps(0, 0, 30)).isLessThan(payloadShareOfWire - 0.3);
    }

    private static double bytes(double[] mbps, double binSeconds) {
        double bits = 0;
        for (double m : mbps) {
            bits += m * 1e6 * binSeconds;
        }
        return bits / 8;
    }
}
