package org.triscale.samples;

import org.triscale.emulator.Emulator;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.junit.Series;
import org.triscale.junit.VariabilityScore;
import org.triscale.samples.scenarios.CaseStudyPath;

/**
 * Adaptive runs and series: CUBIC on the case study's long path ({@link LongPathCcaTest}), with
 * each series stopping as soon as its KPIs are decided instead of running a fixed number of times,
 * and a sequel stopping as soon as its variability score is decided.
 *
 * <p>After every run from the sized minimum on (11 runs for the 95 % KPIs), the extension updates
 * an anytime-valid bound of each KPI (Howard and Ramdas 2022) and stops when both are on the pass
 * side or one is on the fail side of its threshold, at the latest after 100 runs. Stopping on the
 * bound keeps its confidence, unlike stopping when a fixed-N bound happens to look good. The
 * thresholds are 20 % away from what CUBIC does on this path (it fills the 20 Mbit/s link and
 * its buffer, for a P95 delay of 90.3–91.0 ms), the situation in which adaptive runs save the
 * most: the verdict comes after a few dozen runs of at most 100.
 */
class AdaptiveCubicTest {

    @Runs(kpiPercentile = 75, kpiConfidence = 95, adaptive = true, maxCount = 100, independent = true)
    @Metric(name = "throughput", unit = "Mbit/s", bounds = {0, 25})
    @Metric(name = "delay", samplePercentile = 95, unit = "ms", bounds = {0, 150})
    @Kpi(metric = "throughput", percentile = 25, atLeast = 16)
    @Kpi(metric = "delay", percentile = 75, atMost = 110)
    void cubicStopsWhenDecided(RunContext run) {
        Trace trace = Emulator.run(CaseStudyPath.with(Cca.CUBIC), run.seed());
        run.recordSamples("throughput", trace.throughput().binStartsSeconds(), trace.throughput().flowMbps(0));
        run.recordSamples("delay", trace.delays().timesSeconds(), trace.delays().delaysMillis());
    }

    /**
     * Adaptive series: whether CUBIC's P95 delay on this path is the same from one series to the
     * next (series stand for days or machines). Each series runs the sized 5 runs; after each series
     * from the sized 5 on, anytime-valid bounds of the 25th and the 75th percentiles of the series
     * KPIs decide whether the relative variability score is within 5 %, and the sequel stops as soon
     * as it is decided, at the latest after 20 series.
     */
    @Runs(kpiPercentile = 75, kpiConfidence = 75, independent = true)
    @Series(adaptive = true, maxCount = 20)
    @Metric(name = "delay", samplePercentile = 95, unit = "ms", bounds = {0, 150})
    @Kpi(metric = "delay", percentile = 75, atMost = 110)
    @VariabilityScore(metric = "delay", relativeAtMost = 0.05)
    void cubicSeriesStopWhenTheScoreIsDecided(RunContext run) {
        Trace trace = Emulator.run(CaseStudyPath.with(Cca.CUBIC), run.seed());
        run.recordSamples("delay", trace.delays().timesSeconds(), trace.delays().delaysMillis());
    }
}
