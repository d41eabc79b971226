package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.Packets;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.triscale.emulator.cca.Cca;

/** DCTCP keeps the queue near the marking threshold K, without drops, at full utilisation. */
class DctcpQueueTest {

    @ParameterizedTest(name = "K = {0} packets")
    @ValueSource(ints = {20, 65})
    void queueStaysNearTheMarkingThreshold(int k) {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(100)).buffer(Packets.of(300)).ecnThreshold(k)
                .flow(f -> f.cca(Cca.DCTCP).rtt(Duration.ofMillis(10))).duration(Duration.ofSeconds(10)).build();

        Trace t = Emulator.run(s, 1);
        double tx = Stats.transmissionMillis(t);
        double[] queue = java.util.Arrays.stream(Stats.queueingDelaysMillis(t, 0, 2)).map(q -> q / tx).toArray();

        assertThat(Stats.mean(queue)).as("mean queue, packets").isBetween(0.5 * k, 1.2 * k);
        assertThat(Stats.percentile(queue, 95)).as("P95 queue, packets").isLessThan(1.5 * k);
        assertThat(t.link().ecnMarks()).isPositive();
        assertThat(t.link().drops()).isZero();
        assertThat(t.link().utilisation()).isGreaterThan(0.95);
    }
}
