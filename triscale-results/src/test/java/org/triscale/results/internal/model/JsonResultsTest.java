package org.triscale.results.internal.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.results.internal.setup.FailingChecks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonResultsTest {
    @TempDir
    Path folder;

    static TestResult sample() {
        TestResult.KpiParameters kpiParameters = new TestResult.KpiParameters("delay", 75, 75, Side.UPPER, 60.0, null);
        TestResult.ScoreDefinition scored = new TestResult.ScoreDefinition("delay", 75, 75, 75, IntervalKind.TWO_SIDED);
        TestResult.Parameters parameters = new TestResult.Parameters(Mode.SOUND, FailingChecks.WARN, 7,
                new TestResult.RunsParameters(75, 75, 0, 5, 5), new TestResult.SeriesParameters(1, 75, 75), null,
                List.of(new TestResult.MetricParameters("delay", Measure.percentile(95), "ms", List.of(0.0, 100.0),
                        false)),
                List.of(kpiParameters), List.of(new TestResult.ScoreParameters(scored, 5.0, null)));
        TestResult.Run run = new TestResult.Run(1, 1, -3, RunStatus.PASSED, 12, "",
                List.of(new TestResult.MetricResult("delay", 41.8, true, 10, 1, false, null, null, null)), Map.of());
        TestResult.Checks checks = new TestResult.Checks(true,
                List.of(new TestResult.Check("ljung-box", true, 0.5, null, "fine")));
        TestResult.SeriesKpi kpi = new TestResult.SeriesKpi(kpiParameters,
                new TestResult.KpiBound(41.8, true, true, 5, 5, 4, 1, 2, 4), checks, null);
        TestResult.Score score = new TestResult.Score(scored, Arrays.asList(41.8, null),
                new TestResult.ScoreInterval(null, null, null, null, null, null, false, false, 3),
                new TestResult.Checks(null, List.of()), "undefined");
        return new TestResult(1, "a.B", "m", new TestResult.Timing("2025-01-01T00:00:00Z", "2025-01-01T00:00:01Z", 12),
                parameters,
                List.of(run), List.of(new TestResult.SeriesResult(1, 5, List.of(kpi))), List.of(score),
                new TestResult.Verdict(TestResult.VerdictStatus.PASSED, 5, 5, 0, 0, List.of(), List.of()),
                new TestResult.Environment("17", "v", "os", "arch", 2, null, null), null);
    }

    @Test
    void roundTrips() throws IOException {
        TestResult result = sample();
        Path file = JsonResults.write(result, folder.resolve("out"));

        assertThat(file.getFileName().toString()).isEqualTo("a.B.m.json");
        assertThat(JsonResults.read(file)).isEqualTo(result);
        // Enums are written as their names, as the strings were before them.
        assertThat(Files.readString(file)).contains("\"mode\" : \"SOUND\"", "\"checksPolicy\" : \"WARN\"",
                "\"side\" : \"UPPER\"", "\"status\" : \"PASSED\"", "\"measure\" : \"P95\"");
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file); // no temporary file left behind
        }
    }

    /**
     * The KPI and the score are records of named parts in Java; in the JSON their parts' fields stand
     * flat in the object, in this order. Readers of the format rely on these names.
     */
    @Test
    void writesTheFieldsOfAKpiAndAScoreFlatAndInOrder() throws IOException {
        JsonNode json = new ObjectMapper().readTree(JsonResults.write(sample(), folder).toFile());

        assertThat(fieldNames(json.get("series").get(0).get("kpis").get(0))).containsExactly("metric", "percentile",
                "confidence", "side", "atMost", "atLeast", "value", "defined", "passed", "values", "needed", "index",
                "boundRun", "lowerIndex", "upperIndex", "stationary", "checks", "message");
        assertThat(fieldNames(json.get("variabilityScores").get(0))).containsExactly("metric", "kpiPercentile",
                "percentile", "confidence", "kind", "seriesKpis", "lowerValue", "upperValue", "score", "relativeScore",
                "lowerSeries", "upperSeries", "defined", "passed", "needed", "stationary", "checks", "message", "sequential");
        assertThat(fieldNames(json.get("parameters").get("variabilityScores").get(0))).containsExactly("metric",
                "kpiPercentile", "percentile", "confidence", "kind", "atMost", "relativeAtMost");
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void ignoresUnknownFieldsButChecksTheSchemaVersion() throws IOException {
        Path file = JsonResults.write(sample(), folder);
        String json = Files.readString(file);

        Files.writeString(file, json.replaceFirst("\\{", "{ \"addedLater\" : true,"));
        assertThat(JsonResults.read(file).testMethod()).isEqualTo("m");

        Files.writeString(file, json.replace("\"schemaVersion\" : 1", "\"schemaVersion\" : 2"));
        assertThatThrownBy(() -> JsonResults.read(file)).isInstanceOf(IOException.class)
                .hasMessageContaining("has schemaVersion 2; this version reads 1");

        Files.writeString(file, "[1, 2]");
        assertThatThrownBy(() -> JsonResults.read(file)).hasMessageContaining("is not a TriScale result");
    }

    @Test
    void aTypeJacksonCannotBindIsNotCalledMalformedJson() {
        // As when a package of the persisted types is not open to Jackson on the module path.
        Path file = Path.of("target", "triscale", "a.json");
        IOException error = JsonResults.unreadable(file, com.fasterxml.jackson.databind.exc.InvalidDefinitionException
                .from((com.fasterxml.jackson.core.JsonParser) null, "Failed to call `setAccess()`",
                        (com.fasterxml.jackson.databind.JavaType) null), "a TriScale result");

        assertThat(error).hasMessage(file + ": not a TriScale result: TriScale could not bind its own types to it"
                + " (Failed to call `setAccess()`); please report this");
    }

    @Test
    void writesAtomicallyOverAnOldFile() throws IOException {
        Path file = JsonResults.write(sample(), folder);
        Files.writeString(file, "old");

        JsonResults.write(sample(), folder);

        assertThat(Files.readString(file)).startsWith("{");
    }

    @org.junit.jupiter.api.Test
    void aHistoryIsReadAsAnObjectOrAsTheFileNameOfOlderResults() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        TestResult.GateHistory old = mapper.readValue("\"h/fct.jsonl\"", TestResult.GateHistory.class);
        org.assertj.core.api.Assertions.assertThat(old.file()).isEqualTo("h/fct.jsonl");
        org.assertj.core.api.Assertions.assertThat(old.changePoints()).isEmpty();
        TestResult.GateHistory now = mapper.readValue("{\"file\":\"f\",\"builds\":[],\"changePoints\":"
                + "[{\"metric\":\"fct\",\"index\":20,\"change\":0.05,\"pValue\":0.005}]}", TestResult.GateHistory.class);
        org.assertj.core.api.Assertions.assertThat(now.changePoints()).singleElement()
                .extracting(TestResult.HistoryChangePoint::index).isEqualTo(20);
    }
}
