package org.triscale.samples.l4s;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.FqCoDel;
import org.triscale.emulator.queue.Packets;
import org.triscale.engine.network.FctHarmIntervals;
import org.triscale.engine.network.FctSummary;
import org.triscale.engine.network.Harm;
import org.triscale.junit.assertions.TriscaleAssertions;
import org.triscale.junit.sequel.Sequel;

/**
 * The tsvwg 2021 L4S interoperability test: the harm one long competitor does to the flow
 * completion times of ECN-capable CUBIC flows that share a single RFC 3168 queue (fq_codel with
 * {@code flows 1}: CoDel marking ECT(0) and ECT(1) alike at 5 ms) at 50 Mbit/s. A classic CUBIC
 * competitor halves its window per mark, as the workload's flows do; a Prague competitor cuts
 * by only alpha/2 and takes most of the queue's capacity, so the workload's P95 FCT gets several
 * times worse. The tsvwg results: harm 0.47 from CUBIC and 0.85 from Prague at 10 ms.
 *
 * <p>Workload: the L4S FCT workload (Poisson arrivals every 200 ms on average, lognormal sizes,
 * P5 64 KiB, P95 2 MiB), arriving for 20 s after the competitor's 3 s head start; 28 s runs.
 * Shorter than the original's 3 minutes so that the sample runs in seconds: the harm of one run
 * therefore varies (0.2–0.5 from CUBIC, 0.66–0.80 from Prague at 10 ms over three seeds).
 *
 * <p>The grid of this experiment (RTTs × competitor, one verdict per cell, harm in the grid
 * report) is {@link FctHarmGridTest}; this class asks the question across cells.
 */
class SharedQueueFctHarmTest {
    static final Rate LINK = Rate.mbps(50);

    /** One run of the workload at an RTT beside a competitor ({@code null}: alone), shared with the grid. */
    static Trace run(Cca competitor, int rttMillis, long seed) {
        Duration rtt = Duration.ofMillis(rttMillis);
        Scenario.Builder path = Scenario.dumbbell().bottleneck(LINK).buffer(Packets.of(1000))
                .queue(FqCoDel.withFlows(1));
        if (competitor != null) {
            path.flow(f -> f.cca(competitor).rtt(rtt).label("competitor"));
        }
        return Emulator.run(path
                .fctWorkload(w -> w.cca(Cca.CUBIC_ECN).rtt(rtt).start(Duration.ofSeconds(3)).stop(Duration.ofSeconds(23)))
                .duration(Duration.ofSeconds(28))
                .delaySampleEvery(100)
                .build(), seed);
    }

    /**
     * The finding (Prague harms the workload more than CUBIC does) as three sequels compared with
     * confidence, from a plain {@code @Test}: CUBIC
     * flows alone, beside a CUBIC competitor and beside a Prague competitor at 10 ms, 8 runs each
     * on the same seeds (so every comparison is paired: the same arrivals and sizes run by run).
     *
     * <ul>
     *   <li>Beside Prague the workload's P95 FCT is worse than beside CUBIC by at least 100 %, and
     *       beside CUBIC worse than alone by at least 20 %: one-sided statements at 99 % from the
     *       exact Wilcoxon signed-rank interval of the per-run changes (measured: +226 %
     *       [+185 %, +305 %] and +72 % [+42 %, +128 %]).</li>
     *   <li>The harm with distribution-free 95 % intervals that take the run as the unit
     *       ({@code Harm.ofRuns}: flows of one run share its queue and are not independent): of
     *       the typical FCT, at least 0.5 from Prague and at most 0.6 from CUBIC (measured 0.70
     *       [0.61, 0.79] and 0.35 [0.14, 0.50]); of the P95 FCT, at least 0.6 from Prague (0.78
     *       [0.65, 0.88]). Pooling the flows as if independent gave narrower intervals
     *       ([0.66, 0.73], [0.29, 0.41], [0.71, 0.88]) that do not hold for flows of one queue.</li>
     * </ul>
     */
    @Test
    void cubicFlowsBesidePragueAgainstBesideCubicWithConfidence() throws Exception {
        List<double[]> aloneFcts = new ArrayList<>();
        List<double[]> cubicFcts = new ArrayList<>();
        List<double[]> pragueFcts = new ArrayList<>();
        Sequel alone = sequel("CUBIC alone", null, aloneFcts);
        Sequel besideCubic = sequel("CUBIC beside CUBIC", Cca.CUBIC_ECN, cubicFcts);
        Sequel besidePrague = sequel("CUBIC beside Prague", Cca.PRAGUE, pragueFcts);

        // Emulated runs depend on their seed only: the pairs on the same seeds are independent.
        TriscaleAssertions.assertThat(besidePrague).metric("fct").independentRuns().isWorseThan(besideCubic)
                .byAtLeast(1.0);
        TriscaleAssertions.assertThat(besideCubic).metric("fct").independentRuns().isWorseThan(alone)
                .byAtLeast(0.2);

        // The flows of a run share its queue: the run is the independent unit of the harm's intervals.
        FctHarmIntervals fromPrague = Harm.ofRuns(byRun(aloneFcts), byRun(pragueFcts), 95);
        FctHarmIntervals fromCubic = Harm.ofRuns(byRun(aloneFcts), byRun(cubicFcts), 95);
        TriscaleAssertions.assertThat(fromPrague).geometricMean().isAtLeast(0.5);
        TriscaleAssertions.assertThat(fromCubic).geometricMean().isAtMost(0.6);
        TriscaleAssertions.assertThat(fromPrague).p95().isAtLeast(0.6);
    }

    /** 8 runs of the workload at 10 ms beside a competitor (or alone); keeps each run's FCTs. */
    private static Sequel sequel(String name, Cca competitor, List<double[]> fcts) throws Exception {
        return Sequel.run(name, 1, 8, 2021, r -> {
            Trace trace = run(competitor, 10, r.seed());
            assertThat(trace.completionRatio()).as("share of flows that completed").isGreaterThanOrEqualTo(0.9);
            fcts.add(trace.fctMillis());
            r.record("fct", FctSummary.of(trace.fctMillis()).p95());
        });
    }

    private static double[][] byRun(List<double[]> runs) {
        return runs.toArray(double[][]::new);
    }
}
