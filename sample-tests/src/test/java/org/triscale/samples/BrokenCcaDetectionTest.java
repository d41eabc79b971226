package org.triscale.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
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
        EngineExecutionResults results = ExpectedFailures.execute(EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(BrokenCubicRegression.class))
                .configurationParameter(BrokenCubicRegression.ENABLED, "true")
                // Keep the failing example's results out of the suite's own.
                .configurationParameter("triscale.output.dir", folder.resolve("triscale").toString())
                .configurationParameter("triscale.progress", "false"));

        // The broken algorithm does not crash: all 5 × 10 runs pass; series fail their KPI checks, and the verdict.
        List<Event> failed = results.testEvents().failed().list();
        results.testEvents().assertStatistics(stats -> stats.started(5 * 10 + 5 + 1).succeeded(56 - failed.size()));
        assertThat(results.testEvents().failed().list()).hasSizeGreaterThan(1);
        Event verdict = failed.get(failed.size() - 1);
        assertThat(verdict.getTestDescriptor().getDisplayName()).isEqualTo("verdict");
        assertThat(failed.subList(0, failed.size() - 1)).allSatisfy(series -> assertThat(
                series.getTestDescriptor().getDisplayName()).matches("series [1-5]/5 · KPI checks"));
        assertThat(failed.get(0).getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow()
                .getMessage()).startsWith(failed.get(0).getTestDescriptor().getDisplayName()
                        + " of BrokenCubicRegression.cubicWithoutBackoff: FAILED\n- KPI loss P75 at 75 % (atMost 3 %)");
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
