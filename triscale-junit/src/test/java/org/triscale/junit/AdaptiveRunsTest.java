package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.results.internal.common.Format;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * {@code @Runs(adaptive = true)}: a series stops when its anytime-valid KPIs are decided or precise
 * enough, or at maxCount with the fixed-N verdict; the remaining runs are never generated.
 */
class AdaptiveRunsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    /** Evenly spread values in (0, 1) in a scrambled order (the golden-ratio sequence). */
    static double spread(int run) {
        double x = run * 0.6180339887498949;
        return x - Math.floor(x);
    }

    @Test
    void decidedPassStopsEarly() throws IOException {
        Kit kit = Kit.in(folder);
        EngineExecutionResults results = kit.run(FarBelowThreshold.class);

        JsonNode series = series(kit, FarBelowThreshold.class);
        int stopRun = series.get("stopRun").asInt();
        assertThat(series.get("stopReason").asText()).isEqualTo("decided");
        assertThat(stopRun).isBetween(5, 99);
        results.testEvents().assertStatistics(stats -> stats.started(stopRun + 2).succeeded(stopRun + 2));
        assertThat(runNames(results)).last().isEqualTo("verdict");
        assertThat(runNames(results).get(0)).isEqualTo("series 1/1 · run 1 of max 100");
        JsonNode kpi = series.at("/sequential/0");
        assertThat(kpi.get("decision").asText()).isEqualTo("PASS");
        assertThat(kpi.get("verdict").asText()).isEqualTo("sequential");
        assertThat(kpi.get("upper").asDouble()).isLessThanOrEqualTo(2).isEqualTo(series.at("/kpis/0/value").asDouble());
        assertThat(kpi.get("runsLeft").asInt()).isZero();
        JsonNode runs = result(kit, FarBelowThreshold.class).at("/parameters/runs");
        assertThat(runs.get("adaptive").asBoolean()).isTrue();
        assertThat(runs.get("maxCount").asInt()).isEqualTo(100);
        assertThat(runs.get("count").asInt()).isEqualTo(stopRun);
        assertThat(runs.get("precision").isNull()).isTrue();
        assertThat(result(kit, FarBelowThreshold.class).at("/verdict/runs").asInt()).isEqualTo(stopRun);
        assertThat(results.testEvents().reportingEntryPublished().list().stream()
                .map(e -> e.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs())
                .filter(entry -> entry.containsKey("triscale.adaptive")).findFirst().orElseThrow()
                .get("triscale.adaptive")).startsWith("KPI delay P75 at 75 % (atMost 2 ms), series 1: sequential bound"
                        + " (Howard & Ramdas 2022) after " + stopRun + " of max 100 runs: decided pass. With 75 %"
                        + " confidence the 75th percentile of delay is at most ")
                .contains("ms, at every run at once, so stopping early keeps the confidence (anytime-valid interval [");
    }

    @Test
    void progressLinesShowTheIntervalAndTheRunsLeft() {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            Kit.in(folder).with("triscale.progress", "true").run(FarBelowThreshold.class);
        } finally {
            System.setOut(original);
        }
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines()
                .filter(line -> line.startsWith("[FarBelowThreshold.cca] series") && !line.contains("KPI checks")).toList();
        assertThat(lines.get(0)).startsWith("[FarBelowThreshold.cca] series 1/1 run 1 of max 100 · delay=")
                .contains("delay P75 in [-∞, ∞] ms · runs left unknown yet");
        assertThat(lines.get(1)).containsPattern("delay P75 in \\[-∞, ∞\\] ms · ~\\d+ runs? left");
        assertThat(lines.get(lines.size() - 1)).containsPattern("delay P75 in \\[(-∞|[0-9.]+), [0-9.]+\\] ms decided pass"
                + " · stopped: every KPI decided");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("[FarBelowThreshold.cca] verdict · KPI delay P75 at"
                + " 75 % (atMost 2 ms), series 1: sequential bound (Howard & Ramdas 2022) after " + lines.size()
                + " of max 100 runs: decided pass.");
    }

    /**
     * The runs-left countdown is stable: the run count it promises never moves earlier, counts
     * down a run at a time, and once reached without a decision is never promised again: the next
     * line says the prediction was too short.
     */
    @Test
    void theCountdownNeverRepeatsABrokenPromise() {
        for (Class<?> fixture : List.of(FarBelowThreshold.class, PreciseAtTheThreshold.class)) {
            PrintStream original = System.out;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            try {
                Kit.in(folder.resolve(fixture.getSimpleName())).with("triscale.progress", "true").run(fixture);
            } finally {
                System.setOut(original);
            }
            java.util.regex.Pattern line = java.util.regex.Pattern.compile("series 1/1 run (\\d+) of max .* · ~(\\d+) runs? left");
            int promised = -1;
            int promises = 0;
            for (String text : out.toString(StandardCharsets.UTF_8).lines().toList()) {
                java.util.regex.Matcher m = line.matcher(text);
                if (!m.find()) {
                    continue;
                }
                int run = Integer.parseInt(m.group(1));
                int by = run + Integer.parseInt(m.group(2));
                if (promised >= 0) {
                    assertThat(by).as(text).isGreaterThanOrEqualTo(promised);
                    if (run >= promised) {
                        assertThat(text).as("a broken promise is said").contains("too short)");
                        assertThat(by).as(text).isGreaterThan(promised);
                    }
                }
                promised = by;
                promises++;
            }
            assertThat(promises).as(fixture.getSimpleName() + " shows a countdown").isPositive();
        }
    }

    @Test
    void everySeriesStopsOnItsOwn() throws IOException {
        Kit kit = Kit.in(folder);
        EngineExecutionResults results = kit.run(TwoSeries.class);

        JsonNode series = result(kit, TwoSeries.class).get("series");
        int first = series.at("/0/stopRun").asInt();
        int second = series.at("/1/stopRun").asInt();
        results.testEvents().assertStatistics(stats -> stats.started(first + second + 2 + 1).failed(0));
        assertThat(runNames(results)).contains("series 2/2 · run 1 of max 100")
                .doesNotContain("series 1/2 · run " + (first + 1) + " of max 100");
    }

    @Test
    void decidedFailStopsEarlyAndSaysSo() throws IOException {
        Kit kit = Kit.in(folder);
        EngineExecutionResults results = kit.run(FarAboveThreshold.class);

        JsonNode series = series(kit, FarAboveThreshold.class);
        assertThat(series.get("stopReason").asText()).isEqualTo("decided");
        int stopRun = series.get("stopRun").asInt();
        assertThat(stopRun).isLessThan(100);
        assertThat(series.at("/sequential/0/decision").asText()).isEqualTo("FAIL");
        results.testEvents().assertStatistics(stats -> stats.started(stopRun + 2).failed(2));
        assertThat(verdictMessage(results)).contains("sequential bound (Howard & Ramdas 2022) after " + stopRun
                + " of max 100 runs: decided fail. With 75 % confidence the 75th percentile of delay is above 10 ms");
    }

    @Test
    void maxCountFallsBackToTheFixedNVerdictAndSaysSo() throws IOException {
        Kit kit = Kit.in(folder);
        EngineExecutionResults results = kit.run(AtTheThreshold.class);

        JsonNode series = series(kit, AtTheThreshold.class);
        assertThat(series.get("stopReason").asText()).isEqualTo("maxCount");
        assertThat(series.get("stopRun").asInt()).isEqualTo(12);
        assertThat(series.at("/sequential/0/verdict").asText()).isEqualTo("fixedN");
        assertThat(series.at("/sequential/0/decision").asText()).isEqualTo("UNDECIDED");
        // The fixed-N KPI of the 12 runs at the last look's confidence: at least 75 %, so that its
        // index is never below the one a fixed-N test of 12 runs would use (here it is the same).
        double lastLook = series.at("/sequential/0/lastLookConfidence").asDouble();
        assertThat(lastLook).isGreaterThanOrEqualTo(75).isLessThan(100);
        int fixedIndex = ThompsonBounds.indices(12, 75, 75, IntervalKind.ONE_SIDED).upperIndex().orElseThrow();
        int lastLookIndex = ThompsonBounds.indices(12, 75, lastLook, IntervalKind.ONE_SIDED).upperIndex().orElseThrow();
        assertThat(series.at("/kpis/0/index").asInt()).isEqualTo(lastLookIndex).isGreaterThanOrEqualTo(fixedIndex);
        results.testEvents().assertStatistics(stats -> stats.started(14));
        assertThat(verdictMessage(results)).contains("undecided after max 12 runs", "the verdict is the fixed-N KPI"
                + " of the 12 valid runs (Thompson 1936) at " + Format.number(Math.floor(100 * lastLook) / 100)
                + " % confidence", "together they keep a false pass at most 25 % likely");
        // The failure states the confidence its last look used, not the KPI's 75 %.
        String used = Format.number(Math.floor(100 * lastLook) / 100);
        assertThat(verdictMessage(results)).contains("violated in series 1: with " + used + " % confidence the 75th"
                + " percentile of delay is at most", "its last look, the fixed-N KPI, is at " + used
                + " % instead of 75 %").doesNotContain("with 75 % confidence the 75th percentile");
    }

    @Test
    void precisionTargetStopsTheSeries() throws IOException {
        Kit kit = Kit.in(folder);
        EngineExecutionResults results = kit.run(PreciseAtTheThreshold.class);

        JsonNode series = series(kit, PreciseAtTheThreshold.class);
        assertThat(series.get("stopReason").asText()).isEqualTo("precision");
        int stopRun = series.get("stopRun").asInt();
        assertThat(stopRun).isLessThan(200);
        assertThat(series.at("/sequential/0/relativeHalfWidth").asDouble()).isLessThanOrEqualTo(0.01);
        assertThat(result(kit, PreciseAtTheThreshold.class).at("/parameters/runs/precision").asDouble())
                .isEqualTo(0.01);
        results.testEvents().assertStatistics(stats -> stats.started(stopRun + 2).failed(2));
        assertThat(verdictMessage(results)).contains("after " + stopRun + " of max 200 runs: precision target",
                "met (±", "but undecided: the threshold", "lies in the anytime-valid interval");
    }

    @Test
    void precisionTargetAloneMayPass() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(PreciseAndFarBelow.class).testEvents().assertStatistics(stats -> stats.failed(0));

        assertThat(series(kit, PreciseAndFarBelow.class).get("stopReason").asText()).isIn("decided", "precision");
    }

    @Test
    void fixedRunsRecordNoStop() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(ResultsTest.PassingFixture.class);

        JsonNode result = result(kit, ResultsTest.PassingFixture.class);
        assertThat(result.at("/series/0/stopRun").isNull()).isTrue();
        assertThat(result.at("/parameters/runs/adaptive").asBoolean()).isFalse();
    }

    static Stream<Arguments> misconfigurations() {
        return Stream.of(
                arguments(MaxCountWithoutAdaptive.class, "@Runs(maxCount = 50) is set without adaptive = true"),
                arguments(PrecisionWithoutAdaptive.class, "@Runs(precision = 0.01) is set without adaptive = true"),
                arguments(PrecisionOutOfRange.class, "@Runs(precision = 1.5) must be a fraction in the open interval"
                        + " (0, 1)"),
                arguments(CountAndAdaptive.class, "@Runs(adaptive = true, count = 20) gives both a fixed and an"
                        + " adaptive number of runs; remove count and set maxCount"),
                arguments(RobustnessAndAdaptive.class, "@Runs(adaptive = true, robustness = 1)"),
                arguments(NoMaxCount.class, "@Runs(adaptive = true, maxCount = 0) must be at least 5, the runs per"
                        + " series that @Runs(kpiPercentile = 75, kpiConfidence = 75) and the KPIs need"),
                arguments(MaxCountBelowKpiMinimum.class, "@Runs(adaptive = true, maxCount = 8) must be at least 11"),
                arguments(AdaptiveWithoutKpi.class, "declares no @Kpi"),
                arguments(OppositeThreshold.class, "@Kpi(metric = \"delay\", percentile = 75, atLeast 1 ms, atMost 9 ms)"
                        + " has a threshold on the side opposite its bound"),
                arguments(AdaptiveWithBaseline.class, "cannot be combined with @Baseline"));
    }

    @ParameterizedTest
    @MethodSource("misconfigurations")
    void misconfigurationsFailBeforeAnyRun(Class<?> fixture, String part) {
        assertThat(ConfigurationTest.configurationError(Kit.in(folder).run(fixture)))
                .startsWith("TriScale configuration error in " + fixture.getSimpleName() + ".cca: ").contains(part);
    }

    private static List<String> runNames(EngineExecutionResults results) {
        return results.testEvents().started().list().stream().map(e -> e.getTestDescriptor().getDisplayName())
                .toList();
    }

    private static String verdictMessage(EngineExecutionResults results) {
        List<Event> failed = results.testEvents().failed().list();
        Event verdict = failed.get(failed.size() - 1);
        assertThat(verdict.getTestDescriptor().getDisplayName()).isEqualTo("verdict");
        // Before it, the KPI checks of each failing series, stating what the verdict states of it.
        String message = Kit.error(verdict).getMessage();
        for (Event series : failed.subList(0, failed.size() - 1)) {
            assertThat(series.getTestDescriptor().getDisplayName()).matches("series \\d+/\\d+ · KPI checks");
            String statement = Kit.error(series).getMessage().split("\n- ", 2)[1];
            assertThat(message).contains(statement.substring(0, Math.min(120, statement.length())));
        }
        return message;
    }

    private static JsonNode result(Kit kit, Class<?> fixture) throws IOException {
        return JSON.readTree(kit.json(fixture, "cca").toFile());
    }

    private static JsonNode series(Kit kit, Class<?> fixture) throws IOException {
        return result(kit, fixture).at("/series/0");
    }

    @FixturesOnly
    static class FarBelowThreshold {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 100)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 2)
        void cca(RunContext run) {
            run.recordRunValue("delay", spread(run.run()));
        }
    }

    @FixturesOnly
    static class TwoSeries {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 100)
        @Series(count = 2)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 2)
        void cca(RunContext run) {
            run.recordRunValue("delay", spread(run.run() + 7 * run.series()));
        }
    }

    @FixturesOnly
    static class FarAboveThreshold {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 100)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 10)
        void cca(RunContext run) {
            run.recordRunValue("delay", 50 + spread(run.run()));
        }
    }

    @FixturesOnly
    static class AtTheThreshold {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 12)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 0.75)
        void cca(RunContext run) {
            run.recordRunValue("delay", spread(run.run()));
        }
    }

    @FixturesOnly
    static class PreciseAtTheThreshold {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 200, precision = 0.01)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 100.075)
        void cca(RunContext run) {
            run.recordRunValue("delay", 100 + 0.1 * spread(run.run()));
        }
    }

    @FixturesOnly
    static class PreciseAndFarBelow {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 200, precision = 0.01)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 200)
        void cca(RunContext run) {
            run.recordRunValue("delay", 100 + 0.1 * spread(run.run()));
        }
    }

    @FixturesOnly
    static class MaxCountWithoutAdaptive {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, maxCount = 50)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class PrecisionWithoutAdaptive {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, precision = 0.01)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class PrecisionOutOfRange {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 50, precision = 1.5)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class CountAndAdaptive {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, count = 20)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class RobustnessAndAdaptive {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 50, robustness = 1)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class NoMaxCount {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 10)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class MaxCountBelowKpiMinimum {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 8)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", confidence = 95, atMost = 10)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class AdaptiveWithoutKpi {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 50)
        @Metric(name = "delay", unit = "ms")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class OppositeThreshold {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 50)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 9, atLeast = 1, oppositeSide = true)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class AdaptiveWithBaseline {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, adaptive = true, maxCount = 50)
        @Series(count = 5)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 10)
        @Baseline
        void cca(RunContext run) {
        }
    }
}
