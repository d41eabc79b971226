package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;
import static org.triscale.junit.AdaptiveRunsTest.spread;

/**
 * {@code @Series(adaptive = true)}: the sequel stops adding series once its variability scores are
 * decided by anytime-valid bounds, or at maxCount with the fixed-N score at the last look's
 * confidence; the remaining series are never generated.
 */
class AdaptiveSeriesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int RUNS = 5;

    @TempDir
    Path folder;

    @Test
    void aDecidedPassStopsTheSequelEarly() throws IOException {
        Kit kit = Kit.in(folder);
        EngineExecutionResults results = kit.run(SteadySeries.class);

        JsonNode result = result(kit, SteadySeries.class);
        JsonNode parameters = result.at("/parameters/series");
        int series = parameters.get("count").asInt();
        assertThat(parameters.get("adaptive").asBoolean()).isTrue();
        assertThat(parameters.get("maxCount").asInt()).isEqualTo(60);
        assertThat(parameters.get("stopReason").asText()).isEqualTo("decided");
        assertThat(series).isBetween(5, 59);
        results.testEvents().assertStatistics(stats -> stats.started(series * (RUNS + 1) + 1)
                .succeeded(series * (RUNS + 1) + 1));
        assertThat(runNames(results)).contains("series 1 of max 60 · run 1/5")
                .doesNotContain("series " + (series + 1) + " of max 60 · run 1/5");
        assertThat(result.get("series")).hasSize(series);
        JsonNode sequential = result.at("/variabilityScores/0/sequential");
        assertThat(sequential.get("stopSeries").asInt()).isEqualTo(series);
        assertThat(sequential.get("decision").asText()).isEqualTo("PASS");
        assertThat(sequential.get("verdict").asText()).isEqualTo("sequential");
        assertThat(sequential.get("score").asDouble()).isLessThanOrEqualTo(3)
                .isEqualTo(sequential.get("highUpper").asDouble() - sequential.get("lowLower").asDouble());
        // The score's interval is the anytime-valid one the verdict rests on.
        JsonNode score = result.at("/variabilityScores/0");
        assertThat(score.get("passed").asBoolean()).isTrue();
        assertThat(score.get("score").asDouble()).isEqualTo(sequential.get("score").asDouble());
        assertThat(score.get("upperValue").asDouble()).isEqualTo(sequential.get("highUpper").asDouble());
        assertThat(score.get("upperSeries").isNull()).isTrue();
        assertThat(result.at("/verdict/status").asText()).isEqualTo("PASSED");
    }

    @Test
    void aDecidedFailStopsTheSequelAndSaysWhy() throws IOException {
        Kit kit = Kit.in(folder);
        EngineExecutionResults results = kit.run(SpreadSeries.class);

        JsonNode sequential = result(kit, SpreadSeries.class).at("/variabilityScores/0/sequential");
        int series = sequential.get("stopSeries").asInt();
        assertThat(series).isLessThan(60);
        assertThat(sequential.get("decision").asText()).isEqualTo("FAIL");
        results.testEvents().assertStatistics(stats -> stats.started(series * (RUNS + 1) + 1).failed(1));
        assertThat(verdictMessage(results)).contains("adaptive series of at most 60 × 5 runs")
                .contains("variability score of delay", "(atMost 1 ms)", "after " + series + " of max 60 series",
                        "decided fail", "75 % confidence for each end", "is at least ")
                .contains("Series KPIs: ");
    }

    @Test
    void maxCountFallsBackToTheFixedNScoreAtAStricterConfidence() throws IOException {
        Kit kit = Kit.in(folder);
        EngineExecutionResults results = kit.run(FewSeries.class);

        JsonNode result = result(kit, FewSeries.class);
        assertThat(result.at("/parameters/series/stopReason").asText()).isEqualTo("maxCount");
        assertThat(result.at("/parameters/series/count").asInt()).isEqualTo(6);
        JsonNode sequential = result.at("/variabilityScores/0/sequential");
        assertThat(sequential.get("decision").asText()).isEqualTo("UNDECIDED");
        assertThat(sequential.get("verdict").asText()).isEqualTo("fixedN");
        assertThat(sequential.get("lastLookConfidence").asDouble()).isGreaterThanOrEqualTo(75).isLessThan(100);
        results.testEvents().assertStatistics(stats -> stats.started(6 * (RUNS + 1) + 1));
        assertThat(reportEntry(results)).contains("undecided after max 6 series")
                .contains("fixed-N score of the 6 defined series KPIs", "each end at ");
    }

    @Test
    void progressLinesFollowTheSequel() {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            Kit.in(folder).with("triscale.progress", "true").run(SteadySeries.class);
        } finally {
            System.setOut(original);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("[SteadySeries.cca] series 1 of max 60 run 1/5 · delay=")
                .contains("sequel after series 1 of max 60", "score of delay not bounded yet")
                .containsPattern("sequel after series \\d+ of max 60 · score of delay ≤ [0-9.]+ ms decided pass"
                        + " · stopped: every score decided");
    }

    @Test
    void aShardCannotRunAdaptiveSeries() {
        EngineExecutionResults results = Kit.in(folder).with("triscale.shard", "1/2").run(SteadySeries.class);
        Event failed = results.containerEvents().failed().stream().findFirst().orElseThrow();
        assertThat(Kit.error(failed)).hasMessageContaining("triscale.shard = 1/2 cannot be combined with"
                + " @Series(adaptive = true)");
        results.testEvents().assertStatistics(stats -> stats.started(0));
    }

    static Stream<Arguments> misconfigurations() {
        return Stream.of(
                arguments(MaxCountWithoutAdaptive.class, "@Series(maxCount = 20) is set without adaptive = true"),
                arguments(CountAndAdaptive.class, "@Series(adaptive = true, count = 5) gives both a fixed and an"
                        + " adaptive number of series; remove count and set maxCount"),
                arguments(NoMaxCount.class, "@Series(adaptive = true, maxCount = 0) must be at least the number of"
                        + " series the variability scores are sized for"),
                arguments(MaxCountBelowScoreMinimum.class, "needs at least 5 series for the 25th/75th percentile pair"
                        + " at 75 % confidence, but @Series(adaptive = true, maxCount = 4) allows fewer; set"
                        + " maxCount >= 5"),
                arguments(AdaptiveWithoutScore.class, "declares no @VariabilityScore"),
                arguments(AdaptiveWithBaseline.class, "@Series(adaptive = true) cannot be combined with @Baseline"));
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
        assertThat(failed).hasSize(1);
        assertThat(failed.get(0).getTestDescriptor().getDisplayName()).isEqualTo("verdict");
        return Kit.error(failed.get(0)).getMessage();
    }

    private static String reportEntry(EngineExecutionResults results) {
        return results.testEvents().reportingEntryPublished().list().stream()
                .map(e -> e.getPayload(org.junit.platform.engine.reporting.ReportEntry.class).orElseThrow()
                        .getKeyValuePairs())
                .filter(entry -> entry.containsKey("triscale.adaptive")).findFirst().orElseThrow()
                .get("triscale.adaptive");
    }

    private static JsonNode result(Kit kit, Class<?> fixture) throws IOException {
        return JSON.readTree(kit.json(fixture, "cca").toFile());
    }

    /** Series KPIs within 1 ms of each other: the score is far below its threshold. */
    @FixturesOnly
    static class SteadySeries {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(adaptive = true, maxCount = 60)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 200)
        @VariabilityScore(metric = "delay", atMost = 3)
        void cca(RunContext run) {
            run.recordRunValue("delay", 100 + spread(run.series()) + 0.01 * spread(run.run()));
        }
    }

    /** Series KPIs spread over 50 ms: the score is far above its threshold. */
    @FixturesOnly
    static class SpreadSeries {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(adaptive = true, maxCount = 60)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 200)
        @VariabilityScore(metric = "delay", atMost = 1)
        void cca(RunContext run) {
            run.recordRunValue("delay", 100 + 50 * spread(run.series()) + 0.01 * spread(run.run()));
        }
    }

    /** Six series cannot decide: the sequel reaches maxCount. */
    @FixturesOnly
    static class FewSeries {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(adaptive = true, maxCount = 6)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 200)
        @VariabilityScore(metric = "delay", atMost = 20)
        void cca(RunContext run) {
            run.recordRunValue("delay", 100 + 50 * spread(run.series()) + 0.01 * spread(run.run()));
        }
    }

    @FixturesOnly
    static class MaxCountWithoutAdaptive {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5, maxCount = 20)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class CountAndAdaptive {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5, adaptive = true, maxCount = 20)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class NoMaxCount {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(adaptive = true)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class MaxCountBelowScoreMinimum {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(adaptive = true, maxCount = 4)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 200)
        @VariabilityScore(metric = "delay", atMost = 3)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class AdaptiveWithoutScore {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(adaptive = true, maxCount = 20)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 200)
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class AdaptiveWithBaseline {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(adaptive = true, maxCount = 20)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 200)
        @VariabilityScore(metric = "delay", atMost = 3)
        @Baseline
        void cca(RunContext run) {
        }
    }
}
