package org.triscale.samples.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.triscale.testbed.linux.KernelCubicParameters;
import org.triscale.testbed.linux.RequiresLinuxTestBed;

/**
 * The kernel side of the mutation score: {@link KernelCubicRegression} passes on the kernel's CUBIC
 * as it is and fails when its module parameter {@code beta} is 1004/1024 (≈ 0.98, a CUBIC that
 * backs off by 2 % instead of 30 %). The parameter is host-wide, so this class holds the same lock
 * as the other kernel samples; {@link KernelCubicParameters} restores it after the launch, at the
 * JVM's exit, and after a killed JVM. Skipped with the reason where the parameters cannot be set
 * (not root, no {@code tcp_cubic} module) or the test bed is missing a piece.
 */
@ResourceLock("network-namespaces")
@RequiresLinuxTestBed(qdisc = "pfifo", cca = "cubic", tool = "iperf3")
class KernelMutationScoreTests {

    @Test
    void theUnchangedKernelCubicPassesAndOneThatBacksOffTooLittleIsKilled(@TempDir Path out) {
        org.junit.jupiter.api.Assumptions.assumeTrue(KernelCubicParameters.unavailable().isEmpty(),
                () -> "kernel CUBIC's parameters cannot be set here: " + KernelCubicParameters.unavailable().orElse(""));
        List<String> unchanged = failedVerdicts(launch(out.resolve("unchanged")));
        List<String> mutant;
        try (KernelCubicParameters beta = KernelCubicParameters.set(Map.of("beta", 1004))) {
            assertThat(beta.current()).containsEntry("beta", "1004");
            mutant = failedVerdicts(launch(out.resolve("beta-0.98")));
        }
        assertThat(unchanged).as("the unchanged kernel CUBIC's verdict").isEmpty();
        assertThat(mutant).as("the verdict with beta 0.98 (the mutant is killed)").singleElement().asString()
                .contains("KPI rtt P50");
    }

    private static EngineExecutionResults launch(Path out) {
        return EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(KernelCubicRegression.class))
                .configurationParameter("triscale.output.dir", out.resolve("triscale").toString())
                .configurationParameter("triscale.progress", "false")
                .execute();
    }

    private static List<String> failedVerdicts(EngineExecutionResults results) {
        return results.testEvents().failed().stream()
                .filter(e -> "verdict".equals(e.getTestDescriptor().getDisplayName()))
                .map(e -> e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
                        .map(Throwable::getMessage).orElse(""))
                .toList();
    }
}
