package org.triscale.samples;

import org.triscale.junit.Kpi;
import org.triscale.junit.RunContext;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.samples.scenarios.CaseStudyPath;

/**
 * One long flow on the TriScale case study's path (90 ms RTT, a DropTail buffer of half a BDP),
 * for CUBIC, BBR and Vegas: 5 series of 10 runs of 30 s each ({@link CcaRegressionTest}).
 *
 * <p>KPIs as in the case study, at 75 % confidence: the 25th percentile of the runs' throughput
 * (a lower bound: at least 3 runs in 4 reach it) and the 75th percentile of their 95th-percentile
 * one-way delay (an upper bound), plus the 75th percentile of their loss rate.
 *
 * <p>Thresholds come from the emulator's behaviour over a few hundred seeds, with margins:
 * <ul>
 *   <li>throughput: every algorithm fills the 20 Mbit/s link (medians of 19.94–19.99 Mbit/s), so
 *       at least 19 Mbit/s, 95 % of the link;</li>
 *   <li>delay: 45 ms of propagation plus the queue the algorithm keeps. CUBIC fills the buffer
 *       (90.3–91.0 ms, the largest possible is 92.4 ms), BBR keeps about 19 ms of queue
 *       (63.7–64.2 ms), Vegas a few packets (47.9–48.5 ms);</li>
 *   <li>loss: CUBIC and BBR lose 1.0–1.9 % of their packets (slow-start overshoot and probing),
 *       Vegas below 0.2 %.</li>
 * </ul>
 */
class LongPathCcaTest {
    // CUBIC's thresholds are shared with the deliberately broken CUBIC (BrokenCubicRegression).
    static final double CUBIC_MIN_THROUGHPUT = 19;
    static final double CUBIC_MAX_DELAY = 92;
    static final double CUBIC_MAX_LOSS = 3;

    @CcaRegressionTest
    @Kpi(metric = "throughput", percentile = 25, atLeast = CUBIC_MIN_THROUGHPUT)
    @Kpi(metric = "delay", percentile = 75, atMost = CUBIC_MAX_DELAY)
    @Kpi(metric = "loss", percentile = 75, atMost = CUBIC_MAX_LOSS)
    void cubic(RunContext run) {
        measureOnTheLongPath(Cca.CUBIC, run);
    }

    @CcaRegressionTest
    @Kpi(metric = "throughput", percentile = 25, atLeast = 19)
    @Kpi(metric = "delay", percentile = 75, atMost = 70)
    @Kpi(metric = "loss", percentile = 75, atMost = 3)
    void bbr(RunContext run) {
        measureOnTheLongPath(Cca.BBR, run);
    }

    @CcaRegressionTest
    @Kpi(metric = "throughput", percentile = 25, atLeast = 19)
    @Kpi(metric = "delay", percentile = 75, atMost = 55)
    @Kpi(metric = "loss", percentile = 75, atMost = 1)
    void vegas(RunContext run) {
        measureOnTheLongPath(Cca.VEGAS, run);
    }

    /** One run: the flow's throughput series, its packets' one-way delays, and the loss rate. */
    static void measureOnTheLongPath(Cca cca, RunContext run) {
        Trace trace = Emulator.run(CaseStudyPath.with(cca), run.seed());
        run.recordSamples("throughput", trace.throughput().binStartsSeconds(), trace.throughput().flowMbps(0));
        run.recordSamples("delay", trace.delays().timesSeconds(), trace.delays().delaysMillis());
        run.recordRunValue("loss", CaseStudyPath.lossPercent(trace));
    }
}
