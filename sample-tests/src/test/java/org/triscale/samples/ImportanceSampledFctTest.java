package org.triscale.samples;

import java.time.Duration;
import java.util.List;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.FlowResult;
import org.triscale.emulator.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.workload.FlowSizes;
import org.triscale.emulator.workload.TiltedFlowSizes;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;

/**
 * The P99 flow completion time (FCT) of DCTCP flows at 30 % load, each run's P99 estimated from
 * importance-weighted FCTs (see the adaptive-runs documentation, section "Importance sampling").
 *
 * <p>Workload (CCEval's setting, on the emulator): DCTCP flows of the L4S log-normal sizes (P5 =
 * 64 KiB, P95 = 2 MiB) arriving for 55 s with a mean inter-arrival time of 330 ms over a 50 Mbit/s
 * link with a 20 ms RTT and ECN marking above 20 packets; about 170 flows per run. Each flow's
 * weight is its likelihood ratio calibrated to 14 size strata: within a stratum the sizes follow
 * the nominal law, and each stratum gets exactly its nominal probability, whatever number of
 * flows fell in it. The P99 FCT rests on the few largest flows; calibration removes the luck of how
 * many there were. The study ({@code ImportanceSamplingStudyTest}) measured 45 % (replications) to
 * 65 % (bootstrap) fewer runs than plain FCTs for the same precision of the P99. A
 * {@code CrossEntropyTilt} could draw the large flows more often, but at an equal offered load that
 * leaves fewer flows per run and, on this workload, costs more runs than it saves (same study).
 *
 * <p>KPI: the median of the runs' P99 FCT, at 75 % confidence (the 5th smallest of 6 runs), at most
 * 3 s. With the suite's base seed the runs' P99 FCT ranges over 1.3–2.9 s (a run's P99 rests on
 * its two or three slowest flows) and the KPI is 2.49 s. The progress lines and the JSON result
 * state each run's effective sample size (130–180 of about 170 flows).
 */
class ImportanceSampledFctTest {
    static final double[] STRATA = {0.5, 0.8, 0.9, 0.93, 0.95, 0.96, 0.97, 0.98, 0.985, 0.99, 0.9925, 0.995, 0.9975,
        0.999};
    /** The nominal sizes, drawn stratum by stratum (all weights 1 before calibration). */
    static final TiltedFlowSizes SIZES = TiltedFlowSizes.untilted(FlowSizes.l4sWorkload(), STRATA);

    @Runs(kpiPercentile = 50, kpiConfidence = 75, count = 6)
    @Metric(name = "fct", samplePercentile = 99, unit = "ms")
    @Kpi(metric = "fct", atMost = 3000)
    void dctcpP99Fct(RunContext run) {
        Scenario scenario = Scenario.dumbbell().bottleneck(Rate.mbps(50)).buffer(Packets.of(167)).ecnThreshold(20)
                .fctWorkload(w -> w.cca(Cca.DCTCP).rtt(Duration.ofMillis(20)).meanInterArrival(Duration.ofMillis(330))
                        .sizes(SIZES).stop(Duration.ofSeconds(55)))
                .duration(Duration.ofSeconds(60)).ackJitter(Duration.ofMillis(1)).delaySampleEvery(100).build();
        List<FlowResult> flows = Emulator.run(scenario, run.seed()).workloadFlows().stream()
                .filter(FlowResult::completed).toList();
        long[] sizes = flows.stream().mapToLong(FlowResult::sizeBytes).toArray();
        double[] likelihoodRatios = flows.stream().mapToDouble(f -> SIZES.likelihoodRatio(f.sizeBytes())).toArray();
        run.recordWeightedSamples("fct", flows.stream().mapToDouble(FlowResult::fctMillis).toArray(),
                SIZES.calibrate(sizes, likelihoodRatios, 5));
    }
}
