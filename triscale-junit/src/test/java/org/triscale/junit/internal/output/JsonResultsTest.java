package org.triscale.junit.internal.output;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.Side;
import org.triscale.junit.ChecksPolicy;
import org.triscale.junit.internal.recording.RunStatus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonResultsTest {
    @TempDir
    Path folder;

    static TestResult sample() {
        TestResult.Parameters parameters = new TestResult.Parameters(Mode.SOUND, ChecksPolicy.WARN, 7,
                new TestResult.RunsParameters(75, 75, 0, 5, 5), new TestResult.SeriesParameters(1, 75, 75), null,
                List.of(new TestResult.MetricParameters("delay", "P95", "ms", List.of(0.0, 100.0), false)),
                List.of(new TestResult.KpiParameters("delay", 75, 75, Side.UPPER, 60.0, null)), List.of());
        TestResult.Run run = new TestResult.Run(1, 1, -3, RunStatus.PASSED, 12, "",
                List.of(new TestResult.RunMetric("delay", 41.8, true, 10, 1, false, null, null, null)));
        TestResult.Kpi kpi = new TestResult.Kpi("delay", 75, 75, Side.UPPER, 60.0, null, 41.8, true, true, 5, 5, 4, 1,
                2, 4, true, List.of(new TestResult.Check("ljung-box", true, 0.5, null, "fine")), null);
        return new TestResult(1, "a.B", "m", "2025-01-01T00:00:00Z", "2025-01-01T00:00:01Z", 12, parameters,
                List.of(run), List.of(new TestResult.Series(1, 5, List.of(kpi))), List.of(),
                new TestResult.Verdict("PASSED", 5, 5, 0, 0, List.of(), List.of()),
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
                "\"side\" : \"UPPER\"", "\"status\" : \"PASSED\"");
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file); // no temporary file left behind
        }
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
    void writesAtomicallyOverAnOldFile() throws IOException {
        Path file = JsonResults.write(sample(), folder);
        Files.writeString(file, "old");

        JsonResults.write(sample(), folder);

        assertThat(Files.readString(file)).startsWith("{");
    }
}
