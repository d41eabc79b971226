package org.triscale.emulator;

import org.triscale.emulator.base.Rate;
import org.triscale.emulator.base.Wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.time.Duration;
import java.util.List;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.workload.FlowSizes;

/** Empirical flow sizes, on-off arrivals, incast and the FCT slowdown. */
class WorkloadTest {

    @Test
    void shippedCdfsHaveTheirPublishedShape() {
        FlowSizes.Empirical web = FlowSizes.webSearch();
        FlowSizes.Empirical mining = FlowSizes.dataMining();

        // The published tables (pFabric, Alizadeh et al. 2013) in packets of 1,460 bytes.
        assertThat(web.bytes()).containsExactly(packets(6, 6, 13, 19, 33, 53, 133, 667, 1333, 3333, 6667, 20000));
        assertThat(web.probability())
                .containsExactly(0, 0.15, 0.2, 0.3, 0.4, 0.53, 0.6, 0.7, 0.8, 0.9, 0.97, 1);
        assertThat(mining.bytes()).containsExactly(packets(1, 1, 2, 3, 7, 267, 2107, 66667, 666667));
        assertThat(mining.probability()).containsExactly(0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1);
        // Means of the linearly interpolated tables against the means the pFabric simulations
        // state (1138 and 5117 packets): by hand, 1141.0 and 5116.1 packets.
        assertThat(web.meanBytes() / 1460).isCloseTo(1138, withinPercentage(0.3));
        assertThat(mining.meanBytes() / 1460).isCloseTo(5117, withinPercentage(0.05));
        FlowSizes.Sampler s = web.sampler(RandomSource.XO_RO_SHI_RO_128_PP.create(1L));
        int n = 200_000;
        int small = 0;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            long b = s.next();
            small += b <= 194_180 ? 1 : 0;
            sum += b;
        }
        assertThat(small / (double) n).isCloseTo(0.6, within(0.005));
        // Heavy tail: the sample mean's relative standard error is about 0.5 %.
        assertThat(sum / n / web.meanBytes()).isCloseTo(1, within(0.03));
    }

    @Test
    void empiricalCdfsAreValidated() {
        assertThatThrownBy(() -> FlowSizes.Empirical.parse("x", List.of("100 0", "50 1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("point 1");
        assertThatThrownBy(() -> FlowSizes.Empirical.parse("x", List.of("100 0", "oops")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 2");
        assertThatThrownBy(() -> FlowSizes.Empirical.parse("x", List.of("100 0.1", "200 1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("start at probability 0");
    }

    @Test
    void onOffArrivalsComeOnlyDuringOnPeriodsAtTheDutyCycleRate() {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(100)).buffer(Packets.of(500))
                .fctWorkload(w -> w.sizes(FlowSizes.fixed(1000)).meanInterArrival(Duration.ofMillis(10))
                        .onOff(Duration.ofMillis(300), Duration.ofMillis(700)))
                .duration(Duration.ofSeconds(100)).build();
        Trace t = Emulator.run(s, 1);

        // 100 s × 30 % on × 100 arrivals/s = 3,000; on-off counts vary more than Poisson ones.
        assertThat(t.workloadFlows().size()).isBetween(2500, 3500);
        assertThat(s.traffic().workloads().get(0).offeredLoad().bitsPerSecond()).isCloseTo(1000 * 8 * 100 * 0.3, within(1e-6));
    }

    @Test
    void incastStartsAllSendersTogetherAndTheirQueueOverflows() {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(1000)).buffer(Packets.of(100))
                .minRto(Duration.ofMillis(5))
                .fctWorkload(w -> w.cca(Cca.NEWRENO).rtt(Duration.ofMillis(1)).sizes(FlowSizes.fixed(64_000))
                        .fanIn(40).meanInterArrival(Duration.ofMillis(50)))
                .duration(Duration.ofSeconds(1)).build();
        Trace t = Emulator.run(s, 2);

        List<FlowResult> flows = t.workloadFlows();
        assertThat(flows.size() % 40).isZero();
        assertThat(flows.get(0).startSeconds()).isEqualTo(flows.get(39).startSeconds());
        // 40 initial windows of 10 segments into a 100-packet buffer: the classic incast overflow.
        assertThat(t.link().bufferDrops()).isPositive();
    }

    @Test
    void slowdownIsOneForALoneFlowThatFitsTheInitialWindowOnAFastLink() {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(100)).buffer(Packets.of(500))
                .fctWorkload(w -> w.sizes(FlowSizes.fixed(5 * Wire.MSS)).meanInterArrival(Duration.ofSeconds(1)))
                .duration(Duration.ofSeconds(20)).build();
        Trace t = Emulator.run(s, 1);

        // A flow alone that fits its initial window takes exactly its ideal time.
        assertThat(t.fctSlowdowns()).isNotEmpty();
        for (double x : t.fctSlowdowns()) {
            assertThat(x).isCloseTo(1, within(0.001));
        }
        Trace bulk = Emulator.run(Scenario.dumbbell().bottleneck(Rate.mbps(10)).buffer(Packets.of(10))
                .flow(f -> f.rtt(Duration.ofMillis(10))).duration(Duration.ofSeconds(1)).build(), 1);
        assertThatThrownBy(() -> bulk.idealFctMillis(bulk.flow(0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unlimited");
    }

    private static long[] packets(long... counts) {
        return java.util.Arrays.stream(counts).map(c -> c * 1460).toArray();
    }
}
