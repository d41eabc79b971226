package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.Packets;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.Cca;

/** The seed fixes a run: equal seeds give equal traces; other seeds give other workloads. */
class DeterminismTest {

    private static Scenario everythingRandom() {
        return Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(60)).randomLoss(0.001)
                .ackJitter(Duration.ofMillis(1))
                .flow(f -> f.cca(Cca.BBR).rtt(Duration.ofMillis(30)))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(50)).start(Duration.ofSeconds(1)))
                .fctWorkload(w -> w.cca(Cca.NEWRENO).rtt(Duration.ofMillis(20)).meanInterArrival(Duration.ofMillis(300)))
                .duration(Duration.ofSeconds(8)).build();
    }

    @Test
    void sameSeedGivesAnEqualTrace() {
        Scenario s = everythingRandom();

        Trace a = Emulator.run(s, 42);
        Trace b = Emulator.run(s, 42);

        assertThat(b).isEqualTo(a);
        assertThat(b.delays().delaysMillis()).containsExactly(a.delays().delaysMillis());
        assertThat(b.throughput().totalMbps()).containsExactly(a.throughput().totalMbps());
        assertThat(b.eventsProcessed()).isEqualTo(a.eventsProcessed());
    }

    @Test
    void runsOnSeveralThreadsAtOnceGiveTheSameTraces() throws Exception {
        Scenario s = everythingRandom();
        Trace expected = Emulator.run(s, 7);
        List<Thread> threads = new java.util.ArrayList<>();
        List<Trace> results = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        for (int i = 0; i < 3; i++) {
            Thread t = new Thread(() -> results.add(Emulator.run(s, 7)));
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(results).hasSize(3).allSatisfy(r -> assertThat(r).isEqualTo(expected));
    }

    @Test
    void otherSeedsGiveOtherFctWorkloads() {
        Scenario s = everythingRandom();

        Trace a = Emulator.run(s, 1);
        Trace b = Emulator.run(s, 2);

        List<Long> sizesA = a.workloadFlows().stream().map(FlowResult::sizeBytes).toList();
        List<Long> sizesB = b.workloadFlows().stream().map(FlowResult::sizeBytes).toList();
        List<Double> startsA = a.workloadFlows().stream().map(FlowResult::startSeconds).toList();
        List<Double> startsB = b.workloadFlows().stream().map(FlowResult::startSeconds).toList();
        assertThat(sizesA).isNotEqualTo(sizesB);
        assertThat(startsA).isNotEqualTo(startsB);
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void randomLossDoesNotChangeTheWorkload() {
        Scenario lossless = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(60))
                .fctWorkload(w -> w.cca(Cca.CUBIC)).duration(Duration.ofSeconds(5)).build();
        Scenario lossy = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(60)).randomLoss(0.01)
                .fctWorkload(w -> w.cca(Cca.CUBIC)).duration(Duration.ofSeconds(5)).build();

        Trace a = Emulator.run(lossless, 3);
        Trace b = Emulator.run(lossy, 3);

        assertThat(b.workloadFlows()).extracting(FlowResult::sizeBytes)
                .containsExactlyElementsOf(a.workloadFlows().stream().map(FlowResult::sizeBytes).toList());
        assertThat(b.link().randomDrops()).isPositive();
    }

    @Test
    void deterministicAcrossSeedsWithoutRandomElementsTheSeedDoesNotMatter() {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(60))
                .flow(f -> f.cca(Cca.CUBIC)).duration(Duration.ofSeconds(3)).deterministicAcrossSeeds().build();

        assertThat(Emulator.run(s, 1).flows()).isEqualTo(Emulator.run(s, 2).flows());
        assertThat(Emulator.run(s, 1).delays().delaysMillis()).isEqualTo(Emulator.run(s, 2).delays().delaysMillis());
    }

    @Test
    void byDefaultEverySeedGivesAnotherRunAndTheSameSeedTheSameRun() {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(60))
                .flow(f -> f.cca(Cca.CUBIC)).duration(Duration.ofSeconds(3)).build();

        assertThat(Emulator.run(s, 1).flows()).isNotEqualTo(Emulator.run(s, 2).flows());
        assertThat(Emulator.run(s, 1).delays().delaysMillis()).isNotEqualTo(Emulator.run(s, 2).delays().delaysMillis());
        assertThat(Emulator.run(s, 7).flows()).isEqualTo(Emulator.run(s, 7).flows());
        assertThat(Emulator.run(s, 7).delays().delaysMillis()).isEqualTo(Emulator.run(s, 7).delays().delaysMillis());
    }
}
