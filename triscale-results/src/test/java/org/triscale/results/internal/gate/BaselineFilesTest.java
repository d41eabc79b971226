package org.triscale.results.internal.gate;

import org.triscale.results.internal.common.InvalidRecordException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BaselineFilesTest {
    @TempDir
    Path folder;

    @Test
    void roundTripsWithoutTheHistoryFields() throws IOException {
        Path file = folder.resolve("a/B/m.json");

        BaselineFiles.write(file, Records.record("t", 0, 4));

        SequelRecord read = BaselineFiles.read(file);
        assertThat(read).isEqualTo(Records.record("t", 0, 4).asBaseline());
        assertThat(read.verdict()).isNull();
        assertThat(read.accepted()).isNull();
        assertThat(Files.readString(file)).contains("\n  \"schemaVersion\" : 2");
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void unusableFilesAreNamedAndLeftUntouched() throws IOException {
        Path file = folder.resolve("m.json");
        BaselineFiles.write(file, Records.record("t", 0, 4));
        String valid = Files.readString(file);

        assertUnusable(file, "", "is empty");
        assertUnusable(file, "{ \"schemaVersion\" : 1, ", "is not valid JSON (unexpected end of input");
        assertUnusable(file, valid.substring(0, valid.length() - 10), "it may be truncated");
        assertUnusable(file, valid.replace("\"schemaVersion\" : 2", "\"schemaVersion\" : 3"),
                "has schemaVersion 3, written by a newer TriScale; this version reads 1 to 2");
        assertUnusable(file, valid.replace("\"schemaVersion\" : 2", "\"schemaVersion\" : 0"),
                "has schemaVersion 0, which no TriScale version wrote");
        assertUnusable(file, valid.replace("\"schemaVersion\" : 2,", ""), "it has no integer schemaVersion");
        assertUnusable(file, valid.replace("\"testClass\" : \"a.B\",", ""), "it has no testClass");
        assertUnusable(file, valid.replace("\"LOWER_IS_BETTER\"", "\"SIDEWAYS\""), "metric \"fct\" has direction "
                + "SIDEWAYS; expected LOWER_IS_BETTER or HIGHER_IS_BETTER");
        assertUnusable(file, valid.replace("[ 0.0,", "[ NaN,"), "is not valid JSON");
        assertUnusable(file, valid.replace("[ 0.0,", "[ 1e999,"), "runMetrics[0][0] is Infinity");
        assertUnusable(file, valid.replace("\"cpus\" : 2", "\"cpus\" : \"two\""),
                "does not have the fields of a sequel record");
        assertUnusable(file, valid.replace("\"metrics\" : [", "\"metrics\" : [ null, "), "metrics[0] is null");
        assertUnusable(file, "[ 1 ]", "a JSON object is expected, found array");
        assertUnusable(file, valid.replace("\"seeds\" : null", "\"seeds\" : [ [ 1, 2 ], [ 3 ] ]"),
                "metric \"fct\" has 1 series of run metrics but seeds for 2");
        assertUnusable(file, valid.replace("\"seeds\" : null", "\"seeds\" : [ [ 1, 2 ] ]"),
                "metric \"fct\" runMetrics[0] has 4 runs but seeds[0] 2");
        assertUnusable(file, valid.replace("\"seeds\" : null", "\"seeds\" : [ [ 1, null, 3, 4 ] ]"),
                "has a missing seed in seeds[0]");
    }

    /** Files of schema 1 have no seeds: still read, and compared unpaired. */
    @Test
    void readsSchemaOneWithoutSeeds() throws IOException {
        Path file = folder.resolve("m.json");
        BaselineFiles.write(file, Records.record("t", 0, 4));
        Files.writeString(file, Files.readString(file).replace("\"schemaVersion\" : 2", "\"schemaVersion\" : 1")
                .replace("\"seeds\" : null,", ""));

        SequelRecord read = BaselineFiles.read(file);
        assertThat(read.schemaVersion()).isEqualTo(1);
        assertThat(read.seeds()).isNull();
    }

    @Test
    void ignoresFieldsAddedLater() throws IOException {
        Path file = folder.resolve("m.json");
        BaselineFiles.write(file, Records.record("t", 0, 4));
        Files.writeString(file, Files.readString(file).replaceFirst("\\{", "{ \"addedLater\" : [1, 2],"));

        assertThat(BaselineFiles.read(file).testMethod()).isEqualTo("m");
    }

    @Test
    void refusesHugeFiles() throws IOException {
        Path file = folder.resolve("m.json");
        try (var channel = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE)) {
            channel.write(java.nio.ByteBuffer.wrap(new byte[] {' '}), BaselineFiles.MAX_BYTES);
        }

        assertThatThrownBy(() -> BaselineFiles.read(file)).isInstanceOf(InvalidRecordException.class)
                .hasMessageContaining("more than the " + BaselineFiles.MAX_BYTES + " a baseline may have");
    }

    private static void assertUnusable(Path file, String content, String message) throws IOException {
        Files.writeString(file, content);
        byte[] before = Files.readAllBytes(file);

        assertThatThrownBy(() -> BaselineFiles.read(file)).isInstanceOf(InvalidRecordException.class)
                .hasMessageStartingWith("baseline file " + file).hasMessageContaining(message);
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void anUnreadableBaselineIsNamedInTheMessage() throws IOException {
        // Before: "Baseline gate: Is a directory", without the file.
        Path directory = Files.createDirectories(folder.resolve("baseline.json"));
        assertThatThrownBy(() -> BaselineFiles.read(directory)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("baseline file " + directory + " is a directory");
        assertThatThrownBy(() -> BaselineFiles.read(folder.resolve("missing.json"))).isInstanceOf(IOException.class)
                .hasMessageStartingWith("baseline file " + folder.resolve("missing.json") + " cannot be read");
    }
}
