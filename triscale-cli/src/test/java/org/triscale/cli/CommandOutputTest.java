package org.triscale.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.cli.batch.Json;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The analysis commands on CSV files built from reference cases: {@code --json} gives the case's
 * expected outputs under the batch names, the plain output says what the numbers mean.
 */
class CommandOutputTest {
    private static final Map<String, JsonNode> CASES = new HashMap<>();

    @TempDir
    Path dir;

    @BeforeAll
    static void loadCases() throws IOException {
        try (InputStream in = CommandOutputTest.class.getResourceAsStream("/triscale-vectors.json")) {
            Json.MAPPER.readTree(in).get("cases").forEach(c -> CASES.put(c.get("id").asText(), c));
        }
    }

    /** Writes a column (with a header) or two; NaN (null) as "nan" alone (an empty line is skipped), else empty. */
    private Path csv(String header, JsonNode... columns) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(header);
        for (int row = 0; row < columns[0].size(); row++) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns.length; c++) {
                JsonNode cell = columns[c].get(row);
                line.append(c == 0 ? "" : ",").append(cell.isNull() ? (columns.length == 1 ? "nan" : "") : cell.asText());
            }
            lines.add(line.toString());
        }
        Path file = Files.createTempFile(dir, "data", ".csv");
        Files.write(file, lines);
        return file;
    }

    /** The JSON output; an undefined result (converged false, a null KPI or score) exits 1, any other 0. */
    private static JsonNode json(Cli result) throws IOException {
        assertThat(result.err()).isEmpty();
        assertThat(result.out().strip()).doesNotContain("\n");
        JsonNode node = Json.MAPPER.readTree(result.out());
        boolean undefined = node.has("converged") && !node.get("converged").booleanValue()
                || node.has("kpi") && node.get("kpi").isNull() || node.has("score") && node.get("score").isNull();
        assertThat(result.exitCode()).as(result.out()).isEqualTo(undefined ? 1 : 0);
        return node;
    }

    private static void assertSameValue(JsonNode actual, JsonNode expected) {
        if (expected.isNull()) {
            assertThat(actual.isNull()).as("null expected, got " + actual).isTrue();
        } else {
            assertThat(actual).isEqualTo(expected);
        }
    }

    private static int nulls(JsonNode array) {
        int n = 0;
        for (JsonNode value : array) {
            n += value.isNull() ? 1 : 0;
        }
        return n;
    }

    @Test
    void sizePrintsTheNumberOfRuns() throws IOException {
        assertThat(Cli.run("size", "-p", "75", "-c", "95").out()).isEqualTo("11" + System.lineSeparator());
        assertThat(Cli.run("size", "-p", "75", "-c", "75").out().strip()).isEqualTo("5");
        assertThat(Cli.run("size", "-p", "25", "-c", "75", "-r", "1").out().strip()).isEqualTo("10");
        assertThat(Cli.run("size", "-p", "50", "-c", "75", "--two-sided").out().strip()).isEqualTo("3");
        assertThat(Cli.run("size", "-p", "50", "-c", "75", "--joint").out().strip()).isEqualTo("3");

        JsonNode node = json(Cli.run("size", "-p", "50", "-c", "95", "-r", "1", "--json"));
        assertThat(node.get("runs").intValue()).isEqualTo(8);
        assertThat(node.get("interval").asText()).isEqualTo("one-sided");
        assertThat(node.get("n_one_sided").intValue()).isEqualTo(8);
        assertThat(node.get("n_two_sided").intValue()).isEqualTo(9);
    }

    @Test
    void kpiJsonHasTheBatchFieldsAndCountsNaN() throws IOException {
        for (String id : List.of("kpi-0001", "kpi-0020")) {
            JsonNode c = CASES.get(id);
            JsonNode input = c.get("input");
            List<String> args = new ArrayList<>(List.of("kpi", csv("kpi", input.get("data")).toString(),
                    "-p", input.get("percentile").asText(), "-c", input.get("confidence").asText(),
                    "--mode", "TRISCALE", "--json"));
            if (input.get("bounds").isArray()) {
                args.add("--bounds=" + input.get("bounds").get(0).asText() + "," + input.get("bounds").get(1).asText());
            }
            JsonNode node = json(Cli.run(args.toArray(String[]::new)));
            assertThat(node.fieldNames()).toIterable().as(id).startsWith("stationary", "kpi");
            assertThat(node.get("stationary").booleanValue()).as(id).isEqualTo(c.get("expected").get("stationary").booleanValue());
            assertSameValue(node.get("kpi"), c.get("expected").get("kpi"));
            assertThat(node.get("dropped_nan").intValue()).as(id).isEqualTo(nulls(input.get("data")));
            assertThat(node.get("side").asText()).isEqualTo("lower");
            assertThat(node.get("mode").asText()).isEqualTo("TRISCALE");
        }
    }

    @Test
    void kpiSummarySaysWhatTheConfidenceCovers() throws IOException {
        JsonNode input = CASES.get("kpi-0001").get("input");
        Cli result = Cli.run("kpi", csv("throughput", input.get("data")).toString(), "-p", "25", "-c", "75",
                "--mode", "TRISCALE");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("KPI: 49.0179 (lower bound of the 25th percentile of throughput, 75 % confidence",
                "values: 10 used, 0 NaN dropped", "stationary: ",
                "confidence: with probability at least 75 %, the 25th percentile of the metric under these conditions "
                        + "is at least 49.0179");
    }

    @Test
    void anUndefinedKpiSaysHowManyValuesAreNeeded() throws IOException {
        JsonNode input = CASES.get("kpi-0007").get("input");
        Cli result = Cli.run("kpi", csv("v", input.get("data")).toString(), "-p", "25", "-c", "95");
        // undefined is not a result: a script must not take it for one
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        assertThat(result.out()).contains("KPI: undefined: the lower bound of the 25th percentile of v at 95 % confidence "
                + "needs at least 11 values, got 5");
    }

    @Test
    void scoreJsonReadsBoundsFromTheSortedData() throws IOException {
        for (String id : List.of("variability-0002", "variability-0015", "variability-0006")) {
            JsonNode c = CASES.get(id);
            JsonNode input = c.get("input");
            JsonNode node = json(Cli.run("score", csv("kpi", input.get("data")).toString(),
                    "-p", input.get("percentile").asText(), "-c", input.get("confidence").asText(),
                    "--mode", "TRISCALE", "--json"));
            assertThat(node.fieldNames()).toIterable().as(id)
                    .startsWith("stationary", "lower_value", "upper_value", "score", "relative_score");
            assertThat(node.get("stationary").booleanValue()).as(id).isEqualTo(c.get("expected").get("stationary").booleanValue());
            c.get("expected_sorted").properties().forEach(f -> assertSameValue(node.get(f.getKey()), f.getValue()));
            assertThat(node.get("interval").asText()).isEqualTo("two-sided");
        }
    }

    @Test
    void scoreSummaryStatesTheJointCoverage() throws IOException {
        JsonNode input = CASES.get("variability-0002").get("input");
        Path file = csv("kpi", input.get("data"));
        Cli result = Cli.run("score", file.toString(), "-p", "75", "-c", "75", "--mode", "TRISCALE");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("variability score: 1.96798", "interval: [48.9061, 50.8741]",
                "each with probability at least 75 % on its own, both together at least 50 % (2c - 1)");
    }

    @Test
    void anUndefinedScoreSaysHowManyValuesAreNeeded() throws IOException {
        Path file = csv("kpi", CASES.get("variability-0006").get("input").get("data"));
        Cli result = Cli.run("score", file.toString(), "-p", "25", "-c", "95");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
        assertThat(result.out()).contains("variability score: undefined: a 95 % interval of the 25th/75th percentiles "
                + "needs at least 11 values, got 5");
    }

    @Test
    void aJointScoreSaysBothEndsHoldTogether() throws IOException {
        Path file = csv("kpi", CASES.get("variability-0002").get("input").get("data"));
        Cli result = Cli.run("score", file.toString(), "-p", "75", "-c", "75", "--joint");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("the 25th percentile of the series KPIs is at least",
                "both together with probability at least 75 %");
        JsonNode node = json(Cli.run("score", file.toString(), "-p", "75", "-c", "75", "--joint", "--json"));
        assertThat(node.get("interval").asText()).isEqualTo("joint");
    }

    @Test
    void metricSummaryStatesTheConvergenceTest() throws IOException {
        JsonNode input = CASES.get("metric-0012").get("input");
        Path file = csv("time,delay", input.get("x"), input.get("y"));
        Cli result = Cli.run("metric", file.toString(), "--measure", "95", "--convergence", "95,5");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("metric: P95 of delay = 115.283", "convergence: passed: Theil–Sen slope",
                "within ±0.05 (5 %)", "median of the P95 over sliding windows");
    }

    @Test
    void metricJsonMatchesTheReferenceWithAndWithoutConvergence() throws IOException {
        for (String id : List.of("metric-0001", "metric-0012", "metric-0022", "metric-0032")) {
            JsonNode c = CASES.get(id);
            JsonNode input = c.get("input");
            List<String> args = new ArrayList<>(List.of("metric", csv("time,delay", input.get("x"), input.get("y")).toString(),
                    "--measure", input.get("measure").asText(), "--json"));
            JsonNode convergence = input.get("convergence");
            if (convergence.isObject() && convergence.get("expected").booleanValue()) {
                args.add("--convergence");
                args.add(convergence.path("confidence").asText("95") + "," + convergence.path("tolerance").asText("5"));
            }
            JsonNode node = json(Cli.run(args.toArray(String[]::new)));
            assertThat(node.fieldNames()).toIterable().as(id).startsWith("converged", "measure");
            assertThat(node.get("converged").booleanValue()).as(id).isEqualTo(c.get("expected").get("converged").booleanValue());
            assertSameValue(node.get("measure"), c.get("expected").get("measure"));
        }
    }

    @Test
    void metricReadsNamedColumnsInAnyOrder() throws IOException {
        JsonNode c = CASES.get("metric-0001");
        JsonNode input = c.get("input");
        Path file = csv("delay,time", input.get("y"), input.get("x"));
        Cli result = Cli.run("metric", file.toString(), "--measure", "50", "--x-column", "time", "--y-column", "delay");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("metric: P50 of delay = 45.085", "samples: 50 used, 0 rows with NaN dropped");
    }

    @Test
    void valuesNearTheLargestDoubleGiveFiniteResults() throws IOException {
        // The mean of ten samples of 0.9·MAX printed "mean of y = Infinity" with exit code 0.
        List<String> lines = new ArrayList<>(List.of("x,y"));
        List<String> kpis = new ArrayList<>(List.of("kpi"));
        for (int i = 0; i < 10; i++) {
            lines.add(i + "," + 0.9 * Double.MAX_VALUE);
            kpis.add(Double.toString(1e308 + i * 0.07e308));
        }
        Path run = Files.write(dir.resolve("huge.csv"), lines);
        Cli metric = Cli.run("metric", run.toString(), "--measure", "mean");
        assertThat(metric.exitCode()).as(metric.err()).isZero();
        assertThat(metric.out()).contains("metric: mean of y = 1.61792E+308").doesNotContain("Infinity");
        Cli converged = Cli.run("metric", run.toString(), "--measure", "mean", "--convergence", "95,5", "--json");
        assertThat(converged.exitCode()).as(converged.err()).isZero();
        assertThat(json(converged).get("measure").doubleValue()).isFinite();

        Path series = Files.write(dir.resolve("huge-kpis.csv"), kpis);
        JsonNode score = json(Cli.run("score", series.toString(), "-p", "50", "-c", "75", "--json"));
        assertThat(score.get("relative_score").doubleValue()).isPositive();
    }
}
