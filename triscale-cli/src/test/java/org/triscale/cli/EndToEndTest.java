package org.triscale.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.triscale.cli.batch.BatchProcessor;
import org.triscale.cli.batch.Json;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command as a separate process (a JVM started on the test class path), once: real standard
 * streams, exit codes from {@code main}, and batch responses flushed line by line.
 */
class EndToEndTest {

    private static Process start(String... args) throws IOException {
        return startWithHeap("256m", args);
    }

    private static Process startWithHeap(String heap, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-Xmx" + heap,
                "-cp", System.getProperty("java.class.path"), TriscaleCommand.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).start();
    }

    @Test
    @Timeout(60)
    void batchAnswersAHundredMegabyteLineWithAnErrorUnder256MegabytesOfHeapAndGoesOn() throws Exception {
        // Before, readLine held the whole line: OutOfMemoryError, and the later requests were lost.
        Process process = startWithHeap("256m", "batch");
        try {
            Thread writer = new Thread(() -> {
                try (OutputStream in = new BufferedOutputStream(process.getOutputStream(), 1 << 16)) {
                    in.write("{\"id\": 1, \"op\": \"jain\", \"values\": [1, 1]}\n".getBytes(StandardCharsets.UTF_8));
                    in.write("{\"id\": 2, \"op\": \"jain\", \"values\": [".getBytes(StandardCharsets.UTF_8));
                    byte[] chunk = "1,".repeat(1 << 15).getBytes(StandardCharsets.UTF_8);
                    for (int i = 0; i < 100 * (1 << 20) / chunk.length; i++) {
                        in.write(chunk);
                    }
                    in.write("1]}\n{\"id\": 3, \"op\": \"jain\", \"values\": [2, 2]}\n".getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            writer.start();
            List<JsonNode> responses = new ArrayList<>();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    responses.add(Json.MAPPER.readTree(line));
                }
            }
            writer.join();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(responses).hasSize(3);
            assertThat(responses.get(0).get("index").doubleValue()).isEqualTo(1.0);
            assertThat(responses.get(1).get("error").asText()).startsWith("request line 2 has ")
                    .contains("more than the limit of " + BatchProcessor.DEFAULT_MAX_LINE_LENGTH);
            assertThat(responses.get(2).get("id").intValue()).isEqualTo(3);
            assertThat(process.exitValue()).isZero();
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    @Timeout(60)
    void batchStopsWithAnErrorWhenItsOutputIsClosed() throws Exception {
        Process process = start("batch");
        try {
            process.getInputStream().close();
            try (Writer in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)) {
                for (int i = 0; i < 10_000; i++) {
                    in.write("{\"id\": " + i + ", \"op\": \"jain\", \"values\": [1, 2]}\n");
                }
            } catch (IOException stoppedReading) {
                // The process stopped reading its input: what this test wants.
            }
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).isEqualTo(1);
            assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                    .startsWith("triscale batch: I/O error: cannot write the response to request line 1 ");
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    @Timeout(60)
    void batchAnswersEachLineAsSoonAsItArrivesThenAnErrorLineThenExits0() throws Exception {
        Process process = start("batch");
        try {
            answersLineByLine(process);
        } finally {
            process.destroyForcibly();
        }
    }

    private static void answersLineByLine(Process process) throws Exception {
        Writer in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            in.write("{\"id\": 1, \"op\": \"harm\", \"alone\": 154.3, \"with\": 314.9, \"better\": \"lower\"}\n");
            in.flush();
            // Answered before the input ends: the response is flushed per line.
            JsonNode first = Json.MAPPER.readTree(out.readLine());
            assertThat(first.get("id").intValue()).isEqualTo(1);
            assertThat(first.get("harm").doubleValue()).isEqualTo((314.9 - 154.3) / 314.9);

            in.write("{\"id\": 2, \"op\": \"jain\", \"values\": [1, \"x\"]}\n\n");
            in.write("{\"id\": 3, \"op\": \"jain\", \"values\": [10, 10, null]}\n");
            in.close(); // end of input: the process answers the rest and exits
            JsonNode second = Json.MAPPER.readTree(out.readLine());
            assertThat(second.get("id").intValue()).isEqualTo(2);
            assertThat(second.get("error").asText()).contains("element 1");
            JsonNode third = Json.MAPPER.readTree(out.readLine());
            assertThat(third.get("index").doubleValue()).isEqualTo(1.0);
            assertThat(out.readLine()).isNull();
        }
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    @Timeout(60)
    void aDataErrorExits1WithOneLineOnStandardError() throws Exception {
        Process process = start("kpi", "no-such-file.csv", "-p", "75", "-c", "75");
        try {
            process.getOutputStream().close();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).isEqualTo(1);
            assertThat(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEmpty();
            assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip())
                    .isEqualTo("triscale kpi: no-such-file.csv: no such file");
        } finally {
            process.destroyForcibly();
        }
    }
}
