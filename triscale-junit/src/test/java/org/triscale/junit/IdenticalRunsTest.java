package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs whose seeds do not reach the system under test: every run of a series gives the same value
 * of a metric. A warning by default, a failure or nothing as {@code triscale.checks.identicalRuns}
 * says; runs that vary say nothing.
 */
class IdenticalRunsTest {
    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path folder;

    private Kit kit(String name) {
        return Kit.in(folder.resolve(name));
    }

    @Test
    void identicalRunsWarnAndPass() throws IOException {
        Kit kit = kit("warn");

        kit.run(Constant.class).testEvents().assertStatistics(stats -> stats.started(13).failed(0));

        JsonNode warnings = kit.result(Constant.class, "cca").at("/verdict/warnings");
        assertThat(warnings.toString()).contains("Metric delay: every run of each of the 2 series gave the same value"
                + " (15.68 ms): the seed does not reach the system under test: 10 identical runs are 2 measurements.")
                .contains("set triscale.checks.identicalRuns=off");
        assertThat(kit.result(Constant.class, "cca").at("/verdict/status").asText()).isEqualTo("PASSED");
    }

    @Test
    void aMetricConstantBesideOneThatVariesIsConstantByDesign() throws IOException {
        Kit kit = kit("beside");

        kit.run(ConstantBesideVarying.class).testEvents().assertStatistics(stats -> stats.failed(0));

        // The throughput of a saturated bottleneck: the delay shows that the seed reaches the system.
        assertThat(kit.result(ConstantBesideVarying.class, "cca").at("/verdict/warnings").toString())
                .doesNotContain("identical runs");
    }

    @Test
    void oneConstantSeriesIsNamedAndOnePolicyFailsAnotherSilences() throws IOException {
        Kit kit = kit("one");
        kit.run(OneConstantSeries.class);
        assertThat(kit.result(OneConstantSeries.class, "cca").at("/verdict/warnings").toString())
                .contains("Metric delay: every run of series 2 gave the same value (20 ms): the seed does not reach the"
                        + " system under test: 5 identical runs are one measurement.");

        String failure = VerdictTest.verdictFailure(kit("fail").with("triscale.checks.identicalRuns", "fail")
                .run(Constant.class));
        assertThat(failure).contains("- Metric delay: every run of each of the 2 series gave the same value");

        Kit off = kit("off").with("triscale.checks.identicalRuns", "off");
        off.run(Constant.class).testEvents().assertStatistics(stats -> stats.failed(0));
        assertThat(off.result(Constant.class, "cca").at("/verdict/warnings").toString())
                .doesNotContain("identical runs");

        assertThat(ConfigurationTest.configurationError(kit("never").with("triscale.checks.identicalRuns", "never")
                .run(Constant.class))).contains("triscale.checks.identicalRuns = 'never' is not valid")
                .contains("warn (the default), fail, or off");
    }

    @FixturesOnly
    static class Constant {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 2)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", 15.68);
        }
    }

    @FixturesOnly
    static class ConstantBesideVarying {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 2)
        @Metric(name = "delay", unit = "ms")
        @Metric(name = "throughput", unit = "Mbit/s")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", 15 + (run.seed() & 7) / 8.0);
            run.recordRunValue("throughput", 20);
        }
    }

    @FixturesOnly
    static class OneConstantSeries {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 2)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", run.series() == 2 ? 20 : 10 + run.run());
        }
    }
}
