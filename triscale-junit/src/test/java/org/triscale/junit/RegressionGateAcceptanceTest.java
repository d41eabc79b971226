package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The new user's scenario of the regression gate, through the test kit: a baseline recorded with
 * {@code @Baseline}, then the system made 20 % slower (every flow time × 1.2). On the baseline's
 * seeds the gate compares run by run and fails with "regressed" and the change with its interval;
 * unchanged, it passes; on other seeds it compares unpaired, passes unchanged data and never calls
 * the 20 % slower system "unchanged".
 */
class RegressionGateAcceptanceTest {

    @TempDir
    Path folder;

    @AfterEach
    void reset() {
        NewUser.factor = 1;
    }

    private Kit recorded() {
        Kit.in(folder).with("triscale.baseline.update", "true").run(NewUser.class);
        return Kit.in(folder);
    }

    @Test
    void sameBaseSeedTwentyPercentSlowerRegressed() {
        Kit kit = recorded();
        NewUser.factor = 1.2;

        String message = VerdictTest.verdictFailure(kit.run(NewUser.class));

        // Undeclared, the history still short: the launch bound widens the interval; +20 % still fails.
        assertThat(message).contains("Baseline gate: fct regressed: median per-run change of fct's run values +20 %"
                + " [+12.36 %, +28.16 %] (98 % interval; paired: 50 runs on the baseline's seeds;")
                .contains("beyond the tolerance ±11.89 % (launch bound:");
    }

    @Test
    void sameBaseSeedUnchangedPasses() throws IOException {
        Kit kit = recorded();

        kit.run(NewUser.class).testEvents().assertStatistics(stats -> stats.failed(0));

        assertThat(outcome(kit)).isEqualTo("UNCHANGED");
    }

    @Test
    void otherBaseSeedUnchangedPasses() {
        Kit kit = recorded().with("triscale.seed", "7");

        kit.run(NewUser.class).testEvents().assertStatistics(stats -> stats.failed(0));
    }

    @Test
    void otherBaseSeedTwentyPercentSlowerIsNeverUnchanged() throws IOException {
        Kit kit = recorded();
        NewUser.factor = 1.2;
        for (int seed = 1; seed <= 5; seed++) {
            kit.with("triscale.seed", Integer.toString(seed)).run(NewUser.class);

            JsonNode metric = kit.result(NewUser.class, "fct").at("/baseline/metrics/0");
            assertThat(metric.at("/gate/design").asText()).isEqualTo("UNPAIRED");
            assertThat(metric.get("outcome").asText()).as("base seed %d: %s", seed, metric.get("message"))
                    .isNotEqualTo("UNCHANGED");
        }
    }

    private static String outcome(Kit kit) throws IOException {
        return kit.result(NewUser.class, "fct").at("/baseline/metrics/0/outcome").asText();
    }

    @FixturesOnly
    static class NewUser {
        static volatile double factor = 1;

        /**
         * The P95 FCT of a run of an emulator driven by the run's seed: log-normal around 1 s with
         * the spread of the FCT sample's runs (σ = 0.25 of the log), times the factor.
         */
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Series(count = 5)
        @Metric(name = "fct", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "fct", atMost = 3500)
        @Baseline
        void fct(RunContext run) {
            run.recordRunValue("fct", 1000 * Math.exp(0.25 * new Random(run.seed()).nextGaussian()) * factor);
        }
    }
}
