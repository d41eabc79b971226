package org.triscale.results.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.results.internal.model.TestResult.VerdictStatus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The launch's {@code comparisons.json}: its exact text (written by the version that held the
 * outcome as a string) and reading it back.
 */
class ComparisonsTest {
    @TempDir
    Path folder;

    static List<Comparisons.Comparison> comparisons() {
        return List.of(
                new Comparisons.Comparison("a.B.m", "fct", "prague", "cubic", "worse by at least 100 %", 2.08, 1.24,
                        3.16, 95, "paired: 50 runs on the same seeds", VerdictStatus.PASSED, ""),
                new Comparisons.Comparison("a.B.n", "fct", "prague", "cubic", "not worse beyond 5 %", Double.NaN,
                        Double.NaN, Double.NaN, 90, "unpaired: 10 vs 10 series", VerdictStatus.FAILED,
                        "Expected fct ..."));
    }

    @Test
    void writesTheOutcomesAsBeforeAndReadsThemBack() throws IOException {
        Path file = folder.resolve(Comparisons.FILE);
        Comparisons.write(file, comparisons());

        assertThat(Files.readString(file).replace("\r\n", "\n")).isEqualTo(expected("comparisons.json"));
        assertThat(Comparisons.read(file)).isEqualTo(comparisons());
    }

    @Test
    void refusesAnOutcomeOtherThanPassedOrFailedNamingIt() throws IOException {
        Path file = folder.resolve(Comparisons.FILE);
        Comparisons.write(file, comparisons());
        String json = Files.readString(file);

        Files.writeString(file, json.replace("\"outcome\" : \"FAILED\"", "\"outcome\" : \"failed\""));
        assertThatThrownBy(() -> Comparisons.read(file)).isInstanceOf(IOException.class).hasMessageStartingWith(
                file + ":").hasMessageEndingWith(": not a file of comparisons: the field comparisons[1].outcome is"
                + " \"failed\"; expected PASSED or FAILED");

        Files.writeString(file, json.replace("\"outcome\" : \"FAILED\",", ""));
        assertThatThrownBy(() -> Comparisons.read(file)).hasMessage(file + ": the field comparisons[1].outcome is"
                + " missing");
    }

    /** A launch of plain tests that only compare sequels counts its comparisons on the index, not "0 tests". */
    @Test
    void anIndexOfComparisonsOnlyCountsThem() throws IOException {
        Path index = HtmlReport.write(List.of(), folder.resolve("report"), List.of(), null, comparisons(), null);
        String html = Files.readString(index);
        assertThat(html).contains("<p>2 comparisons of sequels, 1 passed, 1 failed.</p>").doesNotContain("0 tests");
        assertThat(html).doesNotContain("comparison-count");
    }

    private static String expected(String name) throws IOException {
        try (InputStream in = ComparisonsTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n");
        }
    }
}
