package org.example;

import org.triscale.junit.Kpi;
import org.triscale.junit.RunContext;

/** The guide's use of the composed annotation (docs/guide.md, Composed annotations). */
class BbrTest {
    private final Emulator emulator = new Emulator();

    @CcaRegressionTest
    @Kpi(metric = "delay", atMost = 60)
    void bbrOnLongPath(RunContext run) {
        var trace = emulator.run(Emulator.Scenario.LONG_PATH, run.seed());
        run.recordSamples("delay", trace.delayTimes(), trace.delays());
        run.recordSamples("throughput", trace.throughputTimes(), trace.throughputs());
    }
}
