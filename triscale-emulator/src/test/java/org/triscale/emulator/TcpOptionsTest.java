package org.triscale.emulator;

import org.triscale.emulator.base.Rate;
import org.triscale.emulator.base.Wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;

/** The TCP options of a scenario: delayed ACKs and a short tail, the handshake, the minimum RTO. */
class TcpOptionsTest {
    private static final Duration RTT = Duration.ofMillis(20);

    private static Scenario.Builder oneFlow(long bytes) {
        return Scenario.dumbbell().bottleneck(Rate.mbps(100)).buffer(Packets.of(100))
                .flow(f -> f.rtt(RTT).size(bytes)).duration(Duration.ofSeconds(2));
    }

    @Test
    void aShortLastSegmentIsNotHeldByTheDelayedAckTimer() {
        // Three full segments and a short tail fit the initial window: one round trip.
        Trace t = Emulator.run(oneFlow(3 * Wire.MSS + 100).delayedAck(true).build(), 1);

        assertThat(t.flow(0).fctMillis()).isLessThan(22.0);
    }

    @Test
    void theHandshakeAddsOneRoundTripToTheCompletionTime() {
        Trace without = Emulator.run(oneFlow(100_000).build(), 1);
        Trace with = Emulator.run(oneFlow(100_000).handshake(true).build(), 1);

        assertThat(with.flow(0).fctMillis() - without.flow(0).fctMillis()).isCloseTo(20, within(1.0));
    }

    @Test
    void minimumRtoIsValidatedAndShortensTimeouts() {
        assertThatThrownBy(() -> oneFlow(1000).minRto(Duration.ofSeconds(11)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("minRto")
                .hasMessageContaining("200 ms");
        // A tail loss is repaired by a timeout: shorter with a 5 ms minimum.
        Scenario.Builder lossy = Scenario.dumbbell().bottleneck(Rate.mbps(100)).buffer(Packets.of(100))
                .randomLoss(0.05).flows(20, f -> f.rtt(RTT).size(20_000)).duration(Duration.ofSeconds(5));
        Trace linux = Emulator.run(lossy.build(), 3);
        Trace datacenter = Emulator.run(lossy.minRto(Duration.ofMillis(5)).build(), 3);

        double slowest = linux.flows().stream().mapToDouble(FlowResult::fctMillis).max().orElseThrow();
        double slowestDc = datacenter.flows().stream().mapToDouble(FlowResult::fctMillis).max().orElseThrow();
        assertThat(linux.flows().stream().mapToInt(FlowResult::timeouts).sum()).isPositive();
        assertThat(slowestDc).isLessThan(slowest);
    }

    @Test
    void classicHyStartLeavesSlowStartBeforeTheBufferOverflowsWhereHyStartPlusPlusDoesNot() {
        Rate rate = Rate.mbps(100);
        Scenario.Builder b = Scenario.dumbbell().bottleneck(rate).buffer(Packets.bdp(rate, RTT)).delayedAck(true)
                .duration(Duration.ofSeconds(5));
        long plusPlus = Emulator.run(b.flow(f -> f.cca(Cca.CUBIC).rtt(RTT).size(10L << 20)).build(), 1)
                .flow(0).retransmissions();
        Scenario.Builder c = Scenario.dumbbell().bottleneck(rate).buffer(Packets.bdp(rate, RTT)).delayedAck(true)
                .duration(Duration.ofSeconds(5));
        long classic = Emulator.run(c.flow(f -> f.cca(Cca.CUBIC_LINUX).rtt(RTT).size(10L << 20)).build(), 1)
                .flow(0).retransmissions();

        // A 10 MiB flow at 20 ms: 293 against 5 retransmissions with seed 1.
        assertThat(classic).isLessThan(20);
        assertThat(plusPlus).isGreaterThan(10 * classic);
    }
}
