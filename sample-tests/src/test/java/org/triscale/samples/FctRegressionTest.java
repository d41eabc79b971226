package org.triscale.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.extension.ExtendWith;
import org.triscale.engine.network.FctSummary;
import org.triscale.engine.network.Harm;
import org.triscale.junit.Baseline;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.junit.Series;
import org.triscale.junit.VariabilityScore;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.workload.FlowSizes;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;

/**
 * Flow completion times (FCT) of CUBIC flows under the workload of the L4S/Prague discussion
 * (tsvwg 2021), alone and beside a long competing CUBIC flow.
 *
 * <p>Workload: Poisson arrivals with a mean inter-arrival time of 200 ms and lognormal sizes with
 * P5 = 64 KiB and P95 = 2 MiB (mean about 630 KiB, about 25.8 Mbit/s offered: half of the
 * 50 Mbit/s link). The original ran 3 minutes (900 flows) after a 20 s slow-start delay for the
 * competitor; a run here lets the competitor start 5 s ahead, lets flows arrive for 50 s (about
 * 250 flows) and gives the last ones 5 s to finish. Path: 20 ms RTT (one of the study's RTTs) and a
 * shared DropTail FIFO of two bandwidth-delay products (167 packets, 40 ms of queue).
 *
 * <p>One run's P95 FCT, from about 250 flows, varies a lot between runs (0.6–3.0 s over 800 seeds,
 * median 1.18 s): the tail flows are the few 2 MiB flows that meet a burst of arrivals. That is
 * why the test takes 10 runs per series and bounds a percentile of them instead of trusting one
 * run, and why the runs last 60 s: with 30 s runs (about 100 flows) the runs' P95 FCT ranged over
 * 0.5–4.8 s.
 *
 * <p>Thresholds: from 800 runs of each case, resampled into 20,000 tests of 5 series × 10 runs,
 * the worst series KPI and the score never crossed the thresholds below (largest seen: P95 FCT
 * alone 3.04 s, beside the competitor 4.63 s, harm 0.59; scores 1.85 s and 0.25).
 */
class FctRegressionTest {
    static final Rate LINK = Rate.mbps(50);
    static final Duration RTT = Duration.ofMillis(20);
    /** Two BDPs: 50 Mbit/s × 20 ms = 84 packets of 1,500 bytes. */
    static final Packets BUFFER = Packets.of(167);
    static final Duration COMPETITOR_HEAD_START = Duration.ofSeconds(5);
    static final Duration LAST_ARRIVAL = Duration.ofSeconds(55);
    static final Duration RUN_LENGTH = Duration.ofSeconds(60);
    /**
     * How long flows arrive in a run of {@link #cubicFlowsAlone}: 150 s, about 750 flows, three
     * times the other test's, so that the paired gate catches a 5 % regression of its P95 FCT on
     * most base seeds (docs/regression-gate.md).
     */
    static final Duration ALONE_ARRIVALS = Duration.ofSeconds(150);

    /**
     * The workload, with or without a long CUBIC flow on the same path. The same seed gives the same
     * arrivals and sizes with and without it (the emulator draws them from their own stream), so a
     * run can compare the two cases flow for flow.
     */
    static Scenario workload(boolean competingFlow) {
        return workload(competingFlow, Cca.CUBIC);
    }

    /** The workload of the given CUBIC's flows, beside a long CUBIC flow or not. */
    static Scenario workload(boolean competingFlow, Cca cubic) {
        return workload(competingFlow, cubic, LAST_ARRIVAL.minus(COMPETITOR_HEAD_START));
    }

    /**
     * The workload with flows arriving for the given time (50 s, about 250 flows, or
     * {@link #ALONE_ARRIVALS}), the last ones having 5 s to finish.
     */
    static Scenario workload(boolean competingFlow, Cca cubic, Duration arrivals) {
        Duration lastArrival = COMPETITOR_HEAD_START.plus(arrivals);
        Scenario.Builder path = Scenario.dumbbell().bottleneck(LINK).buffer(BUFFER);
        if (competingFlow) {
            path.flow(f -> f.cca(Cca.CUBIC).rtt(RTT).label("competitor"));
        }
        return path
                .fctWorkload(w -> w.cca(cubic).rtt(RTT)
                        .meanInterArrival(Duration.ofMillis(200))
                        .sizes(FlowSizes.l4sWorkload())
                        .start(COMPETITOR_HEAD_START).stop(lastArrival))
                .duration(lastArrival.plus(RUN_LENGTH.minus(LAST_ARRIVAL)))
                .ackJitter(Duration.ofMillis(1))
                .delaySampleEvery(100) // the test does not use the delays
                .build();
    }

    /**
     * The P95 FCT of CUBIC flows alone, with flows arriving for {@link #ALONE_ARRIVALS} (150 s,
     * about 750 flows, so that the regression gate below has the power it needs). The run records
     * every flow's FCT and the extension takes its 95th percentile ({@code samplePercentile = 95}). KPI: the 75th percentile of the runs' P95 FCT, at
     * 75 % confidence (the second largest of 10 runs), at most 3.5 s. Score: the series KPIs must
     * agree within 2.5 s. Both thresholds were set on runs of 50 s of arrivals (the class
     * comment); runs of three times the flows spread less (on the baseline's seeds the score went
     * from 490 ms to 260 ms), so they hold with more margin.
     *
     * <p>Regression gate: the committed baseline
     * ({@code src/test/resources/triscale/baselines/org.triscale.samples.FctRegressionTest/cubicFlowsAlone.json})
     * holds the accepted sequel with the seed of every run. A build runs the same seeds (the default
     * base seed), so the gate compares run by run (paired): the emulator computes the same doubles
     * on every JVM and machine, so unchanged code gives every run's value again ("unchanged", change
     * 0 %), and a change is measured on the same workloads. The machine's entries of the fingerprint
     * are left out of the comparison. The tolerance is the default: the variability score of the
     * per-series changes, at most 2 %. A change of CUBIC's dynamics moves each run's P95 FCT by
     * about ±8 % (the tail flows meet other bursts), the score of the per-series changes is then
     * larger than 2 % and the 2 % limit applies, below the 5 % regression of {@link SlowerCubic}
     * that {@link FctRegressionDetectionTest} shows the gate catching. After an intended change, update
     * the baseline with
     * {@code -Dtriscale.baseline.update=true} (see docs/regression-gate.md).
     *
     * @param run   the run
     * @param cubic the CUBIC under test: CUBIC itself, or the slower variant when the configuration
     *              parameter {@value CubicUnderTest#PARAMETER} is {@code slower}
     */
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10, independent = true)
    @Series(count = 5)
    @Metric(name = "fct", samplePercentile = 95, unit = "ms")
    @Kpi(metric = "fct", atMost = 3500)
    @VariabilityScore(metric = "fct", atMost = 2500)
    @Baseline(scenario = "CUBIC FCT workload, 50 Mbit/s, 20 ms RTT, 167-packet FIFO",
            ignoreInFingerprint = {"java", "os", "arch", "cpus"})
    @ExtendWith(CubicUnderTest.class)
    void cubicFlowsAlone(RunContext run, Cca cubic) {
        run.testBed("backend", "embedded emulator");
        Trace trace = Emulator.run(workload(false, cubic, ALONE_ARRIVALS), run.seed());

        // Flows still running at the end have no FCT; if many were left out, the P95 would lie.
        assertThat(trace.completionRatio()).as("share of flows that completed").isGreaterThanOrEqualTo(0.95);
        run.recordSamples("fct", trace.fctMillis());
    }

    /**
     * The same workload beside a long CUBIC flow, and the harm it does (Ware et al., HotNets 2019):
     * {@code (with − alone) / with} of the P95 FCT, 0 for no harm, 1 at worst. Each run runs both
     * cases with its seed, so that harm compares the same flows. The tsvwg results found a harm of
     * about 0.47 on the P95 FCT from a CUBIC competitor and about 0.85 from Prague; here it ranges
     * over −0.01–0.59 (median 0.33) per run. KPIs: the 75th percentile of the harm at most 0.75 (a
     * competitor may not make the P95 FCT four times worse: Prague's 0.85 would fail), and of the
     * P95 FCT itself at most 6 s. Both are computed by the test with the engine's
     * {@link FctSummary} and {@link Harm}, and reported. Score: the series' harm KPIs agree within
     * 0.35.
     */
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10, independent = true)
    @Series(count = 5)
    @Metric(name = "fct", unit = "ms")
    @Metric(name = "harm")
    @Kpi(metric = "fct", atMost = 6000)
    @Kpi(metric = "harm", atMost = 0.75)
    @VariabilityScore(metric = "harm", atMost = 0.35)
    void cubicFlowsBesideALongCubicFlow(RunContext run) {
        Trace alone = Emulator.run(workload(false), run.seed());
        Trace beside = Emulator.run(workload(true), run.seed());

        assertThat(beside.completionRatio()).as("share of flows that completed").isGreaterThanOrEqualTo(0.95);
        FctSummary withoutCompetitor = FctSummary.of(alone.fctMillis());
        FctSummary withCompetitor = FctSummary.of(beside.fctMillis());
        run.recordRunValue("fct", withCompetitor.p95());
        run.recordRunValue("harm", Harm.of(withoutCompetitor, withCompetitor).p95());
    }
}
