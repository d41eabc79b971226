package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.CoDel;
import org.triscale.emulator.queue.DropTail;
import org.triscale.emulator.queue.DualPi2;
import org.triscale.emulator.queue.FqCoDel;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.queue.Pie;
import org.triscale.emulator.queue.QueueDiscipline;

/** TCP flows through the queue disciplines: what each AQM promises at the level of a path. */
class AqmScenarioTest {
    private static final Rate RATE = Rate.mbps(50);
    private static final Duration RTT = Duration.ofMillis(40);

    private static Scenario.Builder path(QueueDiscipline.Factory queue, Cca first, Cca second) {
        Scenario.Builder b = Scenario.dumbbell().bottleneck(RATE).buffer(Packets.of(1000))
                .duration(Duration.ofSeconds(20)).flow(f -> f.cca(first).rtt(RTT));
        if (second != null) {
            b.flow(f -> f.cca(second).rtt(RTT));
        }
        return queue == null ? b : b.queue(queue);
    }

    @Test
    void theDropTailDisciplineBehavesAsTheFastPath() {
        Trace fast = Emulator.run(path(null, Cca.CUBIC, Cca.CUBIC).build(), 5);
        Trace served = Emulator.run(path(DropTail.factory(), Cca.CUBIC, Cca.CUBIC).build(), 5);

        for (int f = 0; f < 2; f++) {
            assertThat(served.flow(f).goodputMbps()).isCloseTo(fast.flow(f).goodputMbps(), within(0.5));
        }
        assertThat((double) served.link().bufferDrops()).isCloseTo(fast.link().bufferDrops(), within(10.0));
        assertThat(served.link().meanQueueingDelayMillis())
                .isCloseTo(fast.link().meanQueueingDelayMillis(), within(2.0));
    }

    @Test
    void fqCoDelWithOneFlowIsASingleCoDelQueue() {
        Trace codel = Emulator.run(path(CoDel.rfc8289(), Cca.PRAGUE, Cca.CUBIC).build(), 9);
        Trace fq1 = Emulator.run(path(FqCoDel.withFlows(1), Cca.PRAGUE, Cca.CUBIC).build(), 9);

        assertThat(fq1.flows()).isEqualTo(codel.flows());
        assertThat(fq1.link()).isEqualTo(codel.link());
    }

    @Test
    void coDelAndPieHoldTheStandingQueueNearTheirTargets() {
        Trace codel = Emulator.run(path(CoDel.rfc8289(), Cca.CUBIC, null).build(), 2);
        Trace pie = Emulator.run(path(Pie.rfc8033(), Cca.CUBIC, null).build(), 2);

        // RFC 8289: the sojourn time does not stay above the 5 ms target for more than about an
        // interval, so every 200 ms window holds a packet that waited less than the target.
        double[] times = codel.delays().timesSeconds(0);
        double[] queueing = Stats.queueingDelaysMillis(codel, 0, 0);
        // Integer steps: a summed 0.2 reached 19.9999…, a window past the run's end.
        for (int step = 25; step < 100; step++) {
            double from = step * 0.2;
            double min = Double.POSITIVE_INFINITY;
            for (int i = 0; i < times.length; i++) {
                if (times[i] >= from && times[i] < from + 0.2) {
                    min = Math.min(min, queueing[i]);
                }
            }
            assertThat(min).as("smallest queueing delay in [%.1f, %.1f) s", from, from + 0.2).isLessThan(5.5);
        }
        // RFC 8033: the mean queueing delay is held near the 15 ms target.
        assertThat(Stats.mean(Stats.queueingDelaysMillis(pie, 0, 5))).isCloseTo(15, within(5.0));
        assertThat(codel.link().utilisation()).isGreaterThan(0.9);
        assertThat(pie.link().utilisation()).isGreaterThan(0.9);
    }

    @Test
    void anEcnCubicFlowIsMarkedNotDropped() {
        Trace t = Emulator.run(path(CoDel.rfc8289(), Cca.CUBIC_ECN, null).duration(Duration.ofSeconds(10)).build(), 4);

        assertThat(t.link().drops()).isZero();
        assertThat(t.link().ecnMarks()).isPositive();
        assertThat(t.flow(0).retransmissions()).isZero();
        assertThat(t.link().utilisation()).isGreaterThan(0.9);
    }

    @Test
    void dualPi2SharesBetweenPragueAndCubicAndKeepsPragueQueueShort() {
        Trace t = Emulator.run(path(DualPi2.rfc9332(), Cca.PRAGUE, Cca.CUBIC).build(), 3);

        assertThat(Stats.jain(t.flow(0).goodputMbps(), t.flow(1).goodputMbps())).isGreaterThan(0.9);
        double prague = Stats.percentile(Stats.queueingDelaysMillis(t, 0, 5), 95);
        double cubic = Stats.percentile(Stats.queueingDelaysMillis(t, 1, 5), 95);
        assertThat(prague).as("Prague's P95 queueing delay, ms").isLessThan(cubic / 2);
    }

    @Test
    void pragueGrabsASharedRfc3168QueueFromCubic() {
        Trace t = Emulator.run(path(FqCoDel.withFlows(1), Cca.PRAGUE, Cca.CUBIC).build(), 3);

        // The known L4S issue: a classic ECN AQM marks Prague as if it were CUBIC, Prague cuts less.
        assertThat(t.flow(0).goodputMbps()).isGreaterThan(2 * t.flow(1).goodputMbps());
    }

    /**
     * RFC 9331 §4.3 asks an L4S sender to detect a classic ECN AQM and fall back to a
     * Reno-friendly response. With the reference implementation's detector (Briscoe and Ahmed
     * 2019) Prague no longer grabs the shared RFC 3168 queue, and through DualPI2, an L4S AQM, it
     * still shares as plain Prague does.
     */
    @Test
    void pragueWithTheFallbackSharesAClassicEcnQueueWithCubic() {
        Trace shared = Emulator.run(path(FqCoDel.withFlows(1), Cca.PRAGUE_FALLBACK, Cca.CUBIC).build(), 3);
        Trace dual = Emulator.run(path(DualPi2.rfc9332(), Cca.PRAGUE_FALLBACK, Cca.CUBIC).build(), 3);

        double ratio = shared.flow(0).goodputMbps() / shared.flow(1).goodputMbps();
        assertThat(ratio).as("Prague-fallback over CUBIC in a shared RFC 3168 queue").isBetween(0.5, 2.0);
        assertThat(Stats.jain(dual.flow(0).goodputMbps(), dual.flow(1).goodputMbps())).isGreaterThan(0.9);
    }

    @Test
    void pragueAndDctcpShareAStepMarkingQueueAboveTheRttTarget() {
        Trace t = Emulator.run(path(DropTail.withMarkThreshold(20), Cca.PRAGUE, Cca.DCTCP).build(), 6);

        assertThat(Stats.jain(t.flow(0).goodputMbps(), t.flow(1).goodputMbps())).isGreaterThan(0.95);
        assertThat(t.link().drops()).isZero();
    }
}
