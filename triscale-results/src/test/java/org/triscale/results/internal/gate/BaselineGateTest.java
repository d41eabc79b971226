package org.triscale.results.internal.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.fixtures.Gates;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.Fingerprint;
import org.triscale.results.internal.setup.GateSpec;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.RecordedSequel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The regression gate on recorded sequels: judging reads the baseline and the history and writes
 * nothing; the baseline an update decided on and the history line are written after it.
 */
class BaselineGateTest {
    private static final int SERIES = 10;
    private static final int RUNS = 5;

    @TempDir
    Path dir;

    private TestSetup setup(UnaryOperator<Gates.Builder> gate) {
        return TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).runs(RUNS).series(SERIES)
                .outputDir(dir.resolve("out"))
                .gate(gate.apply(Gates.builder(dir).metric("delay", Direction.LOWER_IS_BETTER)).build()).build();
    }

    /** Every run's delay around {@code centre} ms, seeded by the run (the same noise in every sequel). */
    private static RecordedSequel sequel(TestSetup setup, double centre) {
        RecordedSequels.Builder builder = RecordedSequels.builder(setup);
        for (int s = 1; s <= SERIES; s++) {
            SplittableRandom random = new SplittableRandom(s);
            double[] values = new double[RUNS];
            for (int r = 0; r < RUNS; r++) {
                values[r] = centre * (1 + 0.02 * (random.nextDouble() - 0.5));
            }
            builder.series(s, values);
        }
        return builder.build();
    }

    /** Writes the baseline of a sequel around {@code centre}, as an update does. */
    private Path baseline(double centre) {
        BaselineGate gate = BaselineGate.judge(sequel(setup(g -> g.update()), centre), List.of());
        BaselineGate.Written written = gate.writeBaseline();
        assertThat(written.failure()).isEmpty();
        return setup(g -> g).gate().orElseThrow().files().baseline();
    }

    @Test
    void withoutBaselineTheSequelIsOnlyRecordedOrTheVerdictFailsAsThePolicySays() {
        BaselineGate recorded = BaselineGate.judge(sequel(setup(g -> g), 10), List.of());
        assertThat(recorded.failures()).isEmpty();
        assertThat(recorded.warnings()).singleElement().asString()
                .startsWith("Baseline gate: there is no baseline for this test: baselines/org.example.CcaTest/delay.json"
                        + " does not exist")
                .contains("-Dtriscale.baseline.update=true").contains("only recorded in the history");
        assertThat(recorded.worstOutcome()).isNull();
        assertThat(recorded.result().source()).isNull();

        BaselineGate failed = BaselineGate.judge(sequel(setup(g -> g.missing(GateSpec.MissingPolicy.FAIL)), 10),
                List.of());
        assertThat(failed.failures()).singleElement().asString().contains("there is no baseline for this test")
                .contains("The missing-baseline policy is fail");
    }

    @Test
    void anUpdateWritesTheSequelAsTheBaselineOnlyWhenAsked() throws IOException {
        BaselineGate gate = BaselineGate.judge(sequel(setup(g -> g.update()), 10), List.of());
        Path file = setup(g -> g).gate().orElseThrow().files().baseline();
        assertThat(file).as("judging writes nothing").doesNotExist();
        assertThat(gate.result().written()).isFalse();

        BaselineGate.Written written = gate.writeBaseline();
        assertThat(written.failure()).isEmpty();
        assertThat(file).exists();
        assertThat(written.gate().result().written()).isTrue();
        assertThat(written.gate().notes()).singleElement().asString()
                .startsWith("Baseline gate: baseline created: wrote baselines/org.example.CcaTest/delay.json (commit it). "
                        + "delay: median of the series KPIs (delay P75 at 75 %) ")
                .endsWith(SERIES + " series, " + SERIES * RUNS + " valid runs.");

        SequelRecord stored = BaselineFiles.read(file);
        assertThat(stored.testClass()).isEqualTo("org.example.CcaTest");
        assertThat(stored.metric("delay").runMetrics()).hasSize(SERIES);
        assertThat(stored.metric("delay").runMetrics().get(0)).hasSize(RUNS);
        assertThat(stored.fingerprint()).isEqualTo(RecordedSequels.FINGERPRINT);
        TestSetup setup = setup(g -> g);
        assertThat(stored.seeds().get(1)).containsExactly(java.util.stream.IntStream.rangeClosed(1, RUNS)
                .mapToObj(run -> org.triscale.results.internal.common.RunSeeds.seed(setup.settings().baseSeed(),
                        setup.testClass(), setup.testMethod(), 2, run)).toArray(Long[]::new));
    }

    @Test
    void theSameSequelIsUnchanged() {
        baseline(10);
        BaselineGate gate = BaselineGate.judge(sequel(setup(g -> g), 10), List.of());

        assertThat(gate.failures()).isEmpty();
        assertThat(gate.warnings()).isEmpty();
        assertThat(gate.worstOutcome()).isEqualTo(ComparisonOutcome.UNCHANGED);
        assertThat(gate.notes()).singleElement().asString().startsWith("Baseline gate: delay unchanged: median per-run change"
                + " of delay's run values 0 % [-6.368 %, +6.801 %] (98 % interval; paired: 50 runs on the baseline's"
                + " seeds, 50 without change; a run's value: the delay it reported)");
        TestResult.Gate result = gate.result();
        assertThat(result.source()).isEqualTo("baseline file baselines/org.example.CcaTest/delay.json");
        assertThat(result.fingerprintDifferences()).isEmpty();
        assertThat(result.metrics()).singleElement().satisfies(metric -> {
            assertThat(metric.outcome()).isEqualTo(ComparisonOutcome.UNCHANGED);
            assertThat(metric.kpis().change()).isEqualTo(0.0);
            assertThat(metric.gate().change()).isEqualTo(0.0);
        });
    }

    @Test
    void aSlowerSequelRegressesAndFailsNamingTheChangeAndTheFix() {
        baseline(10);
        BaselineGate gate = BaselineGate.judge(sequel(setup(g -> g), 13), List.of());

        assertThat(gate.worstOutcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        assertThat(gate.failures()).singleElement().asString()
                .startsWith("Baseline gate: delay regressed: median per-run change of delay's run values +")
                .contains("beyond the tolerance")
                .contains("If the change is intended, update the baseline with -Dtriscale.baseline.update=true and"
                        + " commit baselines/org.example.CcaTest/delay.json.");
        TestResult.GateMetric metric = gate.result().metrics().get(0);
        // A 30 % longer delay in every run: the KPIs' medians and the estimated change say so.
        assertThat(metric.kpis().relativeChange()).isCloseTo(0.3, org.assertj.core.api.Assertions.within(0.01));
        assertThat(metric.gate().lower()).isGreaterThan(0.2);
        assertThat(metric.significance().worsePValue()).isLessThan(0.05);
    }

    @Test
    void aFasterSequelImprovesAndPasses() {
        baseline(10);
        BaselineGate gate = BaselineGate.judge(sequel(setup(g -> g), 7), List.of());

        assertThat(gate.worstOutcome()).isEqualTo(ComparisonOutcome.IMPROVED);
        assertThat(gate.failures()).isEmpty();
        assertThat(gate.notes()).singleElement().asString().startsWith("Baseline gate: delay improved: median per-run change of delay's run values -")
                .contains("To make it the new reference");
    }

    @Test
    void anotherTestBedMakesTheComparisonInconclusiveAWarningOrAFailure() {
        baseline(10);
        Fingerprint other = new Fingerprint("21", "Linux", "amd64", 4, "", Map.of("backend", "emulator"), Map.of());
        for (GateSpec.InconclusivePolicy policy : GateSpec.InconclusivePolicy.values()) {
            TestSetup setup = setup(g -> g.inconclusive(policy));
            RecordedSequels.Builder builder = RecordedSequels.builder(setup).fingerprint(other);
            for (int s = 1; s <= SERIES; s++) {
                builder.series(s, RecordedSequels.ramp(RUNS, 10, 0.01));
            }
            BaselineGate gate = BaselineGate.judge(builder.build(), List.of());

            assertThat(gate.worstOutcome()).isEqualTo(ComparisonOutcome.INCONCLUSIVE);
            assertThat(gate.result().fingerprintDifferences()).containsExactly("java: '17' → '21'");
            List<String> where = policy == GateSpec.InconclusivePolicy.FAIL ? gate.failures() : gate.warnings();
            assertThat(where).singleElement().asString().contains("the test bed differs from the baseline's"
                    + " (java: '17' → '21')").contains("The inconclusive policy is " + policy.name().toLowerCase());
        }
    }

    @Test
    void anUpdateIsRefusedWhenTheVerdictFailedUnlessForced() {
        BaselineGate refused = BaselineGate.judge(sequel(setup(g -> g.update()), 10),
                List.of("KPI delay P75 at 75 % in series 2"));
        assertThat(refused.failures()).singleElement().asString()
                .startsWith("Baseline gate: the baseline was not updated, nothing was written to"
                        + " baselines/org.example.CcaTest/delay.json: the verdict failed (KPI delay P75 at 75 % in series 2)")
                .contains("-Dtriscale.baseline.update.force=true");
        assertThat(refused.writeBaseline().gate().result().written()).isFalse();
        assertThat(setup(g -> g).gate().orElseThrow().files().baseline()).doesNotExist();

        BaselineGate forced = BaselineGate.judge(sequel(setup(g -> g.forceUpdate()), 10),
                List.of("KPI delay P75 at 75 % in series 2"));
        assertThat(forced.failures()).isEmpty();
        BaselineGate.Written written = forced.writeBaseline();
        assertThat(written.gate().result().written()).isTrue();
        assertThat(written.gate().notes()).singleElement().asString()
                .contains("forced by triscale.baseline.update.force although the verdict failed");
    }

    @Test
    void anUpdateIsRefusedWhenARunFailed() {
        RecordedSequels.Builder builder = RecordedSequels.builder(setup(g -> g.update()));
        for (int s = 1; s <= SERIES; s++) {
            builder.series(s, RecordedSequels.ramp(RUNS, 10, 0.1));
        }
        BaselineGate gate = BaselineGate.judge(builder.run(3, 2, RunStatus.FAILED, "crash").build(), List.of());

        assertThat(gate.failures()).singleElement().asString()
                .isEqualTo("Baseline gate: the baseline was not updated, because series 3 run 2 failed; a baseline"
                        + " must hold every run. Fix the failures and rerun with -Dtriscale.baseline.update=true.");
    }

    @Test
    void anUnreadableBaselineFailsAndIsLeftAsItWas() throws IOException {
        Path file = setup(g -> g).gate().orElseThrow().files().baseline();
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{ not json");
        BaselineGate gate = BaselineGate.judge(sequel(setup(g -> g), 10), List.of());

        assertThat(gate.failures()).singleElement().asString().startsWith("Baseline gate: ")
                .endsWith("the file is left as it was. Fix it, restore it from version control, or replace it with"
                        + " this execution's sequel with -Dtriscale.baseline.update=true.");
        assertThat(Files.readString(file)).isEqualTo("{ not json");
    }

    @Test
    void theHistoryRecordsEverySequelAndAcceptsOnlyPassingUnchangedOnes() throws IOException {
        baseline(10);
        GateSpec spec = setup(g -> g).gate().orElseThrow();
        BaselineGate same = BaselineGate.judge(sequel(setup(g -> g), 10), List.of());
        assertThat(same.appendHistory(TestResult.VerdictStatus.PASSED, true)).isEmpty();
        BaselineGate slower = BaselineGate.judge(sequel(setup(g -> g), 13), List.of());
        assertThat(slower.appendHistory(TestResult.VerdictStatus.FAILED, false)).isEmpty();

        List<SequelRecord> records = HistoryStore.read(spec.files().history()).records();
        assertThat(records).hasSize(2);
        assertThat(records.get(0).accepted()).isTrue();
        assertThat(records.get(0).verdict()).isEqualTo(TestResult.VerdictStatus.PASSED);
        assertThat(records.get(0).changes()).singleElement()
                .satisfies(change -> assertThat(change.outcome()).isEqualTo(ComparisonOutcome.UNCHANGED));
        assertThat(records.get(1).accepted()).isFalse();
        assertThat(records.get(1).changes().get(0).outcome()).isEqualTo(ComparisonOutcome.REGRESSED);

        // The next result shows both, and itself last.
        TestResult.GateHistory history = BaselineGate.judge(sequel(setup(g -> g), 10), List.of()).result().history();
        assertThat(history.builds()).hasSize(3);
        assertThat(history.builds().get(2).current()).isTrue();
        assertThat(history.builds().get(0).accepted()).isTrue();
        assertThat(history.builds().get(1).accepted()).isFalse();
    }

    @Test
    void theBaselineCanComeFromTheLastAcceptedSequelsOfTheHistory() {
        BaselineGate first = BaselineGate.judge(sequel(setup(g -> g.fromHistory(3)), 10), List.of());
        assertThat(first.warnings()).singleElement().asString()
                .contains("the history " + setup(g -> g).gate().orElseThrow().files().history()
                        + " holds no accepted sequel of this test bed");
        // Nothing to compare: not accepted, so it never becomes a reference.
        first.appendHistory(TestResult.VerdictStatus.PASSED, true);

        baseline(10);
        BaselineGate second = BaselineGate.judge(sequel(setup(g -> g.fromHistory(3)), 10), List.of());
        second.appendHistory(TestResult.VerdictStatus.PASSED, true);
        BaselineGate third = BaselineGate.judge(sequel(setup(g -> g.fromHistory(3)), 10), List.of());

        assertThat(third.result().source()).startsWith("the last 1 accepted sequel of the history ")
                .endsWith("(3 asked)");
        assertThat(third.worstOutcome()).isEqualTo(ComparisonOutcome.UNCHANGED);
    }
}
