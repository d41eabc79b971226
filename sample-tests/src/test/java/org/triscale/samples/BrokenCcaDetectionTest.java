package org.triscale.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Does the suite catch a real regression? Runs CUBIC's regression test on a CUBIC that never
 * backs off ({@link BrokenCubicRegression}) through the JUnit Platform test kit, and checks that
 * every run executes but the verdict fails on the loss KPI.
 */
class BrokenCcaDetectionTest {

    @Test
    void cubicRegressionTestFailsOnACubicThatNeverBacksOff(@TempDir Path folder) throws Exception {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(BrokenCubicRegression.class))
                .configurationParameter(BrokenCubicRegression.ENABLED, "true")
                // Keep the failing example's results out of the suite's own.
                .configurationParameter("triscale.output.dir", folder.resolve("triscale").toString())
                .configurationParameter("triscale.surefire.reports.dir", folder.resolve("reports").toString())
                .configurationParameter("triscale.progress", "false")
                .execute();

        // The broken algorithm does not crash: all 5 × 10 runs pass, only the verdict fails.
        results.testEvents().assertStatistics(stats -> stats.started(51).succeeded(50).failed(1));
        Event verdict = results.testEvents().failed().stream().findFirst().orElseThrow();
        assertThat(verdict.getTestDescriptor().getDisplayName()).contains("verdict");
        String message = verdict.getPayload(TestExecutionResult.class).orElseThrow()
                .getThrowable().orElseThrow().getMessage();

        // Loss catches it; throughput alone would not: the broken CUBIC still fills the link.
        assertThat(message)
                .startsWith("TriScale verdict of BrokenCubicRegression.cubicWithoutBackoff: FAILED")
                .contains("KPI loss P75 at 75 % (atMost 3 %) violated in series 1")
                .doesNotContainPattern("KPI throughput .*violated");
        // The JSON result records the failed verdict too, outside the suite's results folder.
        Path json = folder.resolve("triscale")
                .resolve(BrokenCubicRegression.class.getName() + ".cubicWithoutBackoff.json");
        assertThat(new ObjectMapper().readTree(json.toFile()).path("verdict").path("status").asText())
                .isEqualTo("FAILED");
    }
}
