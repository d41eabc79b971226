package org.triscale.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.triscale.emulator.cca.Cca;
import org.triscale.junit.RunContext;

/**
 * Does the regression gate see a 5 % regression? Runs {@link FctRegressionTest#cubicFlowsAlone} on
 * {@link SlowerCubic} through the JUnit Platform test kit, with the same seeds as its committed
 * baseline and the default tolerance: every run passes, and the verdict fails because the paired
 * gate finds the P95 FCT regressed beyond the 2 % limit of the default tolerance.
 *
 * <p>The committed seeds are not a lucky draw: on 48 of 50 other base seeds the gate finds this
 * variant regressed too ({@link FctGatePowerTests}, full calibration; 96 % ± 2.8).
 */
class FctRegressionDetectionTest {

    @Test
    void anUnchangedRerunIsUnchangedWithinTheBaselinesTolerance(@TempDir Path folder) throws Exception {
        EngineExecutionResults results = run(folder, "cubic");

        results.testEvents().assertStatistics(stats -> stats.failed(0));
        JsonNode metric = new ObjectMapper().readTree(folder.resolve("triscale")
                .resolve(FctRegressionTest.class.getName() + ".cubicFlowsAlone.json").toFile())
                .at("/baseline/metrics/0");
        assertThat(metric.path("outcome").asText()).isEqualTo("UNCHANGED");
        // The deterministic emulator gives every run again; the tolerance comes from the baseline, whose
        // series medians (other seeds, other workloads) spread by more than 2 %: the limit.
        assertThat(metric.path("message").asText()).contains("median per-run change of fct's run values 0 % [0 %, 0 %]")
                .contains("inside the tolerance ±2 % (limit: 2 %");
        assertThat(metric.at("/gate/toleranceSource").asText()).isEqualTo("LIMIT");
    }

    private static EngineExecutionResults run(Path folder, String cubic) {
        return EngineTestKit.engine("junit-jupiter")
                .selectors(selectMethod(FctRegressionTest.class, "cubicFlowsAlone",
                        RunContext.class.getName() + "," + Cca.class.getName()))
                .configurationParameter(CubicUnderTest.PARAMETER, cubic)
                .configurationParameter("triscale.baseline.paired", "runs")
                .configurationParameter("triscale.output.dir", folder.resolve("triscale").toString())
                .configurationParameter("triscale.history.dir", folder.resolve("history").toString())
                .configurationParameter("triscale.progress", "false")
                .configurationParameter("triscale.baseline.strict", "true")
                .execute();
    }

    @Test
    void pairedGateCatchesAFivePercentSlowerCubic(@TempDir Path folder) throws Exception {
        EngineExecutionResults results = ExpectedFailures.execute(EngineTestKit.engine("junit-jupiter")
                .selectors(selectMethod(FctRegressionTest.class, "cubicFlowsAlone",
                        RunContext.class.getName() + "," + Cca.class.getName()))
                .configurationParameter(CubicUnderTest.PARAMETER, "slower")
                .configurationParameter("triscale.baseline.paired", "runs")
                // Keep the failing example's results and history out of the suite's own.
                .configurationParameter("triscale.output.dir", folder.resolve("triscale").toString())
                .configurationParameter("triscale.history.dir", folder.resolve("history").toString())
                .configurationParameter("triscale.progress", "false")
                .configurationParameter("triscale.baseline.strict", "false"));

        // 5 × 10 runs and 5 series checks pass: only the verdict's gate fails.
        results.testEvents().assertStatistics(stats -> stats.started(56).succeeded(55).failed(1));
        Event verdict = results.testEvents().failed().stream().findFirst().orElseThrow();
        String message = verdict.getPayload(TestExecutionResult.class).orElseThrow()
                .getThrowable().orElseThrow().getMessage();
        assertThat(message).startsWith("TriScale verdict of FctRegressionTest.cubicFlowsAlone: FAILED")
                .contains("Baseline gate: fct regressed: median per-run change of fct's run values +")
                .contains("(98 % interval; paired: 50 runs on the baseline's seeds;");
        JsonNode gate = new ObjectMapper().readTree(folder.resolve("triscale")
                .resolve(FctRegressionTest.class.getName() + ".cubicFlowsAlone.json").toFile())
                .at("/baseline/metrics/0/gate");
        assertThat(gate.path("design").asText()).isEqualTo("PAIRED");
        assertThat(gate.path("toleranceSource").asText()).isEqualTo("LIMIT");
        assertThat(gate.path("tolerance").asDouble()).isEqualTo(0.02);
        // The change is measured on the same workloads: +5.1 % [+2.4 %, +7.7 %] on the baseline's seeds.
        assertThat(gate.path("change").asDouble()).isBetween(0.02, 0.10);
        assertThat(gate.path("lower").asDouble()).isPositive();
    }
}
