package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.link.DeliveryTrace;
import org.triscale.emulator.link.Hop;
import org.triscale.emulator.link.LossModel;
import org.triscale.emulator.queue.CoDel;
import org.triscale.emulator.queue.Packets;

/** Paths whose links vary: delivery traces, ACK-path delay and loss, bursty loss. */
class LinkVariationTest {

    @Test
    void aTraceDrivenLinkDeliversAtTheTracesRate() {
        // 1 ms at 24 Mbit/s (two opportunities), then 1 ms off: 12 Mbit/s on average.
        DeliveryTrace onOff = DeliveryTrace.of("on-off", List.of("1", "1", "2"));
        List<String> lines = new ArrayList<>();
        for (int ms = 1; ms <= 100; ms++) {
            lines.add(Integer.toString(ms));
            if (ms % 2 == 1) {
                lines.add(Integer.toString(ms));
            }
        }
        DeliveryTrace trace = DeliveryTrace.of("alternating", lines);
        Scenario s = Scenario.dumbbell().trace(trace).buffer(Packets.of(200))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(40))).duration(Duration.ofSeconds(10)).build();
        Trace t = Emulator.run(s, 1);

        assertThat(s.link().bottleneck().bitsPerSecond()).isCloseTo(trace.meanBitsPerSecond(), within(1.0));
        assertThat(t.flow(0).goodputMbps()).isCloseTo(18 * 1448 / 1500.0, within(1.0));
        assertThat(onOff.meanBitsPerSecond()).isCloseTo(18e6, within(1e-6));
    }

    @Test
    void anAckDelayLengthensTheRoundTrip() {
        Scenario.Builder b = Scenario.dumbbell().bottleneck(Rate.mbps(10)).buffer(Packets.of(100))
                .flow(f -> f.size(50_000).rtt(Duration.ofMillis(20))).duration(Duration.ofSeconds(2));
        Trace plain = Emulator.run(b.build(), 1);
        Trace asymmetric = Emulator.run(b.ackDelay(Duration.ofMillis(15)).build(), 1);

        assertThat(asymmetric.flow(0).minRttMillis() - plain.flow(0).minRttMillis()).isCloseTo(15, within(0.01));
    }

    @Test
    void lostAcksAreCoveredByLaterCumulativeOnes() {
        // A buffer that never overflows: any retransmission would be caused by the lost ACKs.
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(10)).buffer(Packets.of(2000))
                .ackLoss(new LossModel.Bernoulli(0.2)).flow(f -> f.size(1_000_000).rtt(Duration.ofMillis(20)))
                .duration(Duration.ofSeconds(5)).build();
        Trace t = Emulator.run(s, 1);

        assertThat(t.flow(0).completed()).isTrue();
        assertThat(t.flow(0).retransmissions()).isZero();
    }

    @Test
    void burstyLossHurtsLessThanTheSameIndependentLossForCubic() {
        Scenario.Builder b = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(200))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(40))).duration(Duration.ofSeconds(20));
        Trace independent = Emulator.run(b.lossModel(new LossModel.Bernoulli(0.005)).build(), 2);
        Trace bursty = Emulator.run(b.lossModel(LossModel.GilbertElliott.bursts(0.005, 8)).build(), 2);

        // One reduction per burst instead of one per loss: fewer congestion events, more goodput.
        assertThat(bursty.flow(0).fastRecoveries()).isLessThan(independent.flow(0).fastRecoveries());
        assertThat(bursty.flow(0).goodputMbps()).isGreaterThan(independent.flow(0).goodputMbps());
    }

    @Test
    void aSlowerHopAfterTheBottleneckBecomesTheBottleneck() {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(100)).buffer(Packets.of(500))
                .hop(Hop.dropTail(Rate.mbps(10), Packets.of(50)))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(20))).duration(Duration.ofSeconds(20)).build();
        Trace t = Emulator.run(s, 1);

        assertThat(t.hops()).hasSize(1);
        assertThat(t.link().drops()).isZero();
        assertThat(t.hops().get(0).bufferDrops()).isPositive();
        assertThat(t.hops().get(0).utilisation()).isGreaterThan(0.95);
        assertThat(t.flow(0).goodputMbps()).isCloseTo(10 * 1448 / 1500.0, within(0.5));
    }

    @Test
    void twoHopsWithCoDelKeepTheirOwnQueuesShort() {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(1000)).queue(CoDel.rfc8289())
                .hop(new Hop(Rate.mbps(15), Packets.of(1000), Optional.of(CoDel.rfc8289())))
                .flows(2, f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(40))).duration(Duration.ofSeconds(20)).build();
        Trace t = Emulator.run(s, 1);

        assertThat(t.hops().get(0).meanQueueingDelayMillis()).isLessThan(15);
        assertThat(t.hops().get(0).queueDrops()).isPositive();
        assertThat(t.flow(0).goodputMbps() + t.flow(1).goodputMbps()).isCloseTo(15 * 1448 / 1500.0, within(1.5));
    }
}
