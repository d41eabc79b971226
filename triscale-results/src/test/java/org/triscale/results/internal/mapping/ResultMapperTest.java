package org.triscale.results.internal.mapping;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.sizing.Sizing;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.judge.Judge;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.model.StopReason;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.FailingChecks;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.Analysis;
import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.verdict.VerdictAnalysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** The mapping of a verdict onto its JSON result, and the result's round trip through its file. */
class ResultMapperTest {

    private static final double[] DELAYS = {12.0, 10.0, 14.5, 11.0, 13.0};

    private static TestSetup setup(double atMost, int series) {
        return TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(atMost).series(series).build();
    }

    @Test
    void theResultHoldsTheParametersTheRunsTheKpisAndTheVerdict() {
        RecordedSequel sequel = RecordedSequels.builder(setup(100, 2)).series(1, DELAYS).series(2, 20, 22, 21, 23.5, 20.5)
                .notes(2, 3, Map.of("stderr", "warm-up")).build();
        Analysis analysis = VerdictAnalysis.analyse(sequel);
        TestResult result = ResultMapper.map(sequel, analysis, TestResult.VerdictStatus.PASSED, List.of(),
                List.of("a warning"), null);

        assertThat(result.schemaVersion()).isEqualTo(TestResult.SCHEMA_VERSION);
        assertThat(result.testClass()).isEqualTo("org.example.CcaTest");
        assertThat(result.testMethod()).isEqualTo("delay");
        assertThat(result.startedAt()).isEqualTo("2026-01-02T03:04:05Z");
        // The fixture times run r at r ms: 2 series × (1 + … + 5) ms.
        assertThat(result.durationNanos()).isEqualTo(2 * 15 * 1_000_000L);
        TestResult.Parameters parameters = result.parameters();
        assertThat(parameters.mode()).isEqualTo(Mode.SOUND);
        assertThat(parameters.checksPolicy()).isEqualTo(FailingChecks.WARN);
        assertThat(parameters.runs().count()).isEqualTo(5);
        assertThat(parameters.runs().sizedMinimum()).isEqualTo(Sizing.oneSided(75, 75, 0));
        assertThat(parameters.series().count()).isEqualTo(2);
        assertThat(parameters.metrics()).singleElement().satisfies(metric -> {
            assertThat(metric.name()).isEqualTo("delay");
            assertThat(metric.unit()).isEqualTo("ms");
            assertThat(metric.bounds()).isNull();
        });
        assertThat(parameters.kpis()).singleElement().satisfies(kpi -> {
            assertThat(kpi.side()).isEqualTo(Side.UPPER);
            assertThat(kpi.atMost()).isEqualTo(100.0);
            assertThat(kpi.atLeast()).as("NaN is null in JSON").isNull();
        });

        assertThat(result.runs()).hasSize(10);
        TestResult.Run run = result.runs().get(7);
        assertThat(run.series()).isEqualTo(2);
        assertThat(run.run()).isEqualTo(3);
        assertThat(run.seed()).isEqualTo(org.triscale.results.internal.common.RunSeeds.seed(
                sequel.setup().settings().baseSeed(), sequel.setup().testClass(), sequel.setup().testMethod(), 2, 3));
        assertThat(run.status()).isEqualTo(RunStatus.PASSED);
        assertThat(run.notes()).containsEntry("stderr", "warm-up");
        assertThat(run.metrics()).singleElement().satisfies(metric -> {
            assertThat(metric.value()).isEqualTo(21.0);
            assertThat(metric.valid()).isTrue();
            assertThat(metric.reported()).isTrue();
        });

        assertThat(result.series()).hasSize(2);
        TestResult.SeriesKpi kpi = result.series().get(0).kpis().get(0);
        double expected = Kpis.kpi(DELAYS, 75, 75, Side.UPPER, null, Mode.SOUND).value();
        assertThat(kpi.bound().value()).isEqualTo(expected).isEqualTo(14.5);
        assertThat(kpi.bound().defined()).isTrue();
        assertThat(kpi.bound().passed()).isTrue();
        assertThat(kpi.bound().values()).isEqualTo(5);
        assertThat(kpi.bound().index()).isEqualTo(4);
        assertThat(kpi.bound().boundRun()).isEqualTo(3);
        assertThat(kpi.bound().upperIndex()).isEqualTo(4);
        assertThat(kpi.message()).as("a passing KPI has no message").isNull();
        assertThat(result.series().get(0).validRuns()).isEqualTo(5);
        assertThat(result.series().get(0).stopRun()).as("fixed runs have no stop").isNull();

        assertThat(result.verdict().status()).isEqualTo(TestResult.VerdictStatus.PASSED);
        assertThat(result.verdict().runs()).isEqualTo(10);
        assertThat(result.verdict().executedRuns()).isEqualTo(10);
        assertThat(result.verdict().warnings()).containsExactly("a warning");
        assertThat(result.baseline()).isNull();
    }

    @Test
    void aViolatedKpiCarriesTheVerdictsMessageAndFailedRunsAreCounted() {
        RecordedSequel sequel = RecordedSequels.builder(setup(12, 1)).series(1, DELAYS)
                .run(1, 1, RunStatus.FAILED, "crash").run(1, 4, RunStatus.NOT_CONVERGED, "").build();
        Judge.Decision decision = Judge.decide(sequel);
        TestResult result = decision.result();

        assertThat(result.verdict().status()).isEqualTo(TestResult.VerdictStatus.FAILED);
        assertThat(result.verdict().failedRuns()).isEqualTo(1);
        assertThat(result.verdict().excludedRuns()).isEqualTo(1);
        assertThat(result.verdict().failures()).isEqualTo(decision.failures());
        TestResult.SeriesKpi kpi = result.series().get(0).kpis().get(0);
        // 3 valid runs of the 5 the bound needs: undefined, with the verdict's sentence.
        assertThat(kpi.bound().defined()).isFalse();
        assertThat(kpi.bound().value()).isNull();
        assertThat(kpi.bound().needed()).isEqualTo(5);
        assertThat(kpi.bound().values()).isEqualTo(3);
        assertThat(kpi.message()).contains("cannot be computed in series 1");
        assertThat(result.runs().get(0).status()).isEqualTo(RunStatus.FAILED);
        assertThat(result.runs().get(0).message()).isEqualTo("crash");
        assertThat(result.runs().get(0).metrics().get(0).value()).isNull();
        assertThat(result.runs().get(0).metrics().get(0).valid()).isFalse();
    }

    @Test
    void theScoreIsMappedWithItsEndsAndTheSeriesKpis() {
        int series = Sizing.twoSided(75, 75, 0);
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                .score(2, Double.NaN).series(series).build();
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= series; s++) {
            runs.series(s, RecordedSequels.ramp(5, 10 + s, 0.25));
        }
        TestResult result = TestResults.of(runs.build());

        TestResult.Score score = result.variabilityScores().get(0);
        assertThat(score.definition().kind()).isEqualTo(IntervalKind.TWO_SIDED);
        assertThat(score.seriesKpis()).containsExactly(12.0, 13.0, 14.0, 15.0, 16.0);
        assertThat(score.interval().lowerValue()).isEqualTo(12.0);
        assertThat(score.interval().upperValue()).isEqualTo(16.0);
        assertThat(score.interval().score()).isEqualTo(4.0);
        assertThat(score.interval().lowerSeries()).isEqualTo(1);
        assertThat(score.interval().upperSeries()).isEqualTo(series);
        assertThat(score.interval().passed()).isFalse();
        assertThat(score.message()).contains("above atMost 2 ms");
        assertThat(score.sequential()).isNull();
        assertThat(result.parameters().variabilityScores()).singleElement()
                .satisfies(p -> assertThat(p.atMost()).isEqualTo(2.0));
    }

    @Test
    void anAdaptiveSeriesHasItsStopAndItsSequentialBound() {
        SplittableRandom random = new SplittableRandom(11);
        double[] values = random.doubles(200, 8, 12).toArray();
        TestSetup setup = TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(100)
                .adaptiveRuns(200).build();
        RecordedSequel sequel = RecordedSequels.builder(setup).series(1, values).build();
        TestResult result = TestResults.of(sequel);

        TestResult.SeriesResult series = result.series().get(0);
        assertThat(series.stopReason()).isEqualTo(StopReason.DECIDED);
        assertThat(series.stopRun()).isEqualTo(sequel.runsIn(1));
        assertThat(series.sequential()).singleElement().satisfies(bound -> {
            assertThat(bound.metric()).isEqualTo("delay");
            assertThat(bound.verdict()).isEqualTo(TestResult.VerdictBasis.SEQUENTIAL);
            assertThat(bound.upper()).isLessThanOrEqualTo(100);
            assertThat(bound.lastLookConfidence()).isNull();
        });
        // The indices describe a fixed-N bound only.
        assertThat(series.kpis().get(0).bound().index()).isNull();
        assertThat(result.parameters().runs().adaptive()).isTrue();
        assertThat(result.parameters().runs().maxCount()).isEqualTo(200);
        assertThat(result.parameters().runs().count()).isEqualTo(sequel.runsIn(1));
        assertThat(result.verdict().runs()).isEqualTo(sequel.runsIn(1));
    }

    @Test
    void numbersThatJsonCannotHoldAreNull() {
        assertThat(ResultMapper.number(Double.NaN)).isNull();
        assertThat(ResultMapper.number(Double.POSITIVE_INFINITY)).isNull();
        assertThat(ResultMapper.number(Double.NEGATIVE_INFINITY)).isNull();
        assertThat(ResultMapper.number(-0.5)).isEqualTo(-0.5);
    }

    @Test
    void aResultSurvivesItsJsonRoundTrip(@TempDir Path dir) throws IOException {
        TestResult result = TestResults.failing();
        Path file = JsonResults.write(result, dir);

        assertThat(file.getFileName().toString()).isEqualTo(JsonResults.fileName(result.testClass(),
                result.testMethod()));
        TestResult read = JsonResults.read(file);
        assertThat(read).isEqualTo(result);
        assertThat(read.verdict().failures()).isEqualTo(result.verdict().failures()).isNotEmpty();
        // Written again, the same bytes: nothing is lost or reordered.
        Path again = JsonResults.write(read, Files.createDirectory(dir.resolve("again")));
        assertThat(Files.readString(again)).isEqualTo(Files.readString(file));
    }

    @Test
    void theCurrentEnvironmentIsThisJvms() {
        TestResult.Environment environment = ResultMapper.currentEnvironment();
        assertThat(environment.java()).isEqualTo(System.getProperty("java.version"));
        assertThat(environment.cpus()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(environment.os()).startsWith(System.getProperty("os.name"));
    }
}
