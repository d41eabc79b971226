package org.triscale.results.internal.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.sequential.Decision;
import org.triscale.results.internal.model.TestResult.VerdictBasis;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The exact JSON text of a result whose fields of enumerated values are all set (an adaptive test
 * with adaptive series: stop reasons, sequential decisions and what each verdict rests on). The
 * expected text was written by the version that held these values as strings; readers of the
 * format rely on it, so typing the fields must not change a byte.
 */
class PersistedTextTest {
    @TempDir
    Path folder;

    /** An adaptive result with every stop reason, decision and verdict basis. */
    static TestResult adaptive() {
        TestResult sample = JsonResultsTest.sample();
        TestResult.Parameters base = sample.parameters();
        TestResult.Parameters parameters = new TestResult.Parameters(base.mode(), base.checksPolicy(), base.baseSeed(),
                new TestResult.RunsParameters(75, 75, 0, 10, 5, true, 10, null),
                new TestResult.SeriesParameters(3, 75, 75, true, 3, StopReason.MAX_COUNT), null, base.metrics(),
                base.kpis(), base.variabilityScores());
        List<TestResult.SeriesKpi> kpis = sample.series().get(0).kpis();
        List<TestResult.SeriesResult> series = List.of(
                new TestResult.SeriesResult(1, 5, kpis, 5, StopReason.DECIDED,
                        List.of(bound(40.0, 45.5, null, Decision.PASS, VerdictBasis.SEQUENTIAL, 0, null))),
                new TestResult.SeriesResult(2, 7, kpis, 7, StopReason.PRECISION,
                        List.of(bound(61.0, 70.0, 0.07, Decision.FAIL, VerdictBasis.SEQUENTIAL, 0, null))),
                new TestResult.SeriesResult(3, 10, kpis, 10, StopReason.MAX_COUNT,
                        List.of(bound(50.0, 66.0, null, Decision.UNDECIDED, VerdictBasis.FIXED_N, 4, 93.75))));
        TestResult.Score score = sample.variabilityScores().get(0);
        List<TestResult.Score> scores = List.of(
                new TestResult.Score(score.definition(), score.seriesKpis(), score.interval(), score.stationarity(),
                        score.message(), new TestResult.SequentialScoreResult(3, 40.0, 45.5, 50.0, 66.0, 26.0, 0.5,
                        Decision.UNDECIDED, VerdictBasis.FIXED_N, 97.5)),
                new TestResult.Score(score.definition(), score.seriesKpis(), score.interval(), score.stationarity(),
                        score.message(), new TestResult.SequentialScoreResult(2, 40.0, 45.5, 50.0, 52.0, 12.0, 0.25,
                        Decision.PASS, VerdictBasis.SEQUENTIAL, null)));
        return new TestResult(sample.schemaVersion(), sample.testClass(), sample.testMethod(), sample.timing(),
                parameters, sample.runs(), series, scores,
                sample.verdict(), sample.environment(), null);
    }

    private static TestResult.SequentialBound bound(Double lower, Double upper, Double relativeHalfWidth,
                                                    Decision decision, VerdictBasis verdict, Integer runsLeft,
                                                    Double lastLookConfidence) {
        return new TestResult.SequentialBound("delay", 75, lower, upper, relativeHalfWidth, decision, verdict, runsLeft,
                lastLookConfidence);
    }

    @Test
    void writesTheEnumeratedValuesAsBefore() throws IOException {
        Path file = JsonResults.write(adaptive(), folder);

        assertThat(lines(Files.readString(file))).isEqualTo(expected("adaptive-result.json"));
        assertThat(JsonResults.read(file)).isEqualTo(adaptive());
    }

    /** An enumerated field holding another text or a number is refused, naming the field, value and valid ones. */
    @Test
    void refusesAnUnknownValueNamingTheFieldTheValueAndTheValidOnes() throws IOException {
        Path file = JsonResults.write(adaptive(), folder);
        String json = Files.readString(file);

        Files.writeString(file, json.replace("\"stopReason\" : \"precision\"", "\"stopReason\" : \"done\""));
        assertThatThrownBy(() -> JsonResults.read(file)).isInstanceOf(IOException.class)
                .hasMessage(file + ": not a TriScale result: the field series[1].stopReason is \"done\"; expected"
                        + " decided, precision or maxCount");

        Files.writeString(file, json.replace("\"verdict\" : \"fixedN\"", "\"verdict\" : \"FIXED_N\""));
        assertThatThrownBy(() -> JsonResults.read(file)).hasMessageEndingWith(
                ": the field series[2].sequential[0].verdict is \"FIXED_N\"; expected sequential or fixedN");

        Files.writeString(file, json.replace("\"decision\" : \"PASS\"", "\"decision\" : \"pass\""));
        assertThatThrownBy(() -> JsonResults.read(file)).hasMessageEndingWith(
                ": the field series[0].sequential[0].decision is \"pass\"; expected PASS, FAIL or UNDECIDED");

        // A constant's index is not its text; a long or unprintable value is quoted short.
        Files.writeString(file, json.replace("\"stopReason\" : \"maxCount\"", "\"stopReason\" : 2"));
        assertThatThrownBy(() -> JsonResults.read(file)).hasMessageEndingWith(
                ": the field parameters.series.stopReason is 2; expected decided, precision or maxCount");
        String hostile = "red\\u001b[31m" + "x".repeat(100);
        Files.writeString(file, json.replace("\"status\" : \"PASSED\"", "\"status\" : \"" + hostile + "\""));
        assertThatThrownBy(() -> JsonResults.read(file)).hasMessageEndingWith(
                ": the field runs[0].status is \"red?[31m" + "x".repeat(32) + "…\" (108 characters); expected"
                        + " NOT_RUN, RUNNING, PASSED, FAILED, NOT_CONVERGED or ABORTED");
    }

    /** The expected text of a resource next to this class, line breaks normalised. */
    static String expected(String name) throws IOException {
        try (InputStream in = PersistedTextTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return lines(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** The pretty printer ends lines with the platform's separator. */
    static String lines(String text) {
        return text.replace("\r\n", "\n");
    }
}
