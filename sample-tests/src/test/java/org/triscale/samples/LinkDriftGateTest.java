package org.triscale.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The regression gate on the emulator, strict as with {@code CI=true}, through the JUnit Platform
 * test kit ({@link LinkDriftGate}: one long CUBIC flow, throughput): the baseline is recorded, an
 * unchanged re-run is "unchanged", a link 0.2 % slower is "unchanged" within the tolerance's 1 %
 * floor (not a CI failure: without the floor the tolerance of a reproducible test bed collapses
 * towards 0 and the comparison is inconclusive, which fails a strict gate), and a link 5 % slower
 * is "regressed".
 */
class LinkDriftGateTest {
    @TempDir
    Path folder;

    @Test
    void unchangedDriftedByTwoPerMilleAndFivePercentSlower() throws IOException {
        run("50", true).testEvents().assertStatistics(stats -> stats.started(31).failed(0)); // 25 runs, 5 series checks, the verdict

        EngineExecutionResults unchanged = run("50", false);
        assertThat(outcome()).isEqualTo("UNCHANGED");
        unchanged.testEvents().assertStatistics(stats -> stats.failed(0));

        EngineExecutionResults drifted = run("49.9", false);
        JsonNode metric = metric();
        assertThat(metric.path("outcome").asText()).as(metric.path("message").asText()).isEqualTo("UNCHANGED");
        assertThat(metric.at("/gate/change").asDouble()).isBetween(-0.004, 0.0);
        assertThat(metric.at("/gate/toleranceSource").asText()).isEqualTo("FLOOR");
        drifted.testEvents().assertStatistics(stats -> stats.failed(0));

        EngineExecutionResults slower = ExpectedFailures.execute(launch("47.5", false));
        assertThat(outcome()).as(metric().path("message").asText()).isEqualTo("REGRESSED");
        slower.testEvents().assertStatistics(stats -> stats.failed(1));
        assertThat(metric().at("/gate/change").asDouble()).isBetween(-0.06, -0.04);
    }

    private EngineExecutionResults run(String linkMbps, boolean update) {
        return launch(linkMbps, update).execute();
    }

    private EngineTestKit.Builder launch(String linkMbps, boolean update) {
        return EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(LinkDriftGate.class))
                .configurationParameter(LinkDriftGate.ENABLED, "true")
                .configurationParameter(CubicUnderTest.LINK_PARAMETER, linkMbps)
                .configurationParameter("triscale.baseline.update", Boolean.toString(update))
                .configurationParameter("triscale.baseline.dir", folder.resolve("baselines").toString())
                .configurationParameter("triscale.output.dir", folder.resolve("triscale").toString())
                .configurationParameter("triscale.history.dir", folder.resolve("history").toString())
                .configurationParameter("triscale.progress", "false")
                .configurationParameter("triscale.baseline.strict", "true");
    }

    private JsonNode metric() throws IOException {
        return new ObjectMapper().readTree(folder.resolve("triscale")
                .resolve(LinkDriftGate.class.getName() + ".longFlow.json").toFile()).at("/baseline/metrics/0");
    }

    private String outcome() throws IOException {
        return metric().path("outcome").asText();
    }
}
