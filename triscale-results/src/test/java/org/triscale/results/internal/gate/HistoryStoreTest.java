package org.triscale.results.internal.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HistoryStoreTest {
    @TempDir
    Path folder;

    @Test
    void appendsOneLinePerRecordAndReadsThemBack() throws IOException {
        Path file = HistoryStore.file(folder.resolve("history"), "a.B", "m");
        HistoryStore.append(file, Records.record("t", 0, 3));
        HistoryStore.append(file, Records.record("t", 1, 3));

        assertThat(file.getFileName().toString()).isEqualTo("a.B.m.jsonl");
        assertThat(Files.readAllLines(file)).hasSize(2);
        HistoryStore.Read read = HistoryStore.read(file);
        assertThat(read.warnings()).isEmpty();
        assertThat(read.records()).containsExactly(Records.record("t", 0, 3), Records.record("t", 1, 3));
    }

    @Test
    void aMissingHistoryIsEmpty() throws IOException {
        HistoryStore.Read read = HistoryStore.read(folder.resolve("none.jsonl"));

        assertThat(read.records()).isEmpty();
        assertThat(read.warnings()).isEmpty();
        assertThat(folder.resolve("none.jsonl")).doesNotExist();
    }

    @Test
    void concurrentThreadsLoseNoLineAndTearNone() throws Exception {
        Path file = folder.resolve("threads.jsonl");
        int threads = 8;
        int perThread = 40;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            String writer = "thread-" + t;
            futures.add(pool.submit(() -> {
                for (int i = 0; i < perThread; i++) {
                    HistoryStore.append(file, Records.record(writer, i, 500));
                }
                return null;
            }));
        }
        for (Future<?> future : futures) {
            future.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        assertComplete(file, threads, perThread, "thread-");
    }

    @Test
    void concurrentProcessesLoseNoLineAndTearNone() throws Exception {
        Path file = folder.resolve("processes.jsonl");
        int processes = 4;
        int perProcess = 60;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> started = new ArrayList<>();
        for (int p = 0; p < processes; p++) {
            started.add(new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    HistoryAppender.class.getName(), file.toString(), "process-" + p, Integer.toString(perProcess),
                    "2000").redirectErrorStream(true).redirectOutput(folder.resolve("process-" + p + ".log").toFile())
                    .start());
        }
        // This JVM appends at the same time.
        for (int i = 0; i < perProcess; i++) {
            HistoryStore.append(file, Records.record("process-" + processes, i, 2000));
        }
        for (int p = 0; p < processes; p++) {
            Process process = started.get(p);
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("process %d finished", p).isTrue();
            assertThat(process.exitValue()).as("process %d exit value; log: %s", p,
                    Files.readString(folder.resolve("process-" + p + ".log"))).isZero();
        }

        assertComplete(file, processes + 1, perProcess, "process-");
    }

    @Test
    void aCorruptLineIsSkippedWithAWarningAndTheFileIsKept() throws IOException {
        Path file = folder.resolve("h.jsonl");
        HistoryStore.append(file, Records.record("t", 0, 3));
        Files.writeString(file, "{\"schemaVersion\": 1, \"testClass\": \"a.B\", \"metr\n", StandardOpenOption.APPEND);
        Files.writeString(file, "[1, 2]\n", StandardOpenOption.APPEND);
        HistoryStore.append(file, Records.record("t", 1, 3));
        byte[] before = Files.readAllBytes(file);

        HistoryStore.Read read = HistoryStore.read(file);

        assertThat(read.records()).extracting(Records::tag).containsExactly("t:0", "t:1");
        assertThat(read.warnings()).hasSize(2);
        assertThat(read.warnings().get(0)).startsWith("history " + file + " line 2 is not valid JSON")
                .endsWith("the line is skipped and the file left as it is");
        assertThat(read.warnings().get(1)).contains("line 3 is not a TriScale sequel record: a JSON object is "
                + "expected, found array");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void aTornLastLineDoesNotSwallowTheNextAppend() throws IOException {
        Path file = folder.resolve("h.jsonl");
        HistoryStore.append(file, Records.record("t", 0, 3));
        String whole = SequelRecords.line(Records.record("t", 1, 3));
        // A writer died in the middle of its line.
        Files.writeString(file, whole.substring(0, whole.length() / 2), StandardOpenOption.APPEND);

        HistoryStore.append(file, Records.record("t", 2, 3));

        HistoryStore.Read read = HistoryStore.read(file);
        assertThat(read.records()).extracting(Records::tag).containsExactly("t:0", "t:2");
        assertThat(read.warnings()).singleElement().asString().contains("line 2 is not valid JSON");
    }

    @Test
    void recordsFromAnotherSchemaVersionAreSkipped() throws IOException {
        Path file = folder.resolve("h.jsonl");
        String line = SequelRecords.line(Records.record("t", 0, 3));
        Files.writeString(file, line.replace("\"schemaVersion\":2", "\"schemaVersion\":3") + "\n" + line + "\n",
                StandardCharsets.UTF_8);

        HistoryStore.Read read = HistoryStore.read(file);

        assertThat(read.records()).hasSize(1);
        assertThat(read.warnings()).singleElement().asString().contains("line 1 has schemaVersion 3, written by a "
                + "newer TriScale");
    }

    /**
     * A history file that is a symbolic link leading out of its folder (a restored cache planted it)
     * is neither appended to nor read, and nothing of the linked file reaches a message.
     */
    @Test
    void aLinkLeadingOutOfTheFolderIsNeitherAppendedToNorRead() throws IOException {
        Path outside = folder.resolve("secret.txt");
        Files.writeString(outside, "topsecrettoken rest of the file\n");
        Path history = Files.createDirectories(folder.resolve("history"));
        Path file = HistoryStore.file(history, "a.B", "m");
        Files.createSymbolicLink(file, outside);

        assertThatThrownBy(() -> HistoryStore.append(file, Records.record("t", 0, 3))).isInstanceOf(IOException.class)
                .hasMessageContaining("is a symbolic link that leads out of its folder").hasMessageContaining("remove")
                .hasMessageNotContaining("topsecret");
        assertThatThrownBy(() -> HistoryStore.read(file)).isInstanceOf(IOException.class)
                .hasMessageContaining("leads out of its folder").hasMessageNotContaining("topsecret");
        assertThat(Files.readString(outside)).isEqualTo("topsecrettoken rest of the file\n");
    }

    /** A link to another file of the same folder is followed: it stays inside. */
    @Test
    void aLinkInsideTheFolderIsFollowed() throws IOException {
        Path real = folder.resolve("real.jsonl");
        HistoryStore.append(real, Records.record("t", 0, 3));
        Path link = Files.createSymbolicLink(folder.resolve("link.jsonl"), real.getFileName());

        HistoryStore.append(link, Records.record("t", 1, 3));

        assertThat(HistoryStore.read(link).records()).extracting(Records::tag).containsExactly("t:0", "t:1");
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    /** A damaged line's message quotes none of its tokens (it could be another file's content). */
    @Test
    void aDamagedLineIsNotEchoed() throws IOException {
        Path file = folder.resolve("h.jsonl");
        Files.writeString(file, "root:x:0:0:topsecret\n{\"schemaVersion\": 2, \"x\": topsecret2}\n");

        HistoryStore.Read read = HistoryStore.read(file);

        assertThat(read.records()).isEmpty();
        assertThat(read.warnings()).hasSize(2).allSatisfy(warning -> assertThat(warning)
                .doesNotContain("topsecret").doesNotContain("root").contains("is not valid JSON"));
    }

    /**
     * A history of many megabytes is read from its end: only the lines the gate uses are parsed
     * (the last ones and the accepted ones it asks for), whatever the file's length, and they are
     * the newest ones, in order.
     */
    @Test
    void aLongHistoryIsReadFromItsEndOnly() throws IOException {
        Path file = folder.resolve("long.jsonl");
        String accepted = SequelRecords.line(Records.record("t", 0, 40));
        String refused = SequelRecords.line(Records.record("t", 0, 40).withVerdict(
                org.triscale.results.internal.model.TestResult.VerdictStatus.FAILED, false, null));
        StringBuilder text = new StringBuilder();
        int lines = 6_000;
        for (int i = 0; i < lines; i++) {
            text.append(i == 10 || i == lines - 30 ? accepted : refused).append('\n');
        }
        Files.writeString(file, text);
        assertThat(Files.size(file)).isGreaterThan(5_000_000L);

        HistoryStore.Read recent = HistoryStore.read(file, new HistoryStore.Tail(5, 1, r -> null, r -> true));
        assertThat(recent.scannedLines()).as("lines scanned for 5 recent and 1 accepted").isEqualTo(31);
        assertThat(recent.records()).hasSize(6);
        assertThat(recent.records().get(0).accepted()).isTrue();
        assertThat(recent.warnings()).isEmpty();

        HistoryStore.Read two = HistoryStore.read(file, new HistoryStore.Tail(5, 2, r -> null, r -> true));
        assertThat(two.scannedLines()).isEqualTo(HistoryStore.MAX_SCANNED_LINES);
        assertThat(two.records()).hasSize(6);
        assertThat(two.warnings()).singleElement().asString().contains("only its last " + HistoryStore.MAX_SCANNED_LINES
                + " lines").contains("older sequels are not used");
    }

    /** A line longer than the limit is skipped without being held, with its line number. */
    @Test
    void anOverlongLineIsSkippedWithItsNumber() throws IOException {
        Path file = folder.resolve("h.jsonl");
        HistoryStore.append(file, Records.record("t", 0, 3));
        Files.writeString(file, "x".repeat(HistoryStore.MAX_LINE_BYTES + 10) + "\n", StandardOpenOption.APPEND);
        HistoryStore.append(file, Records.record("t", 1, 3));

        HistoryStore.Read read = HistoryStore.read(file);

        assertThat(read.records()).extracting(Records::tag).containsExactly("t:0", "t:1");
        assertThat(read.warnings()).singleElement().asString().contains("line 2 is longer than");
    }

    /**
     * Every field of a line is checked on read; a contradictory line is never used, and the
     * warning names the file, the line and the field.
     */
    @Test
    void contradictoryOrMistypedLinesAreNotUsedAndNamed() throws IOException {
        String good = SequelRecords.line(Records.record("t", 0, 10));
        assertThat(Records.record("t", 0, 10).metrics().get(0).kpi().median()).isNotNull();
        List<String> bad = List.of(
                good.replace("\"accepted\":true", "\"accepted\":\"true\""),
                good.replace("\"runsPerSeries\":5", "\"runsPerSeries\":0"),
                good.replace("\"runsPerSeries\":5", "\"runsPerSeries\":\"5\""),
                good.replaceAll("\"recordedAt\":\"[^\"]*\"", "\"recordedAt\":\"yesterday\""),
                good.replace("\"verdict\":\"PASSED\"", "\"verdict\":\"FAILED\""),
                edited(good, "/metrics/0/kpi/seriesKpis", 9000.0, true),
                edited(good, "/metrics/0/kpi", 9000.0, false),
                good.replace(",\"accepted\":true", ""));
        List<String> expected = List.of("its accepted is a string; expected true or false",
                "has runsPerSeries 0; a series has at least 1 run", "its runsPerSeries is a string",
                "its recordedAt is not an ISO-8601 instant", "is accepted although its verdict is FAILED",
                "metric \"fct\" has kpi.seriesKpis[0] = 9000.0 but its run metrics give",
                "metric \"fct\" has kpi.median = 9000.0 but its run metrics give",
                "has no accepted flag");
        Path file = folder.resolve("h.jsonl");
        Files.writeString(file, good + "\n" + String.join("\n", bad) + "\n" + good + "\n");

        HistoryStore.Read read = HistoryStore.read(file);

        assertThat(read.records()).hasSize(2);
        assertThat(read.warnings()).hasSize(bad.size());
        for (int i = 0; i < bad.size(); i++) {
            assertThat(read.warnings().get(i)).startsWith("history " + file + " line " + (i + 2) + " ")
                    .contains(expected.get(i));
        }
    }

    /** A line with its first series KPI and median set to a value (both, as an edit would), or its median only. */
    private static String edited(String line, String at, double value, boolean series) throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode tree = mapper.readTree(line);
        com.fasterxml.jackson.databind.node.ObjectNode kpi =
                (com.fasterxml.jackson.databind.node.ObjectNode) tree.at("/metrics/0/kpi");
        if (series) {
            ((com.fasterxml.jackson.databind.node.ArrayNode) tree.at(at)).set(0, value);
        }
        kpi.put("median", value);
        return mapper.writeValueAsString(tree);
    }

    /** Lines that do not fit the test (another metric or unit) are counted and named, not dropped silently. */
    @Test
    void linesOfAnotherMetricOrUnitAreReported() throws IOException {
        Path file = folder.resolve("h.jsonl");
        HistoryStore.append(file, Records.record("t", 0, 3));
        HistoryStore.append(file, Records.record("t", 1, 3));
        HistoryStore.append(file, Records.record("t", 2, 3));

        HistoryStore.Read read = HistoryStore.read(file, new HistoryStore.Tail(10, 1,
                r -> Records.tag(r).equals("t:2") ? null : "it defines metric \"fct\" as P95 ms, the test as P95 s",
                r -> true));

        assertThat(read.records()).extracting(Records::tag).containsExactly("t:2");
        assertThat(read.warnings()).singleElement().asString().contains("2 lines do not fit this test")
                .contains("line 1: it defines metric \"fct\" as P95 ms, the test as P95 s");
    }

    /** Every writer's records are all present, in its own order, and every line parses. */
    private static void assertComplete(Path file, int writers, int perWriter, String prefix) throws IOException {
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(writers * perWriter);
        HistoryStore.Read read = HistoryStore.read(file);
        assertThat(read.warnings()).isEmpty();
        assertThat(read.records()).hasSize(writers * perWriter);
        Set<String> seen = new HashSet<>();
        int[] next = new int[writers];
        for (SequelRecord record : read.records()) {
            String[] parts = Records.tag(record).split(":");
            int writer = Integer.parseInt(parts[0].substring(prefix.length()));
            int index = Integer.parseInt(parts[1]);
            assertThat(index).as("order of writer %d", writer).isEqualTo(next[writer]++);
            assertThat(record.metrics().get(0).runMetrics().get(0)).hasSizeGreaterThan(1).allMatch(v -> v >= index);
            assertThat(seen.add(Records.tag(record))).isTrue();
        }
        assertThat(next).containsOnly(perWriter);
    }
}
