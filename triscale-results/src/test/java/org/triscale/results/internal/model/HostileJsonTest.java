package org.triscale.results.internal.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.results.fixtures.TestResults;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A damaged or hostile result file is refused with where and why, without echoing its content
 * beyond a short printable quote, and within bounds of size, nesting and length.
 */
class HostileJsonTest {
    @TempDir
    Path dir;

    private Path written() throws IOException {
        return JsonResults.write(TestResults.passing(), dir);
    }

    @Test
    void aKeyGivenTwiceIsRefused() throws IOException {
        Path file = written();
        Files.writeString(file, Files.readString(file).replaceFirst("\\{", "{ \"testMethod\" : \"other\","));

        assertThatThrownBy(() -> JsonResults.read(file)).isInstanceOf(IOException.class)
                .hasMessageStartingWith(file + ":").hasMessageEndingWith(": not a TriScale result: a key is given twice"
                        + " in one object");
    }

    @Test
    void malformedJsonIsRefusedWithItsLineAndColumn() throws IOException {
        Path file = Files.writeString(dir.resolve("r.json"), "{\n  \"schemaVersion\" : 1,\n  oops\n}");

        assertThatThrownBy(() -> JsonResults.read(file))
                .hasMessageMatching(java.util.regex.Pattern.quote(file.toString()) + ":3:\\d+: not a TriScale result:"
                        + " malformed JSON");
    }

    @Test
    void nestingBeyondTheBoundIsRefusedNamingTheKeysThatRaiseIt() throws IOException {
        Path file = Files.writeString(dir.resolve("deep.json"), "[".repeat(100) + "]".repeat(100));

        assertThatThrownBy(() -> JsonResults.read(file)).hasMessageContaining(": not a TriScale result: ")
                .hasMessageEndingWith("(raise with -Dtriscale.json.maxNestingDepth, -Dtriscale.json.maxStringLength"
                        + " or -Dtriscale.json.maxNumberLength)");
    }

    @Test
    void aHostileEnumValueIsQuotedShortAndPrintableWithTheValuesItMayHold() throws IOException {
        Path file = written();
        String hostile = "bad\\u0007" + "x".repeat(60);
        Files.writeString(file, Files.readString(file).replaceFirst("\"status\" : \"PASSED\"",
                java.util.regex.Matcher.quoteReplacement("\"status\" : \"" + hostile + "\"")));

        assertThatThrownBy(() -> JsonResults.read(file)).hasMessageEndingWith(": the field runs[0].status is \"bad?"
                + "x".repeat(36) + "…\" (64 characters); expected NOT_RUN, RUNNING, PASSED, FAILED, NOT_CONVERGED or"
                + " ABORTED");
    }

    @Test
    void aValueOfTheWrongTypeIsNamedByItsPath() throws IOException {
        Path file = written();
        Files.writeString(file, Files.readString(file).replaceFirst("\"series\" : 1,", "\"series\" : [1],"));

        assertThatThrownBy(() -> JsonResults.read(file))
                .hasMessageEndingWith(": not a TriScale result: a value has the wrong type or form at runs[0].series");
    }

    @Test
    void aFileLargerThanTheBoundIsNotEvenParsed() throws IOException {
        Path file = dir.resolve("huge.json");
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(JsonResults.MAX_BYTES + 1);
        }

        assertThatThrownBy(() -> JsonResults.read(file)).hasMessage(file + " has " + (JsonResults.MAX_BYTES + 1)
                + " bytes, more than the " + JsonResults.MAX_BYTES + " a TriScale result may have; it is not read");
        assertThatThrownBy(() -> PartialResults.read(file)).hasMessageStartingWith(file + " has ");
    }

    @Test
    void anEnumsValuesAreListedAsTheFilesHoldThem() {
        assertThat(JsonResults.texts(RunStatus.class))
                .isEqualTo("NOT_RUN, RUNNING, PASSED, FAILED, NOT_CONVERGED or ABORTED");
    }

    @Test
    void aResultsFileNameIsItsClassAndMethod() {
        assertThat(JsonResults.fileName("org.example.CcaTest", "delay")).isEqualTo("org.example.CcaTest.delay.json");
        assertThat(JsonResults.fileName("a/b", "c\\d")).isEqualTo("a_b.c_d.json");
    }
}
