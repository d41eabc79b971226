package org.example;

import org.triscale.junit.ConvergenceRequired;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.junit.Series;
import org.triscale.junit.VariabilityScore;

/** The guide's first example (docs/guide.md, Getting started); compiled with the tests, not run. */
class CubicTest {
    private final Emulator emulator = new Emulator();
    private final Emulator.Scenario scenario = Emulator.Scenario.LONG_PATH;

    @Runs(kpiPercentile = 75, kpiConfidence = 75)          // 5 runs per series, sized by the engine
    @Series(count = 5)
    @ConvergenceRequired(confidence = 95, tolerance = 5)
    @Metric(name = "delay", samplePercentile = 95, unit = "ms", bounds = {0, 100})
    @Metric(name = "throughput", unit = "Mbit/s", bounds = {0, 120})
    @Kpi(metric = "delay", percentile = 75, atMost = 60)
    @Kpi(metric = "throughput", percentile = 25, atLeast = 80)
    @VariabilityScore(metric = "delay", atMost = 10)
    void cubicOnLongPath(RunContext run) {
        var trace = emulator.run(scenario, run.seed());
        trace.packets().forEach(p -> run.recordSample("delay", p.time(), p.oneWayDelayMs()));
        trace.throughput().forEach(s -> run.recordSample("throughput", s.time(), s.mbps()));
    }
}
