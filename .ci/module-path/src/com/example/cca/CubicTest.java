package com.example.cca;

import java.time.Duration;

import org.triscale.emulator.Emulator;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;
import org.triscale.junit.*;

// The README's example, run from a named module on the module path.
class CubicTest {
    static final Scenario LONG_PATH = Scenario.dumbbell()
            .bottleneck(Rate.mbps(20))
            .buffer(Packets.of(78))
            .flow(f -> f.cca(Cca.CUBIC).oneWayDelay(Duration.ofMillis(45)))
            .duration(Duration.ofSeconds(30))
            .ackJitter(Duration.ofMillis(1))
            .build();

    @Runs(kpiPercentile = 75, kpiConfidence = 75)
    @Series(count = 5)
    @ConvergenceRequired(confidence = 95, tolerance = 5)
    @Metric(name = "delay", samplePercentile = 95, unit = "ms", bounds = {0, 100})
    @Metric(name = "throughput", unit = "Mbit/s", bounds = {0, 25})
    @Kpi(metric = "delay", percentile = 75, atMost = 95)
    @Kpi(metric = "throughput", percentile = 25, atLeast = 18)
    @VariabilityScore(metric = "delay", atMost = 10)
    @Baseline(metrics = "delay")
    void cubicOnLongPath(RunContext run) {
        Trace trace = Emulator.run(LONG_PATH, run.seed());
        run.recordSamples("delay", trace.delays().timesSeconds(), trace.delays().delaysMillis());
        run.recordSamples("throughput", trace.throughput().binStartsSeconds(), trace.throughput().flowMbps(0));
    }

    // The same scenario held to a delay no CUBIC flow filling this buffer meets: the verdict must fail.
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
    @Metric(name = "delay", samplePercentile = 95, unit = "ms")
    @Kpi(metric = "delay", percentile = 75, atMost = 50)
    void cubicHeldToTooLowADelay(RunContext run) {
        Trace trace = Emulator.run(LONG_PATH, run.seed());
        run.recordSamples("delay", trace.delays().timesSeconds(), trace.delays().delaysMillis());
    }
}
