package org.triscale.samples;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.extension.ExtendWith;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.FlowResult;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.CoDel;
import org.triscale.emulator.queue.DualPi2;
import org.triscale.emulator.queue.Packets;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.samples.scenarios.CaseStudyPath;

/**
 * The behaviours a CCA or AQM change must keep, one short test each, written to catch the defect
 * classes of the mutant catalogue ({@code CcaMutant}, {@code QueueMutant}); {@link MutationScoreTests}
 * checks that each mutant fails at least one of them and that the unchanged tests pass. Each test
 * runs 10 runs and bounds the 75th (or 25th) percentile of a per-run value at 75 % confidence; the
 * thresholds sit between what the algorithm and its mutants produce (docs/mutants.md).
 */
@ExtendWith(MutantSwitch.class)
class CcaBehaviourTest {

    @Target(ElementType.METHOD)
    @Retention(RetentionPolicy.RUNTIME)
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10, independent = true)
    @Metric(name = "delay", unit = "ms")
    @Metric(name = "goodput", unit = "Mbit/s")
    @Metric(name = "retransmissions", unit = "%")
    @interface Behaviour {
    }

    // The long path's envelope: one-way delay 45 ms (empty queue) to 91.8 ms (78 packets queued),
    // 19.3 Mbit/s of payload. Backing off by 30 % empties most of the buffer each cycle (median 72 ms).
    @Behaviour
    @Kpi(metric = "delay", percentile = 75, atMost = 80)
    @Kpi(metric = "goodput", percentile = 25, atLeast = 18.5)
    @Kpi(metric = "retransmissions", percentile = 75, atMost = 3)
    void cubicBacksOffAndFillsThePath(RunContext run) {
        record(run, Emulator.run(CaseStudyPath.with(MutantSwitch.cca(Cca.CUBIC)), run.seed()), 0, 30, 50);
    }

    // A buffer of two BDPs: slow start must end before it overshoots by a whole buffer (HyStart).
    @Behaviour
    @Kpi(metric = "retransmissions", percentile = 75, atMost = 3)
    void cubicLeavesSlowStartBeforeTheBufferOverflows(RunContext run) {
        Scenario deep = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(300))
                .flow(f -> f.cca(MutantSwitch.cca(Cca.CUBIC)).oneWayDelay(Duration.ofMillis(45)))
                .duration(Duration.ofSeconds(10)).ackJitter(Duration.ofMillis(1)).build();
        record(run, Emulator.run(deep, run.seed()), 0, 10, 50);
    }

    // NewReno halves and recovers within the round trip: 17.5-18.4 Mbit/s of goodput here.
    @Behaviour
    @Kpi(metric = "goodput", percentile = 25, atLeast = 16.9)
    void newRenoRecoversFast(RunContext run) {
        record(run, Emulator.run(CaseStudyPath.with(MutantSwitch.cca(Cca.NEWRENO)), run.seed()), 0, 30, 50);
    }

    // BBR keeps about 20 ms of queue on the long path; its P95 one-way delay stays far from 91.8 ms.
    @Behaviour
    @Kpi(metric = "delay", percentile = 75, atMost = 75)
    void bbrDrainsItsQueue(RunContext run) {
        record(run, Emulator.run(CaseStudyPath.with(MutantSwitch.cca(Cca.BBR)), run.seed()), 0, 30, 95);
    }

    // A BDP of 100 packets and marks from 15 queued packets: only alpha's gentle cuts keep the link full.
    @Behaviour
    @Kpi(metric = "goodput", percentile = 25, atLeast = 17)
    void dctcpFillsTheLinkWithAShallowMarkingThreshold(RunContext run) {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(200)).ecnThreshold(15)
                .flow(f -> f.cca(MutantSwitch.cca(Cca.DCTCP)).rtt(Duration.ofMillis(60)))
                .duration(Duration.ofSeconds(15)).build();
        record(run, Emulator.run(s, run.seed()), 3, 15, 50);
    }

    // Prague alone through DualPI2 at 10 ms: 19.3 Mbit/s of goodput with about 6 ms of queue.
    @Behaviour
    @Kpi(metric = "goodput", percentile = 25, atLeast = 18)
    void pragueFillsDualPi2(RunContext run) {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(400))
                .queue(MutantSwitch.queue(DualPi2.NAME, DualPi2.rfc9332()))
                .flow(f -> f.cca(MutantSwitch.cca(Cca.PRAGUE)).rtt(Duration.ofMillis(10)))
                .duration(Duration.ofSeconds(15)).build();
        record(run, Emulator.run(s, run.seed()), 3, 15, 50);
    }

    // Prague and CUBIC through DualPI2 at 10 ms: the coupling and Prague's RTT independence keep
    // Prague at about half of CUBIC's goodput (0.46-0.62); above 0.9 Prague out-competes CUBIC.
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10, independent = true)
    @Metric(name = "ratio")
    @Kpi(metric = "ratio", percentile = 75, atMost = 0.9)
    void pragueDoesNotOutCompeteCubicInDualPi2(RunContext run) {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(400))
                .queue(MutantSwitch.queue(DualPi2.NAME, DualPi2.rfc9332()))
                .flow(f -> f.cca(MutantSwitch.cca(Cca.PRAGUE)).rtt(Duration.ofMillis(10)))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(10)))
                .duration(Duration.ofSeconds(20)).build();
        Trace t = Emulator.run(s, run.seed());
        run.recordRunValue("ratio", t.goodput().meanFlowMbps(0, 5, 20) / t.goodput().meanFlowMbps(1, 5, 20));
    }

    // CoDel marks an ECN CUBIC flow instead of dropping it, and holds the queue near its 5 ms
    // target: P95 one-way delay about 27 ms on a 20 ms path; no retransmissions at all.
    @Behaviour
    @Kpi(metric = "delay", percentile = 75, atMost = 40)
    @Kpi(metric = "retransmissions", percentile = 75, atMost = 0.02)
    void coDelMarksAndKeepsTheQueueShort(RunContext run) {
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(400))
                .queue(MutantSwitch.queue(CoDel.NAME, CoDel.rfc8289()))
                .flow(f -> f.cca(Cca.CUBIC_ECN).rtt(Duration.ofMillis(40)))
                .duration(Duration.ofSeconds(15)).build();
        record(run, Emulator.run(s, run.seed()), 3, 15, 95);
    }

    /** Delay percentile, mean goodput from {@code from} to {@code to} seconds, and retransmissions of flow 0. */
    private static void record(RunContext run, Trace trace, double from, double to, double delayPercentile) {
        double[] d = trace.delays().delaysMillis().clone();
        Arrays.sort(d);
        run.recordRunValue("delay", d[(int) Math.ceil(delayPercentile / 100 * d.length) - 1]);
        run.recordRunValue("goodput", trace.goodput().meanFlowMbps(0, from, to));
        FlowResult flow = trace.flow(0);
        run.recordRunValue("retransmissions", 100.0 * flow.retransmissions() / flow.packetsSent());
    }
}
