package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Sends every case of the reference vectors (see {@code src/test/resources/README.md}) through the
 * batch protocol in one run, as an outside tool would, and compares each response with the
 * case's {@code expected} ({@code expected_sorted} for {@code analysis_variability}): same
 * fields, booleans, indices and nulls equal, doubles within 1e-9 relative.
 */
class ReferenceVectorsBatchTest {
    private static final double RELATIVE_TOLERANCE = 1e-9;

    @TestFactory
    Stream<DynamicTest> everyReferenceCaseAnsweredThroughTheBatchProtocol() throws IOException {
        List<JsonNode> cases = loadCases();
        StringBuilder requests = new StringBuilder();
        for (JsonNode c : cases) {
            ObjectNode request = Json.object();
            request.set("id", c.get("id"));
            request.set("op", c.get("op"));
            request.setAll((ObjectNode) c.get("input"));
            requests.append(Json.write(request)).append('\n');
        }
        StringWriter out = new StringWriter();
        new BatchProcessor(BatchOps.standard()).run(new BufferedReader(new StringReader(requests.toString())),
                new PrintWriter(out));
        String[] lines = out.toString().split("\n");
        assertThat(lines).as("one response per case").hasSize(cases.size());
        return IntStream.range(0, cases.size()).mapToObj(i -> DynamicTest.dynamicTest(
                cases.get(i).get("id").asText() + " " + cases.get(i).get("op").asText(),
                () -> compare(cases.get(i), Json.MAPPER.readTree(lines[i]))));
    }

    private static List<JsonNode> loadCases() throws IOException {
        try (InputStream in = ReferenceVectorsBatchTest.class.getResourceAsStream("/triscale-vectors.json")) {
            assertThat(in).as("triscale-vectors.json on the test classpath").isNotNull();
            List<JsonNode> cases = new ArrayList<>();
            Json.MAPPER.readTree(in).get("cases").forEach(cases::add);
            assertThat(cases).hasSize(1095);
            return cases;
        }
    }

    private static void compare(JsonNode c, JsonNode response) {
        String id = c.get("id").asText();
        assertThat(response.get("id").asText()).isEqualTo(id);
        if (response.has("error")) {
            fail(id + " answered with an error: " + response.get("error").asText());
        }
        ObjectNode expected = c.get("expected").deepCopy();
        if (c.has("expected_sorted")) {
            expected.setAll((ObjectNode) c.get("expected_sorted"));
        }
        List<String> names = new ArrayList<>();
        names.add("id");
        expected.fieldNames().forEachRemaining(names::add);
        assertThat(response.fieldNames()).toIterable().as(id + " response fields").containsExactlyElementsOf(names);
        for (Map.Entry<String, JsonNode> field : expected.properties()) {
            assertValue(id + "." + field.getKey(), field.getValue(), response.get(field.getKey()));
        }
    }

    private static void assertValue(String what, JsonNode expected, JsonNode actual) {
        if (expected.isNull()) {
            assertThat(actual.isNull()).as(what + " = " + actual + ", expected null").isTrue();
        } else if (expected.isBoolean()) {
            assertThat(actual.isBoolean()).as(what + " is a boolean").isTrue();
            assertThat(actual.booleanValue()).as(what).isEqualTo(expected.booleanValue());
        } else if (expected.isIntegralNumber()) {
            assertThat(actual.isIntegralNumber()).as(what + " = " + actual + ", expected the integer " + expected).isTrue();
            assertThat(actual.longValue()).as(what).isEqualTo(expected.longValue());
        } else {
            assertThat(actual.isNumber()).as(what + " = " + actual + ", expected " + expected).isTrue();
            double e = expected.doubleValue();
            double a = actual.doubleValue();
            double allowed = RELATIVE_TOLERANCE * Math.max(Math.abs(e), Math.abs(a));
            assertThat(Math.abs(a - e) <= allowed).as(what + " = " + a + ", expected " + e + " within 1e-9 relative")
                    .isTrue();
        }
    }
}
