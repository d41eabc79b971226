package org.triscale.emulator;

import org.triscale.emulator.base.Rate;
import org.triscale.emulator.base.Wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.link.DeliveryTrace;
import org.triscale.emulator.link.Hop;
import org.triscale.emulator.queue.Packets;

/** A congested ACK direction: ACKs queueing on a reverse link, reverse data flows, uplink traces. */
class ReverseTrafficTest {

    private static Scenario.Builder download(Hop reverse) {
        return Scenario.dumbbell().bottleneck(Rate.mbps(10)).buffer(Packets.of(100)).reverseLink(reverse)
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(20)).label("down"))
                .duration(Duration.ofSeconds(10));
    }

    @Test
    void everyAckCrossesTheReverseLink() {
        Trace t = Emulator.run(download(Hop.dropTail(Rate.mbps(10), Packets.of(100))).build(), 1);
        Trace delayed = Emulator.run(download(Hop.dropTail(Rate.mbps(10), Packets.of(100))).delayedAck(true).build(), 1);

        // One ACK per segment received (no delayed ACKs): the bottleneck's departures, less the
        // few segments still propagating when the run ends (one RTT of data at most).
        long segments = t.link().packetsForwarded();
        long acks = t.reverseLink().orElseThrow().packetsForwarded();
        long perRtt = Math.round(10e6 * 0.020 / (Wire.MTU * 8)) + t.link().maxQueuePackets();
        assertThat(acks).isBetween(segments - perRtt, segments);
        // Delayed ACKs: one per two full segments, plus the immediate ACKs of out-of-order
        // segments after each loss (RFC 5681 section 4.2).
        double ratio = delayed.reverseLink().orElseThrow().packetsForwarded()
                / (double) delayed.link().packetsForwarded();
        assertThat(ratio).isBetween(0.5, 0.55);
        // An uncongested reverse link does not change the download.
        Trace plain = Emulator.run(Scenario.dumbbell().bottleneck(Rate.mbps(10)).buffer(Packets.of(100))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(20))).duration(Duration.ofSeconds(10)).build(), 1);
        assertThat(t.flow(0).goodputMbps()).isCloseTo(plain.flow(0).goodputMbps(), within(0.1));
    }

    @Test
    void acksQueueBehindReverseData() {
        Hop reverse = Hop.dropTail(Rate.mbps(10), Packets.of(100));
        Trace alone = Emulator.run(download(reverse).build(), 1);
        Trace both = Emulator.run(download(reverse)
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(20)).reverse().label("up")).build(), 1);

        // Alone, the download's ACKs (3.5 % of the reverse link) find it idle.
        assertThat(alone.reverseLink().orElseThrow().meanQueueingDelayMillis()).isLessThan(0.1);
        // With an upload, they wait behind its data: tens of milliseconds.
        LinkStats up = both.reverseLink().orElseThrow();
        assertThat(up.meanQueueingDelayMillis()).isGreaterThan(20);
        // Each link carries one direction's data and the other's ACKs (52 bytes per segment),
        // so neither direction can exceed 10 Mbit/s x 1,448 / (1,500 + 52) = 9.33 Mbit/s; the
        // symmetric flows share alike, and the pair loses some utilisation to ACK compression
        // (Zhang, Shenker & Clark 1991), here about 6 %.
        double bound = 10 * 1448.0 / (Wire.MTU + Wire.HEADER);
        double down = both.flow(0).goodputMbps();
        double upload = both.flow(1).goodputMbps();
        assertThat(down).isBetween(0.85 * bound, bound);
        assertThat(upload).isBetween(0.85 * bound, bound);
        assertThat(down / upload).isCloseTo(1, within(0.05));
        assertThat(alone.flow(0).goodputMbps()).isGreaterThan(down);
    }

    @Test
    void anUplinkTraceCarriesManyAcksPerOpportunity() {
        // One delivery opportunity every 10 ms: 100 x 1,500 bytes/s, room for 2,800 ACKs of 52
        // bytes per second if ACKs share opportunities, as in mahimahi.
        DeliveryTrace uplink = DeliveryTrace.of("sparse-uplink", List.of("10"));
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(10)).buffer(Packets.of(100))
                .reverseTrace(uplink, Packets.of(1000))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(20))).duration(Duration.ofSeconds(10)).build();
        Trace t = Emulator.run(s, 1);
        LinkStats up = t.reverseLink().orElseThrow();
        Trace plain = Emulator.run(Scenario.dumbbell().bottleneck(Rate.mbps(10)).buffer(Packets.of(100))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(20))).duration(Duration.ofSeconds(10)).build(), 1);

        // About 830 ACKs/s need 29 opportunities' bytes of the 100: none is dropped, and the
        // download keeps its rate. One ACK per opportunity would leave room for 100 ACKs/s.
        assertThat(up.drops()).isZero();
        assertThat(up.packetsForwarded()).isGreaterThan(8000);
        assertThat(t.flow(0).goodputMbps()).isGreaterThan(0.95 * plain.flow(0).goodputMbps());
        // An ACK waits at most one opportunity gap for its delivery.
        assertThat(t.flow(0).minRttMillis()).isBetween(20.0, 30.0);
        assertThat(s.path().reverseLink().orElseThrow().rate().bitsPerSecond()).isCloseTo(1.2e6, within(1.0));
    }

    @Test
    void reverseFlowsAndPathsAreValidated() {
        assertThatThrownBy(() -> Scenario.dumbbell().bottleneck(Rate.mbps(10)).buffer(Packets.of(10))
                .flow(f -> f.reverse()).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no reverse link");
        assertThatThrownBy(() -> Scenario.dumbbell().bottleneck(Rate.mbps(10)).buffer(Packets.of(10))
                .flow(f -> f.path(0, 1)).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("links 0 to 0");
        assertThatThrownBy(() -> FlowSpec.builder().path(1, 0).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ascending");
    }
}
