package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.Packets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.Cca;

/** The outputs of a run are consistent with each other and immutable. */
class TraceTest {

    private static Scenario.Builder twoFlows() {
        return Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(50))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(20)))
                .flow(f -> f.cca(Cca.BBR).rtt(Duration.ofMillis(40)).start(Duration.ofMillis(1800)))
                .duration(Duration.ofSeconds(5));
    }

    @Test
    void throughputBinsAddUpPerFlowAndMatchTheUtilisation() {
        Trace t = Emulator.run(twoFlows().throughputBin(Duration.ofMillis(300)).build(), 1);
        Throughput th = t.throughput();

        assertThat(th.bins()).isEqualTo(17);
        assertThat(th.binSeconds()).isEqualTo(0.3);
        double[] total = th.totalMbps();
        double[] a = th.flowMbps(0);
        double[] b = th.flowMbps(1);
        for (int i = 0; i < total.length; i++) {
            assertThat(a[i] + b[i]).isCloseTo(total[i], within(1e-9));
        }
        // The second flow starts at 1.8 s: nothing in the six bins before.
        assertThat(java.util.Arrays.copyOf(b, 6)).containsOnly(0.0);
        assertThat(th.flowFirstBins()).containsExactly(0, 6);
        // Every bin is busy except during start-up; the mean is the link utilisation.
        assertThat(th.meanTotalMbps(0, 5) / 20).isCloseTo(t.link().utilisation(), within(0.01));
        assertThat(th.binStartsSeconds()[2]).isCloseTo(0.6, within(1e-12));
    }

    @Test
    void shortLastBinIsDividedByItsOwnWidth() {
        // 5 s in 2-s bins: the last bin is 1 s long; a busy link still reads about 20 Mbit/s.
        Trace t = Emulator.run(twoFlows().throughputBin(Duration.ofSeconds(2)).build(), 1);
        double[] total = t.throughput().totalMbps();
        assertThat(total).hasSize(3);
        assertThat(total[2]).isCloseTo(20, within(0.5));
    }

    @Test
    void delaySamplesAreDecimatedAndAtLeastThePropagationDelay() {
        Trace all = Emulator.run(twoFlows().build(), 1);
        Trace tenth = Emulator.run(twoFlows().delaySampleEvery(10).build(), 1);

        assertThat(tenth.delays().size()).isEqualTo(all.delays().size() / 10);
        assertThat(tenth.delays().sampleEvery()).isEqualTo(10);
        double[] d = all.delays().delaysMillis();
        for (int i = 9, k = 0; k < tenth.delays().size(); i += 10, k++) {
            assertThat(tenth.delays().delaysMillis()[k]).isEqualTo(d[i]);
        }
        double tx = 1500 * 8 / 20e6 * 1e3;
        assertThat(min(all.delays().delaysMillis(0))).isGreaterThanOrEqualTo(10 + tx - 1e-9);
        assertThat(min(all.delays().delaysMillis(1))).isGreaterThanOrEqualTo(20 + tx - 1e-9);
        assertThat(min(all.delays().timesSeconds(1))).isGreaterThan(1.8);
    }

    private static double min(double[] values) {
        return java.util.Arrays.stream(values).min().orElseThrow();
    }

    @Test
    void arraysAreCopies() {
        Trace t = Emulator.run(twoFlows().build(), 1);
        t.delays().delaysMillis()[0] = -1;
        t.throughput().totalMbps()[0] = -1;
        t.throughput().flowMbps(0)[0] = -1;
        assertThat(t.delays().delaysMillis()[0]).isPositive();
        assertThat(t.throughput().totalMbps()[0]).isNotNegative();
        assertThat(t.throughput().flowMbps(0)[0]).isNotNegative();
    }

    @Test
    void flowResultsDescribeUnlimitedAndFiniteFlows() {
        Trace t = Emulator.run(Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(50))
                .flow(f -> f.rtt(Duration.ofMillis(20)).label("bulk"))
                .flow(f -> f.rtt(Duration.ofMillis(20)).size(1_000_000).start(Duration.ofSeconds(1)))
                .flow(f -> f.rtt(Duration.ofMillis(20)).size(300_000_000).start(Duration.ofSeconds(1)))
                .duration(Duration.ofSeconds(5)).build(), 1);

        FlowResult bulk = t.flow(0);
        assertThat(bulk.label()).isEqualTo("bulk");
        assertThat(bulk.unlimited()).isTrue();
        assertThat(bulk.completed()).isFalse();
        assertThat(bulk.fctMillis()).isNaN();
        assertThat(bulk.minRttMillis()).isCloseTo(20.6, within(0.1));
        FlowResult done = t.flow(1);
        assertThat(done.completed()).isTrue();
        assertThat(done.deliveredBytes()).isEqualTo(1_000_000);
        assertThat(done.goodputMbps()).isCloseTo(1_000_000 * 8 / (done.fctMillis() / 1e3) / 1e6, within(1e-9));
        FlowResult unfinished = t.flow(2);
        assertThat(unfinished.completed()).isFalse();
        assertThat(unfinished.deliveredBytes()).isBetween(1L, 300_000_000L - 1);
        assertThat(t.completionRatio()).isNaN();
        assertThat(t.fctMillis()).isEmpty();
        assertThat(t.link().packetsForwarded()).isPositive();
    }

    @Test
    void badQueriesAreReported() {
        Trace t = Emulator.run(twoFlows().build(), 1);
        assertThatThrownBy(() -> t.flow(2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 2)");
        assertThatThrownBy(() -> t.throughput().flowMbps(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> t.throughput().meanTotalMbps(3, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fromSeconds < toSeconds");
    }
}
