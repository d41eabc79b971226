package org.triscale.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** {@link ExternalRun#run(String, RunContext)} through the Jupiter engine: the output's tails in the JSON result. */
@EnabledOnOs({OS.LINUX, OS.MAC})
@Timeout(60)
class ExternalRunNotesTest {
    private static final String FIXTURES = "triscale.testbed.fixtures";

    @TempDir
    Path folder;

    @Test
    void theTailsOfEachRunsOutputAreItsNotesAndEndAFailedRunsMessage() throws IOException {
        SimulatorFixture.runsDirectory = folder.resolve("runs");
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(SimulatorFixture.class))
                .configurationParameters(Map.of(FIXTURES, "true", "triscale.progress", "false",
                        "triscale.output.dir", folder.resolve("triscale").toString(),
                        "triscale.baseline.dir", folder.resolve("baselines").toString(),
                        "triscale.history.dir", folder.resolve("history").toString(),
                        "triscale.baseline.strict", "false", "triscale.seed", "1"))
                .execute();
        // Runs 1, 2, 4 and 5 pass; run 3 exits with code 3, so the verdict fails too.
        results.testEvents().assertStatistics(stats -> stats.succeeded(4).failed(2));

        JsonNode runs = new ObjectMapper().readTree(folder.resolve("triscale")
                .resolve(SimulatorFixture.class.getName() + ".cca.json").toFile()).get("runs");
        JsonNode first = runs.get(0);
        String name = "sim/run-1";
        assertThat(first.get("notes").get(name + " stdout").asText())
                .isEqualTo("seed " + Seeds.unsigned32(first.get("seed").asLong()) + "\ndelay 11\n");
        assertThat(first.get("notes").get(name + " stderr").asText()).isEqualTo("warming up\n");
        JsonNode third = runs.get(2);
        assertThat(third.get("status").asText()).isEqualTo("FAILED");
        assertThat(third.get("notes").get("sim/run-3 stderr").asText())
                .isEqualTo("warming up\nassertion failed: queue < 0\n");
        assertThat(third.get("message").asText())
                .startsWith("ExternalRunException: '/bin/sh -c ")
                .endsWith(" [notes: sim/run-3 stderr: warming up assertion failed: queue < 0; sim/run-3 stdout: seed "
                        + Seeds.unsigned32(third.get("seed").asLong()) + "]");
        Throwable verdict = results.testEvents().failed().list().get(1).getPayload(TestExecutionResult.class)
                .orElseThrow().getThrowable().orElseThrow();
        assertThat(verdict.getMessage()).contains("[notes: sim/run-3 stderr: warming up assertion failed: queue < 0;");
    }

    @Test
    void withoutARunsDirectoryTheRunFoldersGoUnderTheLaunchsOutputFolder() throws IOException {
        Path output = folder.resolve("elsewhere");
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(DefaultFolderFixture.class))
                .configurationParameters(Map.of(FIXTURES, "true", "triscale.progress", "false",
                        "triscale.output.dir", output.toString(),
                        "triscale.baseline.dir", folder.resolve("baselines").toString(),
                        "triscale.baseline.strict", "false", "triscale.seed", "1"))
                .execute();
        results.testEvents().assertStatistics(stats -> stats.succeeded(6).failed(0));
        for (int run = 1; run <= 5; run++) {
            assertThat(output.resolve("runs").resolve("default-folder").resolve("run-" + run).resolve("stdout.log"))
                    .hasContent("delay " + run + "\n");
        }
        // The JSON result is in the same output folder.
        assertThat(output.resolve(DefaultFolderFixture.class.getName() + ".cca.json")).isRegularFile();
    }

    @ExtendWith(FixturesOnly.class)
    static class DefaultFolderFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay", unit = "ms")
        void cca(RunContext run) throws Exception {
            ExternalRun simulator = ExternalRun.command("/bin/sh", "-c", "echo delay $RUN")
                    .environment("RUN", String.valueOf(run.run()))
                    .build();
            ExternalRun.Result result = simulator.run("default-folder/run-" + run.run(), run);
            run.recordRunValue("delay", Double.parseDouble(result.stdoutTail().strip().substring("delay ".length())));
        }
    }

    @ExtendWith(FixturesOnly.class)
    static class SimulatorFixture {
        static Path runsDirectory;

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay", unit = "ms")
        void cca(RunContext run) throws Exception {
            ExternalRun simulator = ExternalRun.command("/bin/sh", "-c", "echo warming up >&2; echo seed {seed32};"
                            + " [ \"$RUN\" = 3 ] && { echo 'assertion failed: queue < 0' >&2; exit 3; };"
                            + " echo delay 1$RUN")
                    .environment("RUN", String.valueOf(run.run()))
                    .runsDirectory(runsDirectory)
                    .build();
            ExternalRun.Result result = simulator.run("sim/run-" + run.run(), run);
            String[] lines = result.stdoutTail().strip().split("\n");
            run.recordRunValue("delay", Double.parseDouble(lines[lines.length - 1].substring("delay ".length())));
        }
    }

    /** Runs the fixture only in this test's own launch. */
    static final class FixturesOnly implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(org.junit.jupiter.api.extension.ExtensionContext context) {
            return context.getConfigurationParameter(FIXTURES).map(Boolean::parseBoolean).orElse(false)
                    ? ConditionEvaluationResult.enabled("launched by the test")
                    : ConditionEvaluationResult.disabled("fixture: runs only inside ExternalRunNotesTest");
        }
    }
}
