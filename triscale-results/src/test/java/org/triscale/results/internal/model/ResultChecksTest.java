package org.triscale.results.internal.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.results.fixtures.TestResults;
import org.triscale.results.internal.mapping.ResultMapper;
import org.triscale.results.internal.verdict.RecordedSequel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The checks of a result or partial result just read: a damaged or hostile file is refused with
 * its name, the field and why, before the table, the report or the merge uses it.
 */
class ResultChecksTest {
    private static final ObjectMapper MAPPER = JsonResults.mapper();
    private static final String ADVICE = "; the file is damaged or was not written by TriScale. Use the file the test wrote";

    @TempDir
    Path dir;

    /** Each damaged file in its own folder. */
    private int files;

    /** The failing fixture result written as a test writes it, then edited as a JSON tree. */
    private Path damaged(Consumer<ObjectNode> edit) throws IOException {
        Path file = JsonResults.write(TestResults.failing(), dir.resolve("out-" + ++files));
        ObjectNode tree = (ObjectNode) MAPPER.readTree(file.toFile());
        edit.accept(tree);
        Files.writeString(file, MAPPER.writeValueAsString(tree));
        return file;
    }

    private static ObjectNode firstRun(ObjectNode tree) {
        return (ObjectNode) tree.get("runs").get(0);
    }

    @Test
    void anUntouchedResultPasses() throws IOException {
        Path file = damaged(tree -> { });

        assertThat(JsonResults.read(file).testMethod()).isEqualTo("slow");
    }

    @Test
    void aClassNameThatIsNoJavaNameIsRefused() throws IOException {
        for (String name : List.of("", "org..CcaTest", "org.CcaTest.", "1org.CcaTest", "org.Cca Test",
                "org.Cca\u0001Test", "../../etc/passwd")) {
            Path file = damaged(tree -> tree.put("testClass", name));

            assertThatThrownBy(() -> JsonResults.read(file)).as(name).isInstanceOf(IOException.class)
                    .hasMessage(file + ": the field testClass is not a Java class name (identifiers separated by '.')"
                            + ADVICE);
        }
    }

    @Test
    void aMethodNameThatIsNoJavaNameIsRefused() throws IOException {
        Path file = damaged(tree -> tree.put("testMethod", "slow()"));

        assertThatThrownBy(() -> JsonResults.read(file))
                .hasMessage(file + ": the field testMethod is not a Java method name" + ADVICE);
    }

    @Test
    void aMissingFieldIsNamedWithItsPath() throws IOException {
        Path noVerdict = damaged(tree -> tree.remove("verdict"));
        Path nullKpi = damaged(tree -> ((ArrayNode) tree.get("series").get(1).get("kpis")).setNull(0));
        Path noMetricName = damaged(tree -> ((ObjectNode) firstRun(tree).get("metrics").get(0)).putNull("metric"));

        assertThatThrownBy(() -> JsonResults.read(noVerdict)).hasMessage(noVerdict + ": the field verdict is missing"
                + " or null; the file is damaged or was not written by TriScale. Use the file the test wrote");
        assertThatThrownBy(() -> JsonResults.read(nullKpi))
                .hasMessageStartingWith(nullKpi + ": the field series[1].kpis[0] is missing or null;");
        assertThatThrownBy(() -> JsonResults.read(noMetricName))
                .hasMessageStartingWith(noMetricName + ": the field runs[0].metrics[0].metric is missing or null;");
    }

    @Test
    void percentilesAndConfidencesMustLieStrictlyBetween0And100() throws IOException {
        Path hundred = damaged(tree -> ((ObjectNode) tree.get("parameters").get("runs")).put("percentile", 100));
        Path zero = damaged(tree -> ((ObjectNode) tree.get("parameters").get("kpis").get(0)).put("confidence", 0));

        assertThatThrownBy(() -> JsonResults.read(hundred))
                .hasMessage(hundred + ": the field parameters.runs.percentile is 100.0, not in (0, 100)" + ADVICE);
        assertThatThrownBy(() -> JsonResults.read(zero))
                .hasMessage(zero + ": the field parameters.kpis[0].confidence is 0.0, not in (0, 100)" + ADVICE);
    }

    @Test
    void runAndSeriesCountsAreBoundedSoThatNoReaderLoopsForever() throws IOException {
        Path noRuns = damaged(tree -> ((ObjectNode) tree.get("parameters").get("runs")).put("count", 0));
        Path tooMany = damaged(tree -> ((ObjectNode) tree.get("parameters").get("series")).put("count", 50_000));

        assertThatThrownBy(() -> JsonResults.read(noRuns))
                .hasMessage(noRuns + ": the field parameters.runs.count is 0, not in [1, 100000]" + ADVICE);
        // 50,000 series of 6 runs: each count alone is in range, their product is not.
        assertThatThrownBy(() -> JsonResults.read(tooMany)).hasMessage(tooMany + ": the field parameters.series.count"
                + " is 50000; series × runs must be in [1, 100000]" + ADVICE);
    }

    @Test
    void runsCountFrom1AndAValidMetricHasAFiniteValue() throws IOException {
        Path zeroSeries = damaged(tree -> firstRun(tree).put("series", 0));
        Path noValue = damaged(tree -> ((ObjectNode) firstRun(tree).get("metrics").get(0)).putNull("value"));
        Path infinite = damaged(tree -> ((ObjectNode) firstRun(tree).get("metrics").get(0)).put("value", "Infinity"));

        assertThatThrownBy(() -> JsonResults.read(zeroSeries))
                .hasMessage(zeroSeries + ": the field runs[0] has series 0 and run 1; both count from 1" + ADVICE);
        assertThatThrownBy(() -> JsonResults.read(noValue)).hasMessage(noValue + ": the field runs[0].metrics[0].value"
                + " is missing or not finite in a valid run metric" + ADVICE);
        assertThatThrownBy(() -> JsonResults.read(infinite)).isInstanceOf(IOException.class)
                .hasMessageContaining("runs[0].metrics[0].value");
    }

    @Test
    void anInvalidRunMetricMayHaveNoValue() throws IOException {
        // Run 2 of series 1 failed: its metric is invalid and has no value, which is fine.
        Path file = damaged(tree -> { });
        JsonNode failed = MAPPER.readTree(file.toFile()).get("runs").get(1);

        assertThat(failed.get("status").asText()).isEqualTo("FAILED");
        assertThat(failed.get("metrics").get(0).get("valid").asBoolean()).isFalse();
        assertThat(JsonResults.read(file).runs().get(1).metrics().get(0).value()).isNull();
    }

    private PartialResult partial(int index, int count) {
        RecordedSequel sequel = TestResults.builder().series(1, 10, 11, 12, 13, 14).sequel();
        List<TestResult.Run> runs = new ArrayList<>();
        for (int r = 1; r <= sequel.runsIn(1); r++) {
            runs.add(ResultMapper.run(sequel.run(1, r)));
        }
        return new PartialResult(PartialResult.SCHEMA_VERSION, "org.example.CcaTest", "delay", "CcaTest.delay",
                new PartialResult.ShardRuns(index, count, List.of(1)), new PartialResult.Times(
                sequel.createdAt().toString(), sequel.createdAt().toString()), null, ResultMapper.parameters(sequel), null,
                org.triscale.results.fixtures.RecordedSequels.FINGERPRINT, sequel.environment(), runs);
    }

    @Test
    void aPartialResultRoundTripsUnderItsShardsName() throws IOException {
        Path file = PartialResults.write(partial(2, 3), dir);

        assertThat(file).isEqualTo(dir.resolve("partial").resolve("org.example.CcaTest.delay.shard-2-of-3.partial.json"));
        PartialResult read = PartialResults.read(file);
        assertThat(read.shard()).isEqualTo(new PartialResult.ShardRuns(2, 3, List.of(1)));
        assertThat(read.runs()).hasSize(5);
    }

    @Test
    void aShardOutsideItsCountIsRefused() throws IOException {
        Path file = PartialResults.write(partial(1, 2), dir);
        String json = Files.readString(file);
        Files.writeString(file, json.replaceFirst("\"index\" : 1", "\"index\" : 3"));

        assertThatThrownBy(() -> PartialResults.read(file))
                .hasMessage(file + ": the field shard is 3/2, not k/K with 1 <= k <= K <= 10000" + ADVICE);
    }

    @Test
    void aFullResultOrAnotherVersionIsNoPartialResult() throws IOException {
        Path full = JsonResults.write(TestResults.passing(), dir);
        Path other = PartialResults.write(partial(1, 1), dir);
        Files.writeString(other, Files.readString(other).replace("\"partialSchemaVersion\" : "
                + PartialResult.SCHEMA_VERSION, "\"partialSchemaVersion\" : 99"));

        assertThatThrownBy(() -> PartialResults.read(full)).hasMessage(full + " is not a partial TriScale result: it"
                + " has no integer partialSchemaVersion (it is a full result: a verdict, not a shard)");
        assertThatThrownBy(() -> PartialResults.read(other)).hasMessage(other + " has partialSchemaVersion 99; this"
                + " version reads " + PartialResult.SCHEMA_VERSION + ". Merge with the TriScale version that ran the"
                + " shards");
    }

    @Test
    void aPartialResultWithoutAFingerprintIsRefused() throws IOException {
        Path file = PartialResults.write(partial(1, 1), dir);
        ObjectNode tree = (ObjectNode) MAPPER.readTree(file.toFile());
        tree.remove("fingerprint");
        Files.writeString(file, MAPPER.writeValueAsString(tree));

        assertThatThrownBy(() -> PartialResults.read(file))
                .hasMessageStartingWith(file + ": the field fingerprint is missing or null;");
    }

    @Test
    void theShardsFileNameCannotLeaveItsFolder() {
        assertThat(PartialResults.fileName("org.example.CcaTest", "delay", 1, 4))
                .isEqualTo("org.example.CcaTest.delay.shard-1-of-4.partial.json");
        assertThat(PartialResults.fileName("../x", "a/b", 1, 1)).doesNotContain("/").doesNotContain("\\");
    }
}
