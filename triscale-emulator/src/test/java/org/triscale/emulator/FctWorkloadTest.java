package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.workload.FlowSizes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.Cca;

class FctWorkloadTest {
    private static final Rate RATE = Rate.mbps(50);
    private static final Duration RTT = Duration.ofMillis(20);

    @Test
    void arrivalsFormAPoissonProcessWithTheRequestedRate() {
        Scenario s = Scenario.dumbbell().bottleneck(RATE).buffer(Packets.of(200))
                .fctWorkload(w -> w.rtt(RTT).sizes(FlowSizes.fixed(10_000)).meanInterArrival(Duration.ofMillis(50)))
                .duration(Duration.ofSeconds(60)).build();

        List<FlowResult> flows = Emulator.run(s, 11).workloadFlows();

        // 1,200 expected arrivals; a Poisson count has a standard deviation of about 35.
        assertThat(flows.size()).isBetween(1200 - 4 * 35, 1200 + 4 * 35);
        double[] gaps = new double[flows.size() - 1];
        for (int i = 1; i < flows.size(); i++) {
            gaps[i - 1] = flows.get(i).startSeconds() - flows.get(i - 1).startSeconds();
        }
        // Exponential gaps: mean 50 ms, median 50 ln 2 ms.
        assertThat(Stats.mean(gaps)).isCloseTo(0.050, within(0.006));
        assertThat(Stats.percentile(gaps, 50)).isCloseTo(0.050 * Math.log(2), within(0.006));
    }

    @Test
    void workloadFlowsComeAfterIndividualFlowsAndRespectStartAndStop() {
        Scenario s = Scenario.dumbbell().bottleneck(RATE).buffer(Packets.of(200))
                .flow(f -> f.cca(Cca.CUBIC).rtt(RTT))
                .fctWorkload(w -> w.rtt(RTT).start(Duration.ofSeconds(2)).stop(Duration.ofSeconds(6)))
                .duration(Duration.ofSeconds(10)).build();

        Trace t = Emulator.run(s, 5);

        assertThat(t.flow(0).kind()).isEqualTo(FlowResult.Kind.INDIVIDUAL);
        assertThat(t.flow(0).label()).isEqualTo("flow-0");
        List<FlowResult> w = t.workloadFlows();
        assertThat(w).isNotEmpty().allSatisfy(f -> {
            assertThat(f.kind()).isEqualTo(FlowResult.Kind.WORKLOAD);
            assertThat(f.startSeconds()).isBetween(2.0, 6.0);
            assertThat(f.cca()).isEqualTo("CUBIC");
            assertThat(f.baseRttMillis()).isEqualTo(20.0);
        });
        assertThat(w.get(0).id()).isEqualTo(1);
        assertThat(w.get(0).label()).isEqualTo("fct-0-0");
    }

    @Test
    void aOneSegmentFlowOnAnIdlePathCompletesInOneRoundTrip() {
        Scenario s = Scenario.dumbbell().bottleneck(RATE).buffer(Packets.of(200))
                .flow(f -> f.rtt(RTT).size(1000)).duration(Duration.ofSeconds(1))
                .deterministicAcrossSeeds() // an exact completion time, without host noise
                .build();

        FlowResult f = Emulator.run(s, 1).flow(0);

        // RTT plus the transmission of 1,000 + 52 bytes at 50 Mbit/s.
        assertThat(f.completed()).isTrue();
        assertThat(f.fctMillis()).isCloseTo(20 + 1052 * 8 / 50e6 * 1e3, within(1e-6));
        assertThat(f.deliveredBytes()).isEqualTo(1000);
    }

    @Test
    void slowStartNeedsThreeRoundTripsFor70Segments() {
        // Initial window 10, then 20 and 40: 70 segments take three round trips, plus the time the
        // bottleneck needs to serialise the last burst (ACK-clocked pairs arrive twice as fast as it drains).
        Scenario s = Scenario.dumbbell().bottleneck(RATE).buffer(Packets.of(200))
                .flow(f -> f.rtt(RTT).size(70 * 1448)).duration(Duration.ofSeconds(1)).build();

        FlowResult f = Emulator.run(s, 1).flow(0);

        assertThat(f.fctMillis()).isBetween(3 * 20.0, 4 * 20.0);
        assertThat(f.packetsSent()).isEqualTo(70);
    }

    @Test
    void halfLoadWorkloadCompletesAndACompetingBulkFlowHarmsIt() {
        Scenario alone = Scenario.dumbbell().bottleneck(RATE).buffer(Packets.of(200))
                .fctWorkload(w -> w.cca(Cca.CUBIC).rtt(RTT).stop(Duration.ofSeconds(20)))
                .duration(Duration.ofSeconds(25)).build();
        Scenario competing = Scenario.dumbbell().bottleneck(RATE).buffer(Packets.of(200))
                .flow(f -> f.cca(Cca.CUBIC).rtt(RTT))
                .fctWorkload(w -> w.cca(Cca.CUBIC).rtt(RTT).stop(Duration.ofSeconds(20)))
                .duration(Duration.ofSeconds(25)).build();

        Trace a = Emulator.run(alone, 3);
        Trace c = Emulator.run(competing, 3);

        assertThat(a.completionRatio()).isGreaterThanOrEqualTo(0.98);
        assertThat(a.link().utilisation()).as("offered load about half of the link").isBetween(0.4, 0.65);
        assertThat(c.workloadFlows()).extracting(FlowResult::sizeBytes)
                .containsExactlyElementsOf(a.workloadFlows().stream().map(FlowResult::sizeBytes).toList());
        double medianAlone = Stats.percentile(a.fctMillis(), 50);
        double medianWith = Stats.percentile(c.fctMillis(), 50);
        // Harm (Ware et al., HotNets 2019) of a less-is-better metric: (with − alone) / with.
        double harm = (medianWith - medianAlone) / medianWith;
        assertThat(harm).isBetween(0.2, 0.9);
    }
}
