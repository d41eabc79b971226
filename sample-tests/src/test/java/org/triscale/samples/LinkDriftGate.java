package org.triscale.samples;

import java.time.Duration;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;
import org.triscale.junit.Baseline;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.junit.Series;

/**
 * A gated throughput test of one long CUBIC flow on the emulator, for {@link LinkDriftGateTest}:
 * the bottleneck's rate comes from the configuration parameter
 * {@value CubicUnderTest#LINK_PARAMETER} (50 Mbit/s by default), so that the detection test can
 * run the same seeds on a link that drifted by 0.2 % or lost 5 %.
 *
 * <p>Not run on its own: Surefire only picks up classes named {@code *Test}, {@code Test*},
 * {@code *Tests} or {@code *TestCase}, and started directly it is disabled unless the
 * configuration parameter {@value #ENABLED} is {@code true}, which only the detection test sets.
 */
@EnabledIf(value = "launchedByTheDetectionTest",
        disabledReason = "an example of the regression gate; LinkDriftGateTest runs it")
class LinkDriftGate {
    /** The configuration parameter that enables this class. */
    static final String ENABLED = "triscale.samples.linkDrift";

    /**
     * The mean throughput of one CUBIC flow from 5 s to 20 s, 20 ms RTT, a 167-packet FIFO, 1 ms of
     * ACK jitter (the seeded variation of the runs). KPI: the 25th percentile at least 40 Mbit/s.
     *
     * @param run   the run
     * @param cubic CUBIC
     * @param link  the bottleneck's rate
     */
    @Runs(kpiPercentile = 75, kpiConfidence = 75, independent = true) // a run depends on its seed only
    @Series(count = 5)
    @Metric(name = "throughput", unit = "Mbit/s")
    @Kpi(metric = "throughput", percentile = 25, atLeast = 40)
    @Baseline(scenario = "one CUBIC flow, 20 ms RTT, 167-packet FIFO",
            ignoreInFingerprint = {"java", "os", "arch", "cpus"})
    @ExtendWith(CubicUnderTest.class)
    void longFlow(RunContext run, Cca cubic, Rate link) {
        run.testBed("backend", "embedded emulator");
        Scenario scenario = Scenario.dumbbell().bottleneck(link).buffer(Packets.of(167))
                .flow(f -> f.cca(cubic).rtt(Duration.ofMillis(20)))
                .duration(Duration.ofSeconds(20))
                .ackJitter(Duration.ofMillis(1))
                .build();
        run.recordRunValue("throughput", Emulator.run(scenario, run.seed()).throughput().meanTotalMbps(5, 20));
    }

    static boolean launchedByTheDetectionTest(ExtensionContext context) {
        return context.getConfigurationParameter(ENABLED).map(Boolean::parseBoolean).orElse(false);
    }
}
