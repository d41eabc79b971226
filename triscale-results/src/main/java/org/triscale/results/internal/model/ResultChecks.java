package org.triscale.results.internal.model;

import org.triscale.results.internal.common.Limits;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks a result or partial result just read, before anything uses it: the fields every reader
 * needs are present and in range, so that a damaged or hostile file is refused with its name and
 * the field, not with a {@code NullPointerException} deep in the report or the merge.
 */
final class ResultChecks {
    private final Path file;

    private ResultChecks(Path file) {
        this.file = file;
    }

    /** Checks a full result. */
    static void check(TestResult result, Path file) throws IOException {
        ResultChecks checks = new ResultChecks(file);
        checks.names(result.testClass(), result.testMethod());
        checks.parameters(result.parameters());
        checks.runs(result.runs());
        checks.present(result.series(), "series");
        for (int i = 0; i < result.series().size(); i++) {
            TestResult.SeriesResult series = checks.present(result.series().get(i), "series[" + i + "]");
            checks.present(series.kpis(), "series[" + i + "].kpis");
            for (int k = 0; k < series.kpis().size(); k++) {
                TestResult.SeriesKpi kpi = checks.present(series.kpis().get(k), "series[" + i + "].kpis[" + k + "]");
                checks.kpi(kpi.spec(), "series[" + i + "].kpis[" + k + "]");
            }
        }
        checks.present(result.variabilityScores(), "variabilityScores");
        for (int i = 0; i < result.variabilityScores().size(); i++) {
            TestResult.Score score = checks.present(result.variabilityScores().get(i), "variabilityScores[" + i + "]");
            checks.score(score.definition(), "variabilityScores[" + i + "]");
        }
        TestResult.Verdict verdict = checks.present(result.verdict(), "verdict");
        checks.present(verdict.status(), "verdict.status");
        checks.present(verdict.failures(), "verdict.failures");
        checks.present(verdict.warnings(), "verdict.warnings");
        checks.present(result.environment(), "environment");
    }

    /** Checks a partial result. */
    static void check(PartialResult result, Path file) throws IOException {
        ResultChecks checks = new ResultChecks(file);
        checks.names(result.testClass(), result.testMethod());
        checks.present(result.testName(), "testName");
        PartialResult.ShardRuns shard = checks.present(result.shard(), "shard");
        // The bound of triscale.shard (Shard.MAX_COUNT), checked before the merge loops over the shards.
        if (shard.count() < 1 || shard.count() > 10_000 || shard.index() < 1 || shard.index() > shard.count()) {
            throw checks.bad("shard", "is " + shard.index() + "/" + shard.count() + ", not k/K with 1 <= k <= K <= 10000");
        }
        checks.present(shard.series(), "shard.series");
        checks.present(result.startedAt(), "startedAt");
        checks.present(result.recordedAt(), "recordedAt");
        checks.parameters(result.parameters());
        checks.present(result.fingerprint(), "fingerprint");
        checks.runs(result.runs());
    }

    private void names(String testClass, String testMethod) throws IOException {
        if (!binaryName(present(testClass, "testClass"))) {
            throw bad("testClass", "is not a Java class name (identifiers separated by '.')");
        }
        if (!identifier(present(testMethod, "testMethod"))) {
            throw bad("testMethod", "is not a Java method name");
        }
    }

    private void parameters(TestResult.Parameters parameters) throws IOException {
        present(parameters, "parameters");
        present(parameters.mode(), "parameters.mode");
        TestResult.RunsParameters runs = present(parameters.runs(), "parameters.runs");
        percent(runs.percentile(), "parameters.runs.percentile");
        percent(runs.confidence(), "parameters.runs.confidence");
        if (runs.count() < 1 || runs.count() > Limits.MAX_RUNS) {
            throw bad("parameters.runs.count", "is " + runs.count() + ", not in [1, 100000]");
        }
        TestResult.SeriesParameters series = present(parameters.series(), "parameters.series");
        if (series.count() < 1 || (long) series.count() * runs.count() > Limits.MAX_RUNS) {
            throw bad("parameters.series.count", "is " + series.count() + "; series × runs must be in [1, 100000]");
        }
        present(parameters.metrics(), "parameters.metrics");
        for (int i = 0; i < parameters.metrics().size(); i++) {
            present(present(parameters.metrics().get(i), "parameters.metrics[" + i + "]").name(),
                    "parameters.metrics[" + i + "].name");
            present(parameters.metrics().get(i).measure(), "parameters.metrics[" + i + "].measure");
        }
        present(parameters.kpis(), "parameters.kpis");
        for (int i = 0; i < parameters.kpis().size(); i++) {
            kpi(parameters.kpis().get(i), "parameters.kpis[" + i + "]");
        }
        present(parameters.variabilityScores(), "parameters.variabilityScores");
        for (int i = 0; i < parameters.variabilityScores().size(); i++) {
            TestResult.ScoreParameters score = present(parameters.variabilityScores().get(i),
                    "parameters.variabilityScores[" + i + "]");
            score(score.definition(), "parameters.variabilityScores[" + i + "]");
        }
    }

    private void kpi(TestResult.KpiParameters kpi, String field) throws IOException {
        present(kpi, field);
        present(kpi.metric(), field + ".metric");
        percent(kpi.percentile(), field + ".percentile");
        percent(kpi.confidence(), field + ".confidence");
    }

    private void score(TestResult.ScoreDefinition score, String field) throws IOException {
        present(score, field);
        present(score.metric(), field + ".metric");
        percent(score.kpiPercentile(), field + ".kpiPercentile");
        percent(score.percentile(), field + ".percentile");
        percent(score.confidence(), field + ".confidence");
    }

    private void runs(List<TestResult.Run> runs) throws IOException {
        present(runs, "runs");
        for (int i = 0; i < runs.size(); i++) {
            String field = "runs[" + i + "]";
            TestResult.Run run = present(runs.get(i), field);
            present(run.status(), field + ".status");
            if (run.series() < 1 || run.run() < 1) {
                throw bad(field, "has series " + run.series() + " and run " + run.run() + "; both count from 1");
            }
            present(run.metrics(), field + ".metrics");
            for (int m = 0; m < run.metrics().size(); m++) {
                TestResult.MetricResult metric = present(run.metrics().get(m), field + ".metrics[" + m + "]");
                present(metric.metric(), field + ".metrics[" + m + "].metric");
                if (metric.valid() && (metric.value() == null || !Double.isFinite(metric.value()))) {
                    throw bad(field + ".metrics[" + m + "].value", "is missing or not finite in a valid run metric");
                }
            }
        }
    }

    private void percent(double value, String field) throws IOException {
        if (!(value > 0 && value < 100)) {
            throw bad(field, "is " + value + ", not in (0, 100)");
        }
    }

    private <T> T present(T value, String field) throws IOException {
        if (value == null) {
            throw new IOException(file + ": the field " + field + " is missing or null; the file is damaged or was"
                    + " not written by TriScale. Use the file the test wrote");
        }
        return value;
    }

    private IOException bad(String field, String why) {
        return new IOException(file + ": the field " + field + " " + why + "; the file is damaged or was not written"
                + " by TriScale. Use the file the test wrote");
    }

    private static boolean binaryName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (String part : name.split("\\.", -1)) {
            if (!identifier(part)) {
                return false;
            }
        }
        return true;
    }

    /** A Java identifier without the "ignorable" control characters Java allows in them. */
    private static boolean identifier(String name) {
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.codePointAt(0))) {
            return false;
        }
        return name.codePoints().allMatch(c -> Character.isJavaIdentifierPart(c) && !Character.isIdentifierIgnorable(c));
    }
}
