package org.triscale.samples;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.FlowResult;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.workload.FctWorkload;
import org.triscale.emulator.workload.FlowSizes;
import org.triscale.emulator.workload.SojournCalibration;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;

/**
 * The P99 flow completion time (FCT) of DCTCP flows at 30 % load, each run's P99 estimated from
 * calibrated FCT weights (see the adaptive-runs documentation, section "Importance sampling").
 *
 * <p>Workload (CCEval's setting, on the emulator): DCTCP flows of the L4S log-normal sizes (P5 =
 * 64 KiB, P95 = 2 MiB) arriving for 55 s with a mean inter-arrival time of 330 ms over a 50 Mbit/s
 * link with a 20 ms RTT and ECN marking above 20 packets; about 170 flows per run. The runs are
 * nominal. Each flow's weight is calibrated to 14 strata of its processor-sharing sojourn time: the
 * time it would take if the link served every flow present equally, a function of the run's
 * arrivals and sizes alone. The strata's nominal probabilities come from 2,000 simulated nominal
 * workloads (the first phase, well under a second), and each stratum of the run's flows gets
 * exactly its probability, whatever number of flows fell in it. The P99 FCT rests on the few large
 * flows that meet a busy link; calibration removes the luck of how many there were. The study
 * ({@code ImportanceSamplingStudyTest}) measured about 70 % fewer runs than plain FCTs for the same
 * precision of the P99 of 10 runs pooled (size strata alone: 45 %). A {@code CrossEntropyTilt}
 * could draw the large flows more often, but at an equal offered load that leaves fewer flows per
 * run and, on this workload, costs more runs than it saves (same study).
 *
 * <p>KPI: the median of the runs' P99 FCT, at 75 % confidence (the 5th smallest of 6 runs), at most
 * 3 s. With the suite's base seed the runs' P99 FCT ranges over 1.4–2.7 s (a run's P99 rests on
 * its two or three slowest flows) and the KPI is 2.57 s. The progress lines and the JSON result
 * state each run's effective sample size (145–165 of about 170 flows).
 */
class ImportanceSampledFctTest {
    static final double[] STRATA = {0.5, 0.8, 0.9, 0.93, 0.95, 0.96, 0.97, 0.98, 0.985, 0.99, 0.9925, 0.995, 0.9975,
        0.999};
    static final Duration DURATION = Duration.ofSeconds(60);
    static final FctWorkload WORKLOAD = FctWorkload.builder().cca(Cca.DCTCP).rtt(Duration.ofMillis(20))
            .meanInterArrival(Duration.ofMillis(330)).sizes(FlowSizes.l4sWorkload()).stop(Duration.ofSeconds(55)).build();
    /** 50 Mbit/s on the wire carry 1448 payload bytes per 1500-byte packet. */
    static final Rate PAYLOAD_RATE = Rate.mbps(50 * 1448 / 1500.0);
    static final SojournCalibration CALIBRATION = SojournCalibration.simulate(WORKLOAD, DURATION, PAYLOAD_RATE, STRATA,
            2_000, 1);

    @Runs(kpiPercentile = 50, kpiConfidence = 75, count = 6, independent = true)
    @Metric(name = "fct", samplePercentile = 99, unit = "ms")
    @Kpi(metric = "fct", atMost = 3000)
    void dctcpP99Fct(RunContext run) {
        Scenario scenario = Scenario.dumbbell().bottleneck(Rate.mbps(50)).buffer(Packets.of(167)).ecnThreshold(20)
                .fctWorkload(WORKLOAD).duration(DURATION).ackJitter(Duration.ofMillis(1)).delaySampleEvery(100).build();
        List<FlowResult> flows = Emulator.run(scenario, run.seed()).workloadFlows();
        // Sojourn times over all the run's flows: the ones still running at the end shared the link too.
        double[] sojourns = SojournCalibration.sojournTimes(flows.stream().mapToDouble(FlowResult::startSeconds)
                .toArray(), flows.stream().mapToLong(FlowResult::sizeBytes).toArray(), PAYLOAD_RATE);
        int[] completed = IntStream.range(0, flows.size()).filter(i -> flows.get(i).completed()).toArray();
        double[] weights = CALIBRATION.calibrate(Arrays.stream(completed).mapToDouble(i -> sojourns[i]).toArray(), 5);
        run.recordWeightedSamples("fct", Arrays.stream(completed).mapToDouble(i -> flows.get(i).fctMillis()).toArray(),
                weights);
    }
}
