package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.triscale.engine.network.Better;
import org.triscale.engine.network.FctSummary;
import org.triscale.engine.network.Harm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BatchProcessorTest {
    private final BatchProcessor processor = new BatchProcessor(BatchOps.standard());

    private List<JsonNode> run(String... lines) throws IOException {
        StringWriter out = new StringWriter();
        long answered = processor.run(new BufferedReader(new StringReader(String.join("\n", lines))),
                new PrintWriter(out));
        List<JsonNode> responses = new ArrayList<>();
        for (String line : out.toString().split("\n")) {
            if (!line.isEmpty()) {
                responses.add(Json.MAPPER.readTree(line));
            }
        }
        assertThat(responses).hasSize((int) answered);
        return responses;
    }

    private JsonNode answer(String line) throws IOException {
        String response = processor.answer(line);
        assertThat(response).doesNotContain("\n");
        return Json.MAPPER.readTree(response);
    }

    @Test
    void answersTheNetworkOps() throws IOException {
        JsonNode harm = answer("{\"id\": \"h\", \"op\": \"harm\", \"alone\": 176.2, \"with\": 339.3, \"better\": \"lower\"}");
        assertThat(harm.get("id").asText()).isEqualTo("h");
        // The double written is the one computed, to the last bit.
        assertThat(harm.get("harm").doubleValue()).isEqualTo(Harm.of(176.2, 339.3, Better.LOWER));
        assertThat(harm.size()).isEqualTo(2);

        JsonNode jain = answer("{\"id\": 2, \"op\": \"jain\", \"values\": [40, 10, null]}");
        assertThat(jain.get("id").intValue()).isEqualTo(2);
        assertThat(jain.get("index").doubleValue()).isEqualTo(25.0 / 34.0);

        JsonNode fct = answer("{\"id\": 3, \"op\": \"fct_summary\", \"fcts\": [8, 1, 4, 2]}");
        assertThat(fct.get("geomean").doubleValue()).isEqualTo(FctSummary.of(new double[] {8, 1, 4, 2}).geometricMean());
        assertThat(fct.get("median").doubleValue()).isEqualTo(3.0);
        assertThat(fct.fieldNames()).toIterable().containsExactly("id", "geomean", "median", "p95");

        JsonNode throughput = answer("{\"id\": 4, \"op\": \"harm\", \"alone\": 50, \"with\": 60, \"better\": \"higher\"}");
        assertThat(throughput.get("harm").doubleValue()).isEqualTo(-0.2);
    }

    @Test
    void aMalformedLineInTheMiddleGetsAnErrorAndTheNextLineIsAnswered() throws IOException {
        List<JsonNode> responses = run(
                "{\"id\": 1, \"op\": \"jain\", \"values\": [1, 1]}",
                "{\"id\": 2, \"op\": \"jain\", \"values\": [1, 1]",
                "",
                "   ",
                "{\"id\": 3, \"op\": \"jain\", \"values\": [1, 0]}");
        assertThat(responses).hasSize(3);
        assertThat(responses.get(0).get("index").doubleValue()).isEqualTo(1.0);
        assertThat(responses.get(1).get("id").isNull()).isTrue();
        assertThat(responses.get(1).get("error").asText()).startsWith("invalid JSON");
        assertThat(responses.get(2).get("id").intValue()).isEqualTo(3);
        assertThat(responses.get(2).get("index").doubleValue()).isEqualTo(0.5);
    }

    @Test
    void unknownOpsAreNamedWithTheKnownOnes() throws IOException {
        JsonNode response = answer("{\"id\": \"x\", \"op\": \"analysis_everything\"}");
        assertThat(response.get("id").asText()).isEqualTo("x");
        assertThat(response.get("error").asText())
                .startsWith("unknown op \"analysis_everything\"; known ops: experiment_sizing, thompson_ci")
                .contains("harm, jain, fct_summary");
    }

    @Test
    void missingFieldsAndWrongTypesAreNamed() throws IOException {
        assertThat(answer("{\"id\": 1, \"alone\": 1}").get("error").asText()).isEqualTo("missing field 'op'");
        assertThat(answer("{\"id\": 1, \"op\": \"harm\", \"alone\": 1, \"better\": \"lower\"}").get("error").asText())
                .isEqualTo("missing field 'with'");
        assertThat(answer("{\"id\": 1, \"op\": \"harm\", \"alone\": \"1\", \"with\": 2, \"better\": \"lower\"}")
                .get("error").asText()).isEqualTo("field 'alone' must be a number, got \"1\"");
        assertThat(answer("{\"id\": 1, \"op\": \"jain\", \"values\": 5}").get("error").asText())
                .isEqualTo("field 'values' must be an array of numbers (null for NaN), got 5");
        assertThat(answer("{\"id\": 1, \"op\": \"jain\", \"values\": [1, \"a\"]}").get("error").asText())
                .isEqualTo("field 'values' element 1 must be a number or null (NaN), got \"a\"");
        assertThat(answer("{\"id\": 1, \"op\": \"thompson_ci\", \"n\": 10.5, \"percentile\": 50, \"confidence\": 75, "
                + "\"ci_class\": \"one-sided\"}").get("error").asText())
                .isEqualTo("field 'n' must be an integer, got 10.5");
        assertThat(answer("{\"id\": 1, \"op\": \"analysis_kpi\", \"data\": [1], \"percentile\": 50, \"confidence\": 75, "
                + "\"mode\": \"FAST\"}").get("error").asText())
                .startsWith("field 'mode' must be \"TRISCALE\" or \"SOUND\"");
    }

    @Test
    void invalidValuesGetTheEngineMessage() throws IOException {
        JsonNode response = answer("{\"id\": 7, \"op\": \"harm\", \"alone\": -1, \"with\": 2, \"better\": \"lower\"}");
        assertThat(response.get("id").intValue()).isEqualTo(7);
        assertThat(response.get("error").asText()).startsWith("alone must be a finite number >= 0, got -1.0");
        assertThat(answer("{\"id\": 8, \"op\": \"harm\", \"alone\": 1, \"with\": 2, \"better\": \"up\"}")
                .get("error").asText()).startsWith("better must be 'lower'");
        assertThat(answer("{\"id\": 9, \"op\": \"fct_summary\", \"fcts\": [1, 0]}").get("error").asText())
                .startsWith("fcts[1] is 0.0");
        assertThat(answer("{\"id\": 10, \"op\": \"fct_summary\", \"fcts\": [1, 1e999]}").get("error").asText())
                .startsWith("fcts[1] is Infinity");
    }

    @Test
    void requestsThatAreNotObjectsOrHaveTrailingDataAreErrors() throws IOException {
        assertThat(answer("[1, 2]").get("error").asText()).startsWith("a request must be a JSON object");
        assertThat(answer("42").get("error").asText()).startsWith("a request must be a JSON object");
        assertThat(answer("{\"id\": 1, \"op\": \"jain\", \"values\": [1]} {}").get("error").asText())
                .startsWith("invalid JSON");
        assertThat(answer("{\"id\": 1, \"id\": 2, \"op\": \"jain\", \"values\": [1]}").get("error").asText())
                .contains("Duplicate field 'id'");
        assertThat(answer("{\"id\": 1, \"op\": \"analysis_kpi\", \"dataset\": \"flat\"}").get("error").asText())
                .startsWith("field 'dataset' is not supported in batch");
    }

    @Test
    void theIdIsEchoedAsGivenOrNullWhenAbsent() throws IOException {
        assertThat(answer("{\"op\": \"jain\", \"values\": [1]}").get("id").isNull()).isTrue();
        assertThat(answer("{\"id\": {\"run\": 3}, \"op\": \"jain\", \"values\": [1]}").get("id").get("run").intValue())
                .isEqualTo(3);
        assertThat(answer("{\"id\": 12345678901234, \"op\": \"jain\", \"values\": [1]}").get("id").longValue())
                .isEqualTo(12345678901234L);
    }

    @Test
    void aLineOverTheLimitGetsAnErrorAndTheNextLinesAreAnswered() throws IOException {
        BatchProcessor small = new BatchProcessor(BatchOps.standard(), 60);
        String ok = "{\"id\": 1, \"op\": \"jain\", \"values\": [1, 1]}";
        String tooLong = "{\"id\": 2, \"op\": \"jain\", \"values\": [" + "1, ".repeat(30) + "1]}";
        StringWriter out = new StringWriter();
        long answered = small.run(new StringReader(ok + "\r\n" + tooLong + "\r" + ok.replace("1,", "2,") + "\n"),
                new PrintWriter(out));
        String[] lines = out.toString().split("\\R");
        assertThat(answered).isEqualTo(3);
        assertThat(Json.MAPPER.readTree(lines[0]).get("index").doubleValue()).isEqualTo(1.0);
        JsonNode error = Json.MAPPER.readTree(lines[1]);
        assertThat(error.get("id").isNull()).isTrue();
        assertThat(error.get("error").asText()).isEqualTo("request line 2 has " + tooLong.length()
                + " characters, more than the limit of 60; split the request (or raise the limit with"
                + " --max-line-length)");
        assertThat(Json.MAPPER.readTree(lines[2]).get("id").intValue()).isEqualTo(2);
        assertThatThrownBy(() -> new BatchProcessor(BatchOps.standard(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 0");
    }

    @Test
    void aClosedOutputStopsTheBatchWithAnError() {
        // Before, PrintWriter swallowed the failure: every request was computed and the exit code was 0.
        int[] read = new int[1];
        Reader requests = new Reader() {
            private final Reader lines = new StringReader(
                    "{\"id\": 1, \"op\": \"jain\", \"values\": [1, 1]}\n".repeat(1000));

            @Override
            public int read(char[] buffer, int offset, int length) throws IOException {
                int n = lines.read(buffer, offset, Math.min(length, 100));
                read[0] += Math.max(n, 0);
                return n;
            }

            @Override
            public void close() {
            }
        };
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        assertThatThrownBy(() -> processor.run(requests, new PrintWriter(closed)))
                .isInstanceOf(IOException.class)
                .hasMessage("cannot write the response to request line 1 (is the output closed?); stopped after 0"
                        + " response(s)");
        assertThat(read[0]).isLessThan(1000);
    }

    @Test
    void aConvergenceTestWithEveryXEqualIsAnErrorNotConverged() throws IOException {
        JsonNode response = answer("{\"id\": 3, \"op\": \"convergence_test\", \"x\": [2, 2, 2, 2], \"y\": [1, 5, 2, 9],"
                + " \"y_bounds\": null, \"confidence\": 95, \"tolerance\": 1}");
        assertThat(response.has("converged")).isFalse();
        assertThat(response.get("error").asText()).startsWith("x values all equal (4 points at x = 2.0): the slope is undefined");
        // The same through analysis_metric, whose windows' x values are then all equal too.
        JsonNode metric = answer("{\"id\": 4, \"op\": \"analysis_metric\", \"x\": [5, 5, 5, 5, 5, 5, 5, 5, 5, 5],"
                + " \"y\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], \"measure\": 50, \"bounds\": null,"
                + " \"convergence\": {\"expected\": true, \"confidence\": 95, \"tolerance\": 1}}");
        assertThat(metric.toString()).doesNotContain("\"converged\":true");
    }

    @Test
    void anIdIsEchoedExactlyAsGivenNeverAsInfinity() {
        BatchProcessor processor = new BatchProcessor(BatchOps.standard());
        for (String id : new String[] {"1e400", "-1E+400", "0.10000000000000000001", "1.50", "2e-400", "7", "123456789012345678901234567890", "\"x\""}) {
            String response = processor.answer("{\"id\": " + id + ", \"op\": \"jain\", \"values\": [1, 2]}");
            assertThat(response).as(id).startsWith("{\"id\":" + id + ",").doesNotContain("Infinity");
            String error = processor.answer("{\"op\": \"nope\", \"id\": " + id + "}");
            assertThat(error).as(id).startsWith("{\"id\":" + id + ",\"error\":");
        }
    }
}
