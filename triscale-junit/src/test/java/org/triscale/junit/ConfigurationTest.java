package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.triscale.junit.ResultsTest.PassingFixture;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Misconfigurations fail before any run, naming the annotation, the attribute, the value and the fix. */
class ConfigurationTest {
    @TempDir
    Path folder;

    static Stream<Arguments> misconfigurations() {
        return Stream.of(
                arguments(PercentileOutOfRange.class, List.of("@Runs(kpiPercentile = 100) must be in the open interval "
                        + "(0, 100); use e.g. kpiPercentile = 75")),
                arguments(ConfidenceOutOfRange.class, List.of("@Runs(kpiConfidence = 0) must be in the open interval")),
                arguments(CountBelowMinimum.class, List.of("@Runs(count = 3)", "5 runs per series", "count >= 5")),
                arguments(RobustnessNegative.class, List.of("@Runs(robustness = -1) must be >= 0")),
                arguments(UnknownKpiMetric.class, List.of("@Kpi(metric = \"delai\") names no declared metric; "
                        + "declared: delay, throughput. Fix the name or add @Metric(name = \"delai\", ...)")),
                arguments(KpiWithoutThreshold.class, List.of("@Kpi(metric = \"delay\") sets neither atMost nor atLeast")),
                arguments(MedianWithBothThresholds.class, List.of("percentile = 50) sets both atMost and atLeast",
                        "declare two @Kpi")),
                arguments(KpiNeedsMoreRuns.class, List.of("@Kpi(metric = \"delay\", percentile = 75, confidence = 95) "
                        + "needs at least 11 runs per series, but the test has @Runs(count = 5); set @Runs(count = 11)")),
                arguments(ThresholdsContradict.class, List.of("atLeast = 10, atMost = 5) can never hold")),
                arguments(ScoreWithOneSeries.class, List.of("@VariabilityScore(metric = \"delay\") needs at least 5 "
                        + "series for the 25th/75th percentile pair at 75 % confidence, but the test has one series "
                        + "(no @Series); set @Series(count = 5)")),
                arguments(ScoreTooFewSeries.class, List.of("needs at least 5 series", "but @Series(count = 3)")),
                arguments(ScoreWithoutKpi.class, List.of("no @Kpi is declared for it")),
                arguments(ScoreWithoutThreshold.class, List.of("sets neither atMost nor relativeAtMost")),
                arguments(DuplicateMetric.class, List.of("@Metric(name = \"delay\") is declared twice")),
                arguments(BadBounds.class, List.of("@Metric(name = \"delay\", bounds = [100.0, 0.0]) must be empty or "
                        + "two finite values {min, max} with min < max")),
                arguments(BadMeasure.class, List.of("@Metric(name = \"delay\", samplePercentile = 100) must be in the open interval")),
                arguments(SamplePercentileWithMean.class, List.of("@Metric(name = \"delay\", statistic = MEAN, "
                        + "samplePercentile = 95) gives two statistics")),
                arguments(PercentileWithoutValue.class, List.of("@Metric(name = \"delay\", statistic = PERCENTILE) "
                        + "needs samplePercentile")),
                arguments(PercentileAsFraction.class, List.of("@Kpi(metric = \"delay\", percentile = 0.95) looks like"
                        + " a fraction; percentiles and confidences are in percent: write 95 for 0.95")),
                arguments(LowerKpiWithAtMost.class, List.of("@Kpi(metric = \"delay\", percentile = 25, atMost = 60) "
                        + "bounds the 25th percentile from below", "or set oppositeSide = true")),
                arguments(UpperKpiWithAtLeast.class, List.of("percentile = 75, atLeast = 80) bounds the 75th percentile"
                        + " from above")),
                arguments(ScoreOfWhichKpi.class, List.of("@VariabilityScore(metric = \"delay\") does not say which of "
                        + "the 2 @Kpi of delay it scores; add kpiPercentile = 75")),
                arguments(UnknownConvergenceMetric.class, List.of("@ConvergenceRequired(metrics = \"rtt\") names no "
                        + "declared metric")),
                arguments(BadTolerance.class, List.of("@ConvergenceRequired(tolerance = 0) must be a finite percentage"
                        + " > 0")),
                arguments(DuplicateKpi.class, List.of("@Kpi(metric = \"delay\", percentile = 75) is declared twice")));
    }

    @ParameterizedTest
    @MethodSource("misconfigurations")
    void failsBeforeAnyRun(Class<?> fixture, List<String> messageParts) {
        String message = configurationError(Kit.in(folder).run(fixture));

        assertThat(message).startsWith("TriScale configuration error in " + fixture.getSimpleName() + ".cca: ");
        for (String part : messageParts) {
            assertThat(message).contains(part);
        }
    }

    @Test
    void invalidConfigurationParametersAreNamed() {
        assertThat(configurationError(Kit.in(folder).with("triscale.mode", "strict").run(PassingFixture.class)))
                .contains("triscale.mode = 'strict'", "SOUND", "TRISCALE");
        assertThat(configurationError(Kit.in(folder).with("triscale.checks", "error").run(PassingFixture.class)))
                .contains("triscale.checks = 'error'", "warn (the default) or fail");
        assertThat(configurationError(Kit.in(folder).with("triscale.seed", "abc").run(PassingFixture.class)))
                .contains("triscale.seed = 'abc' is not valid");
        assertThat(configurationError(Kit.in(folder).with("triscale.progress", "yes").run(PassingFixture.class)))
                .contains("triscale.progress = 'yes' is not valid; use true or false");
        assertThat(configurationError(Kit.in(folder).with("triscale.baseline.fromHistory", "2")
                .run(PassingFixture.class)))
                .contains("triscale.baseline.fromHistory", "renamed", "triscale.baseline.from.history = '2'");
        assertThat(configurationError(Kit.in(folder).with("triscale.surefire.reports.dir", "x")
                .run(PassingFixture.class)))
                .contains("triscale.surefire.reports.dir was removed", "remove triscale.surefire.reports.dir");
    }

    @Test
    void acceptsEveryParameterSpelledRight() {
        Kit.in(folder).with("triscale.mode", "triscale").with("triscale.checks", "Warn").with("triscale.seed", "0x2a")
                .with("triscale.progress", "false").run(PassingFixture.class)
                .testEvents().assertStatistics(stats -> stats.started(7).succeeded(7));
    }

    static String configurationError(EngineExecutionResults results) {
        results.testEvents().assertStatistics(stats -> stats.started(0));
        List<Event> failed = results.containerEvents().failed().list();
        assertThat(failed).hasSize(1);
        Throwable error = Kit.error(failed.get(0));
        assertThat(error).isInstanceOf(ExtensionConfigurationException.class);
        return error.getMessage();
    }


    @FixturesOnly
    static class PercentileOutOfRange {
        @Runs(kpiPercentile = 100, kpiConfidence = 75)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class ConfidenceOutOfRange {
        @Runs(kpiPercentile = 75, kpiConfidence = 0)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class CountBelowMinimum {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 3)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class RobustnessNegative {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, robustness = -1)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class UnknownKpiMetric {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Metric(name = "throughput")
        @Kpi(metric = "delai", atMost = 60)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class KpiWithoutThreshold {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class MedianWithBothThresholds {
        @Runs(kpiPercentile = 50, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atLeast = 1, atMost = 60)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class KpiNeedsMoreRuns {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
        @Metric(name = "delay")
        @Kpi(metric = "delay", confidence = 95, atMost = 60)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class ThresholdsContradict {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atLeast = 10, atMost = 5)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class ScoreWithOneSeries {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 60)
        @VariabilityScore(metric = "delay", atMost = 10)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class ScoreTooFewSeries {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 3)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 60)
        @VariabilityScore(metric = "delay", atMost = 10)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class ScoreWithoutKpi {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 0)
        @Metric(name = "delay")
        @VariabilityScore(metric = "delay", atMost = 10)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class ScoreWithoutThreshold {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 0)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 60)
        @VariabilityScore(metric = "delay")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class DuplicateMetric {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Metric(name = "delay", samplePercentile = 95)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class BadBounds {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay", bounds = {100, 0})
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class BadMeasure {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay", samplePercentile = 100)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class SamplePercentileWithMean {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay", statistic = Statistic.MEAN, samplePercentile = 95)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class PercentileWithoutValue {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay", statistic = Statistic.PERCENTILE)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class PercentileAsFraction {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", percentile = 0.95, atMost = 60)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class LowerKpiWithAtMost {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", percentile = 25, atMost = 60)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class UpperKpiWithAtLeast {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "throughput")
        @Kpi(metric = "throughput", atLeast = 80)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class ScoreOfWhichKpi {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 60)
        @Kpi(metric = "delay", percentile = 50, atMost = 50)
        @VariabilityScore(metric = "delay", atMost = 10)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class UnknownConvergenceMetric {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @ConvergenceRequired(metrics = "rtt")
        @Metric(name = "delay")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class BadTolerance {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @ConvergenceRequired(tolerance = 0)
        @Metric(name = "delay")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class DuplicateKpi {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 60)
        @Kpi(metric = "delay", atMost = 50)
        void cca(RunContext run) {
        }
    }
}
