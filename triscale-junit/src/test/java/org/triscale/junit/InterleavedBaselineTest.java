package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @Baseline(interleaved = true)} through the test kit, on a deterministic test bed that
 * drifts with every invocation: the reference and candidate arms run back to back on each run's
 * seed, drift, steps and launch shifts cancel (unchanged, no baseline file), a +5 % candidate
 * regresses with a message that names the gated change, and misuse is a configuration error.
 */
class InterleavedBaselineTest {
    @TempDir
    Path folder;

    @AfterEach
    void reset() {
        Lab.reset();
    }

    private Kit kit() {
        return Kit.in(folder);
    }

    @Test
    void driftAStepAndALaunchShiftCancelAnUnchangedCandidateIsUnchangedWithoutABaselineFile() throws IOException {
        Lab.trend = 0.001;        // +0.1 % per invocation: +10 % over the launch
        Lab.step = 0.05;          // +5 % from the 50th invocation on
        Lab.launchShift = 0.02;   // this launch 2 % slower than any other

        EngineExecutionResults results = kit().run(Lab.class);

        // 5 series × 10 runs × 2 arms, 5 series checks, the verdict.
        results.testEvents().assertStatistics(stats -> stats.started(106).succeeded(106));
        JsonNode metric = kit().result(Lab.class, "fct").at("/baseline/metrics/0");
        assertThat(metric.get("outcome").asText()).isEqualTo("UNCHANGED");
        assertThat(metric.at("/gate/design").asText()).isEqualTo("INTERLEAVED");
        assertThat(metric.at("/gate/launch/source").asText()).isEqualTo("NONE");
        assertThat(metric.get("message").asText()).startsWith("Baseline gate: fct unchanged: median per-run change of"
                + " fct's run values ").contains("(98 % interval; interleaved: 50 pairs of this launch, the reference"
                + " and the candidate back to back on each run's seed in a random order drawn for the launch; a run's value: the fct"
                + " it reported), inside the tolerance");
        assertThat(kit().result(Lab.class, "fct").at("/baseline/source").asText())
                .startsWith("the reference arm of this launch");
        assertThat(kit().baseline(Lab.class, "fct")).doesNotExist();
        // The history keeps the candidate's sequel, as for any gated test.
        assertThat(kit().history(Lab.class, "fct")).exists();
        // Both arms of every run got its seed, back to back, in both orders across the launch.
        assertThat(Lab.log).hasSize(100);
        int referenceFirst = 0;
        for (int i = 0; i < Lab.log.size(); i += 2) {
            String[] first = Lab.log.get(i).split(" ");
            String[] second = Lab.log.get(i + 1).split(" ");
            assertThat(second[0]).isNotEqualTo(first[0]);
            assertThat(second[1]).isEqualTo(first[1]);
            referenceFirst += first[0].equals("REFERENCE") ? 1 : 0;
        }
        assertThat(referenceFirst).isBetween(1, 49);
    }

    @Test
    void eachLaunchDrawsItsOwnArmOrderOnTheSameSeedsAndTheRecordedValueReplaysIt() throws IOException {
        Kit drawn = kit().without("triscale.interleave.order");
        drawn.run(Lab.class).testEvents().assertStatistics(stats -> stats.failed(0));
        List<String> first = new ArrayList<>(Lab.log);
        String order = drawn.result(Lab.class, "fct").at("/parameters/interleaveOrder").asText();
        assertThat(order).matches("0x[0-9a-f]{16}");

        Lab.reset();
        drawn.run(Lab.class);
        List<String> second = new ArrayList<>(Lab.log);
        assertThat(drawn.result(Lab.class, "fct").at("/parameters/interleaveOrder").asText()).isNotEqualTo(order);
        // The same seeds pair by pair (common random numbers kept), in another order (50 coins).
        assertThat(pairSeeds(second)).isEqualTo(pairSeeds(first));
        assertThat(second).isNotEqualTo(first);

        Lab.reset();
        Kit replay = kit().with("triscale.interleave.order", order);
        replay.run(Lab.class);
        assertThat(Lab.log).isEqualTo(first);
        assertThat(replay.result(Lab.class, "fct").at("/parameters/interleaveOrder").asText()).isEqualTo(order);

        Lab.reset();
        assertThat(configurationErrors(kit().with("triscale.interleave.order", "sometimes").run(Lab.class)))
                .anySatisfy(message -> assertThat(message).contains("triscale.interleave.order = 'sometimes' is not"
                        + " valid; use a long integer, hexadecimal as the result JSON records it"));
    }

    /** The seed of each pair, in run order. */
    private static List<String> pairSeeds(List<String> log) {
        List<String> seeds = new ArrayList<>();
        for (int i = 0; i < log.size(); i += 2) {
            seeds.add(log.get(i).split(" ")[1]);
        }
        return seeds;
    }

    @Test
    void allReferencesFirstWouldReadTheSameDriftAsARegression() {
        // What interleaving replaces: the reference sequel, then the candidate's, on the same drifting
        // test bed. The paired comparison of the two sequels sees the drift as a +5 % change.
        double[][] reference = new double[5][10];
        double[][] candidate = new double[5][10];
        for (int s = 0; s < 5; s++) {
            for (int r = 0; r < 10; r++) {
                reference[s][r] = Lab.value(s * 10 + r, 0.001, 0, 0, 1 + s, r);
                candidate[s][r] = Lab.value(50 + s * 10 + r, 0.001, 0, 0, 1 + s, r);
            }
        }
        assertThat(org.triscale.engine.baseline.RegressionGate.compareInterleaved(reference, candidate,
                org.triscale.engine.baseline.GateSettings.of(org.triscale.engine.comparison.Direction.LOWER_IS_BETTER))
                .outcome()).isEqualTo(org.triscale.engine.comparison.ComparisonOutcome.REGRESSED);
    }

    @Test
    void aFivePercentSlowerCandidateRegressesAndTheMessageNamesTheGatedChange() throws IOException {
        Lab.trend = 0.001;
        Lab.candidateFactor = 1.05;

        String message = VerdictTest.verdictFailure(kit().run(Lab.class));

        assertThat(message).contains("- Baseline gate: fct regressed: median per-run change of fct's run values +4.999 %"
                        + " [+4.903 %, +5.001 %]")
                .contains("beyond the tolerance ±2 % (limit: 2 %; the reference arm's variability score of its series"
                        + " medians is larger)")
                .contains("interleaved: 50 pairs of this launch")
                .contains("If the change is intended, make the candidate's code the reference")
                .doesNotContain("launch-to-launch").doesNotContain("-Dtriscale.baseline.update=true");
        JsonNode metric = kit().result(Lab.class, "fct").at("/baseline/metrics/0");
        assertThat(metric.get("outcome").asText()).isEqualTo("REGRESSED");
        assertThat(metric.at("/gate/quantity").asText()).isEqualTo("median per-run change of fct's run values (a run's"
                + " value: the fct it reported)");
    }

    @Test
    void theArmMayBeAParameterAndAnUpdateWritesNoFile() throws IOException {
        ArmParameter.candidateFactor = 0.95;
        try {
            kit().with("triscale.baseline.update", "true").run(ArmParameter.class).testEvents()
                    .assertStatistics(stats -> stats.started(52).succeeded(52));
        } finally {
            ArmParameter.candidateFactor = 1;
        }
        JsonNode result = kit().result(ArmParameter.class, "fct");
        // An update does not suspend an interleaved gate: there is no file to write.
        assertThat(result.at("/baseline/metrics/0/outcome").asText()).isEqualTo("IMPROVED");
        assertThat(result.at("/baseline/notes").toString()).contains("there is no baseline file to write")
                .doesNotContain("not judged");
        assertThat(kit().baseline(ArmParameter.class, "fct")).doesNotExist();
    }

    @Test
    void aFailedReferenceRunFailsTheVerdictAndLeavesItsPairOut() throws IOException {
        String message = VerdictTest.verdictFailure(kit().run(ReferenceFails.class));

        assertThat(message).contains("- Baseline gate: the reference arm of series 1 run 3 failed (IllegalStateException:"
                + " the old build crashed); its pair is left out of the comparison");
        JsonNode metric = kit().result(ReferenceFails.class, "fct").at("/baseline/metrics/0");
        assertThat(metric.at("/gate/design").asText()).isEqualTo("INTERLEAVED");
        assertThat(metric.get("newCount").asInt()).isEqualTo(9);
    }

    @Test
    void aMethodThatNeverReadsItsArmStopsWithAConfigurationError() {
        EngineExecutionResults results = kit().run(NeverReadsTheArm.class);

        assertThat(configurationErrors(results)).first().asString().contains("@Baseline(interleaved = true) runs every"
                + " run twice, as the reference and as the candidate, but the run never read its arm")
                .contains("Branch on run.arm() (or take a Baseline.Arm parameter)");
        // The verdict reports the stop and judges nothing.
        assertThat(configurationErrors(results)).last().asString().contains("never read its arm");
        assertThat(results.testEvents().succeeded().count()).isZero();
    }

    @Test
    void readingTheArmOfATestThatIsNotInterleavedIsAConfigurationError() {
        EngineExecutionResults results = kit().run(ArmWithoutInterleaving.class);

        assertThat(Kit.runFailure(results).getMessage()).contains("run.arm() was called, but the test is not"
                + " interleaved: only @Baseline(interleaved = true) runs a reference and a candidate arm");
    }

    @Test
    void misuseIsRefusedBeforeAnyRun() {
        assertThat(configurationErrors(kit().run(FromHistory.class))).singleElement().asString()
                .contains("@Baseline(interleaved = true) compares the candidate with the reference runs of the same"
                        + " launch, so @Baseline(fromHistory = 3) has nothing to feed");
        assertThat(configurationErrors(kit().run(AdaptiveSeries.class))).singleElement().asString()
                .contains("@Series(adaptive = true) cannot be combined with @Baseline");
        assertThat(configurationErrors(kit().run(TooFewPairs.class))).singleElement().asString()
                .contains("compares 6 pairs (series × runs), which can never be significant at alpha = 0.01"
                        + " (smallest p-value 0.01562); run at least 7 pairs");
        assertThat(configurationErrors(kit().with("triscale.shard", "1/2").run(Lab.class))).singleElement().asString()
                .contains("cannot be combined with @Baseline(interleaved = true): each pair's reference and candidate"
                        + " must run back to back in one launch");
        assertThat(configurationErrors(kit().with("triscale.runs.parallelism", "2").run(Lab.class))).singleElement()
                .asString().contains("triscale.runs.parallelism = 2 cannot be combined with @Baseline(interleaved ="
                        + " true)");
        assertThat(Lab.log).isEmpty();
    }

    private static List<String> configurationErrors(EngineExecutionResults results) {
        return results.allEvents().failed().stream().map(Kit::error)
                .filter(error -> error instanceof ExtensionConfigurationException).map(Throwable::getMessage)
                .collect(Collectors.toList());
    }

    /**
     * A deterministic test bed that drifts: invocation t (counted across both arms) measures
     * {@code 100 (1 + trend·t)(1 + step from t = 50)(1 + launchShift)} plus a workload effect of the
     * run's series and number, times {@code candidateFactor} for the candidate.
     */
    @FixturesOnly
    static class Lab {
        static volatile double trend;
        static volatile double step;
        static volatile double launchShift;
        static volatile double candidateFactor = 1;
        static volatile int clock;
        static final List<String> log = new ArrayList<>();

        static void reset() {
            trend = 0;
            step = 0;
            launchShift = 0;
            candidateFactor = 1;
            clock = 0;
            log.clear();
        }

        static double value(int time, double trend, double step, double launchShift, int series, int run) {
            return (100 + 3 * series + (run * 3) % 5) * (1 + trend * time) * (time >= 50 ? 1 + step : 1)
                    * (1 + launchShift);
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Series(count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(interleaved = true)
        void fct(RunContext run) {
            log.add(run.arm() + " " + run.seed());
            double factor = run.arm() == Baseline.Arm.CANDIDATE ? candidateFactor : 1;
            run.recordRunValue("fct", factor * value(clock++, trend, step, launchShift, run.series(), run.run()));
        }
    }

    @FixturesOnly
    static class ArmParameter {
        static volatile double candidateFactor = 1;

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 25)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(interleaved = true)
        void fct(RunContext run, Baseline.Arm arm) {
            double factor = arm == Baseline.Arm.CANDIDATE ? candidateFactor : 1;
            run.recordRunValue("fct", factor * (100 + run.run() % 7));
        }
    }

    @FixturesOnly
    static class ReferenceFails {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(interleaved = true)
        void fct(RunContext run) {
            if (run.arm() == Baseline.Arm.REFERENCE && run.run() == 3) {
                throw new IllegalStateException("the old build crashed");
            }
            run.recordRunValue("fct", 100 + run.run() % 4);
        }
    }

    @FixturesOnly
    static class NeverReadsTheArm {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(interleaved = true)
        void fct(RunContext run) {
            run.recordRunValue("fct", 100);
        }
    }

    @FixturesOnly
    static class ArmWithoutInterleaving {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        void fct(RunContext run) {
            run.recordRunValue("fct", run.arm() == Baseline.Arm.REFERENCE ? 100 : 101);
        }
    }

    @FixturesOnly
    static class FromHistory {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Series(count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(interleaved = true, fromHistory = 3)
        void fct(RunContext run) {
            run.recordRunValue("fct", run.arm() == Baseline.Arm.REFERENCE ? 100 : 101);
        }
    }

    @FixturesOnly
    static class AdaptiveSeries {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Series(adaptive = true, maxCount = 10)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @VariabilityScore(metric = "fct", relativeAtMost = 0.5)
        @Baseline(interleaved = true)
        void fct(RunContext run) {
            run.recordRunValue("fct", run.arm() == Baseline.Arm.REFERENCE ? 100 : 101);
        }
    }

    @FixturesOnly
    static class TooFewPairs {
        @Runs(kpiPercentile = 50, kpiConfidence = 75, count = 3)
        @Series(count = 2)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(interleaved = true)
        void fct(RunContext run) {
            run.recordRunValue("fct", run.arm() == Baseline.Arm.REFERENCE ? 100 : 101);
        }
    }
}
