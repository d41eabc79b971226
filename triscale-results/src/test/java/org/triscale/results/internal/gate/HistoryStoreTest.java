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

        assertThat(read.records()).extracting(SequelRecord::recordedAt).containsExactly("t:0", "t:1");
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
        assertThat(read.records()).extracting(SequelRecord::recordedAt).containsExactly("t:0", "t:2");
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
            String[] parts = record.recordedAt().split(":");
            int writer = Integer.parseInt(parts[0].substring(prefix.length()));
            int index = Integer.parseInt(parts[1]);
            assertThat(index).as("order of writer %d", writer).isEqualTo(next[writer]++);
            assertThat(record.metrics().get(0).runMetrics().get(0)).hasSizeGreaterThan(1).allMatch(v -> v >= index);
            assertThat(seen.add(record.recordedAt())).isTrue();
        }
        assertThat(next).containsOnly(perWriter);
    }
}
