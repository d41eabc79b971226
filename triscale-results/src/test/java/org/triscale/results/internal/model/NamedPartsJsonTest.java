package org.triscale.results.internal.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The records written in named parts ({@link TestResult.Timing}, {@link PartialResult.Times}) keep
 * the files' flat fields, in their order: a file written before the parts reads into them, and
 * what is read writes back byte for byte.
 */
class NamedPartsJsonTest {
    private static final ObjectMapper MAPPER = JsonResults.mapper();

    private static List<String> fields(String json) throws Exception {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = MAPPER.readTree(json).fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    @Test
    void testResultKeepsItsFlatFieldsInOrder() throws Exception {
        TestResult result = JsonResultsTest.sample();
        String json = MAPPER.writeValueAsString(result);

        assertThat(fields(json)).containsExactly("schemaVersion", "testClass", "testMethod", "startedAt",
                "finishedAt", "durationNanos", "parameters", "runs", "series", "variabilityScores", "verdict",
                "environment", "baseline");
        TestResult back = MAPPER.readValue(json, TestResult.class);
        assertThat(back).isEqualTo(result);
        assertThat(back.startedAt()).isEqualTo("2025-01-01T00:00:00Z");
        assertThat(back.finishedAt()).isEqualTo("2025-01-01T00:00:01Z");
        assertThat(back.durationNanos()).isEqualTo(12);
        assertThat(MAPPER.writeValueAsString(back)).isEqualTo(json);
    }

    @Test
    void aResultWithoutTimesReadsAsAnEmptyPart() throws Exception {
        JsonNode tree = MAPPER.readTree(MAPPER.writeValueAsString(JsonResultsTest.sample()));
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree).remove(List.of("startedAt", "finishedAt",
                "durationNanos"));

        TestResult back = MAPPER.treeToValue(tree, TestResult.class);

        assertThat(back.timing()).isEqualTo(new TestResult.Timing(null, null, 0));
        assertThat(back.startedAt()).isNull();
    }

    @Test
    void partialResultKeepsItsFlatFieldsInOrder() throws Exception {
        TestResult sample = JsonResultsTest.sample();
        PartialResult partial = new PartialResult(PartialResult.SCHEMA_VERSION, "a.B", "m", "B.m",
                new PartialResult.ShardRuns(1, 2, List.of(1)),
                new PartialResult.Times("2025-01-01T00:00:00Z", "2025-01-01T00:00:05Z"), "0.4.0",
                sample.parameters(), null, null, sample.environment(), sample.runs());
        String json = MAPPER.writeValueAsString(partial);

        assertThat(fields(json)).containsExactly("partialSchemaVersion", "testClass", "testMethod", "testName",
                "shard", "startedAt", "recordedAt", "triscaleVersion", "parameters", "gate", "fingerprint",
                "environment", "runs");
        PartialResult back = MAPPER.readValue(json, PartialResult.class);
        assertThat(back).isEqualTo(partial);
        assertThat(back.recordedAt()).isEqualTo("2025-01-01T00:00:05Z");
        assertThat(MAPPER.writeValueAsString(back)).isEqualTo(json);
    }
}
