package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.Packets;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.triscale.emulator.cca.Cca;

/**
 * Loss-based algorithms fill the buffer until it overflows, so their queueing delay reaches the
 * buffer's drain time; delay-based Vegas and model-based BBR keep the queue short.
 */
class QueueingDelayTest {
    private static final Rate RATE = Rate.mbps(50);
    private static final Duration RTT = Duration.ofMillis(20);

    private static Trace run(Cca cca) {
        Scenario s = Scenario.dumbbell().bottleneck(RATE).buffer(Packets.bdp(RATE, RTT))
                .flow(f -> f.cca(cca).rtt(RTT)).duration(Duration.ofSeconds(20)).build();
        return Emulator.run(s, 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"NewReno", "CUBIC"})
    void lossBasedAlgorithmsFillTheBuffer(String name) {
        Trace t = run(name.equals("CUBIC") ? Cca.CUBIC : Cca.NEWRENO);
        double[] q = Stats.queueingDelaysMillis(t, 0, 5);
        double buffer = Stats.bufferMillis(t);

        assertThat(Stats.percentile(q, 95)).as("P95 queueing delay, ms").isGreaterThan(0.9 * buffer);
        assertThat(Stats.percentile(q, 100)).as("largest queueing delay, ms")
                .isLessThanOrEqualTo(buffer + 0.01);
        assertThat(t.link().bufferDrops()).as("overflow drops").isPositive();
    }

    @Test
    void vegasKeepsAFewPacketsQueued() {
        Trace t = run(Cca.VEGAS);
        double[] q = Stats.queueingDelaysMillis(t, 0, 5);
        double tx = Stats.transmissionMillis(t);

        // Vegas aims at alpha..beta = 2..4 packets in the queue.
        assertThat(Stats.percentile(q, 50) / tx).as("median queue in packets").isBetween(1.0, 5.0);
        assertThat(Stats.percentile(q, 95) / tx).as("P95 queue in packets").isLessThanOrEqualTo(6);
    }

    @Test
    void bbrKeepsTheQueueShort() {
        Trace t = run(Cca.BBR);
        double[] q = Stats.queueingDelaysMillis(t, 0, 5);
        double buffer = Stats.bufferMillis(t);

        assertThat(Stats.percentile(q, 50)).as("median queueing delay, ms").isLessThan(0.1 * buffer);
        // The 1.25 probing phase of the gain cycle queues about a quarter of a BDP for one RTT.
        assertThat(Stats.percentile(q, 95)).as("P95 queueing delay, ms").isLessThan(0.35 * buffer);
    }
}
