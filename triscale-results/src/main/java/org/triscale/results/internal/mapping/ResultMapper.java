package org.triscale.results.internal.mapping;

import org.triscale.results.internal.common.InterleaveOrder;
import org.triscale.results.internal.model.CellParameters;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.verdict.SequelDecision;
import org.triscale.results.internal.verdict.SeriesDecision;
import org.triscale.results.internal.verdict.SequentialScoreOutcome;
import org.triscale.results.internal.verdict.Analysis;
import org.triscale.results.internal.verdict.KpiOutcome;
import org.triscale.results.internal.setup.KpiSpec;
import org.triscale.results.internal.setup.Machine;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.results.internal.recording.MetricValue;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.verdict.ScoreOutcome;
import org.triscale.results.internal.setup.ScoreSpec;
import org.triscale.results.internal.setup.Settings;
import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.VerdictMessages;
import org.triscale.engine.CheckResult;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.Stationarity;
import org.triscale.engine.analysis.VariabilityResult;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.sequential.SequentialScoreStep;
import org.triscale.engine.sequential.SequentialStep;
import org.triscale.engine.trend.ConvergenceResult;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** Maps a test's state and analysis onto its JSON result. */
public final class ResultMapper {
    private ResultMapper() {
    }

    public static TestResult map(RecordedSequel state, Analysis analysis, TestResult.VerdictStatus status,
                                 List<String> failures, List<String> warnings, TestResult.Gate gate) {
        TestSetup setup = state.setup();
        List<TestResult.Run> runs = new ArrayList<>();
        long duration = 0;
        int failed = 0;
        int excluded = 0;
        for (RunRecord record : state.runs()) {
            runs.add(run(record));
            duration += record.durationNanos();
            failed += record.status() == RunStatus.FAILED ? 1 : 0;
            excluded += record.status() == RunStatus.NOT_CONVERGED || record.status() == RunStatus.ABORTED ? 1 : 0;
        }
        List<TestResult.SeriesResult> series = new ArrayList<>();
        for (int k = 1; k <= state.seriesCount(); k++) {
            List<TestResult.SeriesKpi> kpis = new ArrayList<>();
            for (KpiOutcome outcome : analysis.kpis()) {
                if (outcome.series() == k) {
                    kpis.add(kpi(state, outcome));
                }
            }
            int valid = 0;
            for (int run = 1; run <= state.runsIn(k); run++) {
                valid += state.run(k, run).status().valid() ? 1 : 0;
            }
            series.add(adaptive(state, analysis, k, valid, kpis));
        }
        List<TestResult.Score> scores = new ArrayList<>();
        for (ScoreOutcome outcome : analysis.scores()) {
            scores.add(score(outcome));
        }
        TestResult.Verdict verdict = new TestResult.Verdict(status, state.plannedRuns(), state.executedRuns(), failed,
                excluded, failures, warnings);
        return new TestResult(TestResult.SCHEMA_VERSION, setup.testClass(), setup.testMethod(),
                new TestResult.Timing(state.createdAt().toString(), Instant.now().toString(), duration),
                parameters(state), runs, series,
                scores, verdict, environment(state), gate);
    }

    /** A series, with the stopping run, its reason and the anytime-valid KPIs when the test is adaptive. */
    private static TestResult.SeriesResult adaptive(RecordedSequel state, Analysis analysis, int k, int valid,
                                              List<TestResult.SeriesKpi> kpis) {
        SeriesDecision adaptive = state.adaptive(k);
        if (adaptive == null) {
            return new TestResult.SeriesResult(k, valid, kpis);
        }
        List<TestResult.SequentialBound> sequential = new ArrayList<>();
        for (KpiOutcome outcome : analysis.kpis()) {
            if (outcome.series() == k) {
                SequentialStep step = outcome.sequential().step();
                OptionalInt left = outcome.sequential().runsLeft();
                sequential.add(new TestResult.SequentialBound(outcome.spec().metric().name(),
                        outcome.spec().percentile(), number(step.lower()), number(step.upper()),
                        number(step.relativeHalfWidth()), step.decision(), basis(outcome.sequential().fallback()),
                        left.isPresent() ? left.getAsInt() : null,
                        outcome.sequential().fallback() ? number(outcome.sequential().fallbackConfidence()) : null));
            }
        }
        return new TestResult.SeriesResult(k, valid, kpis, adaptive.runs(), adaptive.stopReason(), sequential);
    }

    /** The parameters of a test, as its result and a shard's partial result hold them. */
    public static TestResult.Parameters parameters(RecordedSequel state) {
        TestSetup setup = state.setup();
        Settings settings = setup.settings();
        List<TestResult.MetricParameters> metrics = new ArrayList<>();
        for (MetricSpec metric : setup.metrics()) {
            metrics.add(new TestResult.MetricParameters(metric.name(), metric.measure(), metric.unit(),
                    metric.bounds() == null ? null : List.of(metric.bounds().min(), metric.bounds().max()),
                    metric.convergenceRequired(), metric.xUnit()));
        }
        List<TestResult.KpiParameters> kpis = new ArrayList<>();
        for (KpiSpec kpi : setup.kpis()) {
            kpis.add(kpiParameters(kpi));
        }
        List<TestResult.ScoreParameters> scores = new ArrayList<>();
        for (ScoreSpec score : setup.scores()) {
            scores.add(new TestResult.ScoreParameters(definition(score), number(score.atMost()),
                    number(score.relativeAtMost())));
        }
        return new TestResult.Parameters(settings.mode(), settings.checks(), settings.baseSeed(),
                runsParameters(state),
                seriesParameters(state),
                setup.convergence().map(c -> new TestResult.ConvergenceParameters(c.confidence(), c.tolerance()))
                        .orElse(null),
                metrics, kpis, scores, setup.cell().isEmpty() ? null : setup.cell(),
                setup.cell().isEmpty() ? null : CellParameters.parse(setup.cell()),
                setup.id().reference().isEmpty() ? null : setup.id().reference(),
                settings.interleaveOrder() != null && setup.gate().filter(g -> g.comparison().interleaved()).isPresent()
                        ? InterleaveOrder.format(settings.interleaveOrder()) : null);
    }

    private static TestResult.SeriesParameters seriesParameters(RecordedSequel state) {
        TestSetup.SeriesSetup series = state.setup().series();
        SequelDecision sequel = state.sequel();
        if (sequel == null) {
            return new TestResult.SeriesParameters(series.count(), series.scorePercentile(), series.scoreConfidence());
        }
        return new TestResult.SeriesParameters(state.seriesCount(), series.scorePercentile(), series.scoreConfidence(),
                true, series.count(), sequel.stopReason());
    }

    private static TestResult.RunsParameters runsParameters(RecordedSequel state) {
        TestSetup.RunsSetup runs = state.setup().runs();
        if (!runs.adaptive()) {
            return new TestResult.RunsParameters(runs.kpiPercentile(), runs.kpiConfidence(), runs.robustness(),
                    runs.perSeries(), runs.sized());
        }
        int longest = 0;
        for (int series = 1; series <= state.seriesCount(); series++) {
            longest = Math.max(longest, state.runsIn(series));
        }
        return new TestResult.RunsParameters(runs.kpiPercentile(), runs.kpiConfidence(), runs.robustness(), longest,
                runs.sized(), true, runs.perSeries(), number(runs.precision()));
    }

    /** One run, as the result and a shard's partial result hold it. */
    public static TestResult.Run run(RunRecord record) {
        List<TestResult.MetricResult> metrics = new ArrayList<>();
        for (MetricValue value : record.metrics()) {
            ConvergenceResult convergence = value.convergence();
            metrics.add(new TestResult.MetricResult(value.metric().name(), number(value.value()), value.valid(),
                    value.samples(), value.droppedNaN(), value.reported(), convergence == null ? null
                    : new TestResult.Convergence(convergence.converged(), number(convergence.fit().slope()),
                            number(convergence.fit().lowSlope()), number(convergence.fit().highSlope()),
                            convergence.fit().confidence(), convergence.tolerance(), convergence.points(),
                            number(convergence.fit().intercept())), value.summary(),
                    number(value.effectiveSampleSize())));
        }
        return new TestResult.Run(record.series, record.run, record.seed, record.status(),
                record.durationNanos(), record.message(), metrics, record.notes());
    }

    private static TestResult.SeriesKpi kpi(RecordedSequel state, KpiOutcome outcome) {
        KpiSpec spec = outcome.spec();
        KpiResult result = outcome.result();
        boolean sequential = outcome.sequentialVerdict();
        // The indices describe a fixed-N bound; a sequential verdict has its own entry in the series.
        boolean fixedN = outcome.defined() && !sequential;
        OrderStatisticInterval interval = result == null || sequential ? null : result.interval();
        String message = outcome.passed() ? null : sequential ? VerdictMessages.sequentialFailed(outcome)
                : outcome.defined() ? VerdictMessages.kpiViolated(outcome)
                : VerdictMessages.kpiUndefined(state.setup(), outcome, state);
        TestResult.KpiBound bound = new TestResult.KpiBound(number(outcome.value()), outcome.defined(),
                outcome.passed(), outcome.values().length, outcome.needed(),
                fixedN ? result.index() : null, fixedN ? outcome.boundRun() : null,
                interval == null || interval.lowerIndex().isEmpty() ? null : interval.lowerIndex().getAsInt(),
                interval == null || interval.upperIndex().isEmpty() ? null : interval.upperIndex().getAsInt());
        return new TestResult.SeriesKpi(kpiParameters(spec), bound, checks(result == null ? null : result.stationarity()),
                message);
    }

    private static TestResult.Score score(ScoreOutcome outcome) {
        ScoreSpec spec = outcome.spec();
        VariabilityResult result = outcome.result();
        List<Double> kpis = new ArrayList<>();
        for (double value : outcome.kpis()) {
            kpis.add(number(value));
        }
        String message = outcome.passed() ? null : outcome.defined() ? VerdictMessages.scoreViolated(outcome)
                : VerdictMessages.scoreUndefined(outcome);
        TestResult.ScoreInterval interval;
        if (outcome.sequentialVerdict()) {
            // The anytime-valid ends, which the verdict rests on; the series indices describe a fixed-N
            // interval only.
            SequentialScoreStep step = outcome.sequential().step();
            interval = new TestResult.ScoreInterval(number(step.lowLower()), number(step.highUpper()),
                    number(step.score()), number(step.relativeScore()), null, null, true, outcome.passed(),
                    outcome.needed());
        } else {
            boolean defined = outcome.defined();
            interval = new TestResult.ScoreInterval(
                    defined ? number(result.lowerValue()) : null, defined ? number(result.upperValue()) : null,
                    defined ? number(result.score()) : null, defined ? number(result.relativeScore()) : null,
                    defined ? outcome.lowSeries() : null, defined ? outcome.highSeries() : null, defined,
                    outcome.passed(), outcome.needed());
        }
        return new TestResult.Score(definition(spec), kpis, interval,
                checks(result == null ? null : result.stationarity()), message, sequentialScore(outcome));
    }

    private static TestResult.SequentialScoreResult sequentialScore(ScoreOutcome outcome) {
        SequentialScoreOutcome sequential = outcome.sequential();
        if (sequential == null) {
            return null;
        }
        SequentialScoreStep step = sequential.step();
        return new TestResult.SequentialScoreResult(sequential.stopSeries(), number(step.lowLower()),
                number(step.lowUpper()), number(step.highLower()), number(step.highUpper()), number(step.score()),
                number(step.relativeScore()), step.decision(), basis(sequential.fallback()),
                sequential.fallback() ? number(sequential.fallbackConfidence()) : null);
    }

    /** What a sequential verdict rests on: the fixed-N fallback after maxCount, or the decision. */
    private static TestResult.VerdictBasis basis(boolean fallback) {
        return fallback ? TestResult.VerdictBasis.FIXED_N : TestResult.VerdictBasis.SEQUENTIAL;
    }

    private static TestResult.KpiParameters kpiParameters(KpiSpec kpi) {
        return new TestResult.KpiParameters(kpi.metric().name(), kpi.percentile(), kpi.confidence(), kpi.side(),
                number(kpi.atMost()), number(kpi.atLeast()));
    }

    private static TestResult.ScoreDefinition definition(ScoreSpec score) {
        return new TestResult.ScoreDefinition(score.metric().name(), score.kpi().percentile(), score.percentile(),
                score.confidence(), score.kind());
    }

    /** The checks of the values, none (and stationarity null) when there were none. */
    private static TestResult.Checks checks(Stationarity stationarity) {
        List<TestResult.Check> checks = new ArrayList<>();
        if (stationarity != null) {
            for (CheckResult check : stationarity.checks()) {
                checks.add(new TestResult.Check(check.name(), check.passed(), number(check.statistic()),
                        number(check.pValue()), check.description()));
            }
        }
        return new TestResult.Checks(stationarity == null ? null : stationarity.stationary(), checks);
    }

    /** Where the runs ran, with what they reported about the test bed (a merge: what the shards reported). */
    private static TestResult.Environment environment(RecordedSequel state) {
        java.util.Map<String, String> testBed = state.restoredFingerprint() != null
                ? state.restoredFingerprint().testBed() : state.testBed();
        return state.environment().withTestBed(testBed);
    }

    /** Where this JVM runs, as the JSON result records it. */
    public static TestResult.Environment currentEnvironment() {
        Machine machine = Machine.current();
        return new TestResult.Environment(machine.javaVersion(), machine.javaVendor(),
                machine.osName() + " " + machine.osVersion(), machine.arch(), machine.cpus(), machine.junitVersion(),
                machine.triscaleVersion());
    }

    /** NaN and infinities become null (JSON has no NaN). */
    public static Double number(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
