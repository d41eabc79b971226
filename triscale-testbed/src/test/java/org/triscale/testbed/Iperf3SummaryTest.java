package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * iperf3's own summary: the run's throughput weighted by interval duration, {@code end.sum_sent}
 * and {@code end.sum_received}, the text output (on iperf 3.12 output, see the fixtures' README).
 */
class Iperf3SummaryTest {
    @TempDir
    Path dir;

    @Test
    void theMeanWeightsEachIntervalByItsDuration() throws IOException {
        // 1 s at 100 Mbit/s, then a last interval of 0.01 s at 1000 Mbit/s: iperf3 says 108.9 (bytes over
        // seconds), the unweighted mean of the rates would be 550.
        Path file = dir.resolve("short-last.json");
        Files.writeString(file, "{\"intervals\": ["
                + "{\"streams\": [], \"sum\": {\"start\": 0, \"end\": 1, \"bits_per_second\": 1e8}},"
                + "{\"streams\": [], \"sum\": {\"start\": 1, \"end\": 1.01, \"bits_per_second\": 1e9}}],"
                + " \"end\": {\"sum_sent\": {\"start\": 0, \"end\": 1.01, \"bits_per_second\": 108910891.1},"
                + " \"sum_received\": {\"start\": 0, \"end\": 1.02, \"bits_per_second\": 107843137.3}}}");
        Iperf3Json.Report report = Iperf3Json.read(file);
        assertThat(report.meanThroughputMbps()).isCloseTo(110.0 / 1.01, within(1e-9));
        assertThat(report.totals().sentBitsPerSecond()).isEqualTo(108910891.1);
        assertThat(report.totals().receivedSeconds()).isEqualTo(1.02);
        LogReading throughput = LogFormat.IPERF3.reading(file, "throughput", null);
        assertThat(throughput.toolMean()).isCloseTo(108.910891, within(1e-6));
        assertThat(throughput.toolMeanSource()).contains("weighted by their duration");
        LogReading received = LogFormat.IPERF3.reading(file, "received", null);
        assertThat(received.runValue()).isTrue();
        assertThat(received.samples().y()).containsExactly(107.8431373);
        assertThat(received.source()).contains("end.sum_received");
    }

    @Test
    void aByteCountRunOfOneIntervalAgreesWithItsSummary() {
        // iperf3 -n 2M: the whole transfer in one interval of 0.158 s
        Path file = Fixtures.path("iperf3-bytes-1interval.json");
        Iperf3Json.Report report = Iperf3Json.read(file);
        assertThat(report.intervals()).hasSize(1);
        assertThat(report.meanThroughputMbps()).isCloseTo(report.totals().sentBitsPerSecond() / 1e6,
                within(1e-4 * report.meanThroughputMbps()));
    }

    @Test
    void readsTheClientsTextOutputWithItsSumLinesAndSummary() {
        Path file = Fixtures.path("iperf3-text-client-2streams.txt");
        Iperf3Json.Report report = Iperf3Text.read(file);
        // the [SUM] lines, not the streams'; the separators between intervals do not end them
        assertThat(report.throughputMbps().y()).containsExactly(83.9, 79.7, 79.7, 79.7);
        assertThat(report.throughputMbps().x()).containsExactly(0.5, 1.0, 1.5, 2.0);
        assertThat(report.retransmits().y()).containsExactly(0, 0, 0, 0);
        assertThat(report.totals().sentBitsPerSecond()).isEqualTo(80.7e6);
        assertThat(report.totals().receivedBitsPerSecond()).isEqualTo(80.4e6);
        assertThat(report.totals().receivedSeconds()).isCloseTo(2.01, within(1e-9));
        // the same through the format, which tells text from JSON by its first character
        assertThat(LogFormat.IPERF3.reading(file, "sent", null).samples().y()).containsExactly(80.7);
    }

    @Test
    void readsTheServersTextOutputWhoseShortLastIntervalCountsForItsTime() {
        Path file = Fixtures.path("iperf3-text-server-2streams.txt");
        Iperf3Json.Report report = Iperf3Text.read(file);
        assertThat(report.throughputMbps().y()).containsExactly(79.7, 79.7, 222);
        assertThat(report.totals().receivedBitsPerSecond()).isEqualTo(80.4e6);
        assertThat(report.totals().sentBitsPerSecond()).isNaN();
        // weighted: (79.7 + 79.7 + 222 * 0.01) / 2.01 = 80.4, iperf3's receiver line; unweighted 127.1
        assertThat(report.meanThroughputMbps()).isCloseTo(80.4, within(0.05));
        assertThatThrownBy(() -> LogFormat.IPERF3.reading(file, "sent", null)).isInstanceOf(MalformedLogException.class)
                .hasMessageContaining("no sender summary line");
    }

    @Test
    void textThatIsNotIperf3sOrHoldsTwoTestsIsRefused() throws IOException {
        Path other = dir.resolve("other.txt");
        Files.writeString(other, "hello\nworld\n");
        assertThatThrownBy(() -> Iperf3Text.read(other)).hasMessageContaining("no iperf3 interval line");
        Path two = dir.resolve("two.txt");
        String one = Files.readString(Fixtures.path("iperf3-text-server-2streams.txt"));
        Files.writeString(two, one + one);
        assertThatThrownBy(() -> Iperf3Text.read(two)).hasMessageContaining("more than one test");
        Path error = dir.resolve("error.txt");
        Files.writeString(error, "iperf3: error - unable to connect to server: Connection refused\n");
        assertThatThrownBy(() -> Iperf3Text.read(error)).hasMessage(error + ":1: iperf3 reported an error: iperf3: "
                + "error - unable to connect to server: Connection refused");
    }

    @Test
    void gzipIsToldByItsMagicBytesWhateverTheName() throws IOException {
        Path file = dir.resolve("run.json");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(Files.readAllBytes(Fixtures.path("iperf3-tcp-2streams.json")));
        }
        assertThat(Iperf3Json.read(file).intervals()).hasSize(4);
        Path text = dir.resolve("run.txt");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(text))) {
            out.write(Files.readAllBytes(Fixtures.path("iperf3-text-client-2streams.txt")));
        }
        assertThat(LogFormat.IPERF3.reading(text, "throughput", null).samples().size()).isEqualTo(4);
        Path cut = dir.resolve("cut.json");
        byte[] whole = Files.readAllBytes(file);
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        assertThatThrownBy(() -> Iperf3Json.read(cut)).isInstanceOf(MalformedLogException.class)
                .hasMessageContaining(cut.toString());
    }

    @Test
    void jsonLinesGivenAsOneDocumentSaySo() throws IOException {
        Path file = dir.resolve("lines.json");
        Files.writeString(file, "{\"intervals\": []}\n{\"intervals\": []}\n");
        assertThatThrownBy(() -> Iperf3Json.read(file)).hasMessageContaining(file + ":2: more than one JSON value")
                .hasMessageContaining("JSON lines, one object per line").hasMessageContaining("--format jsonl");
    }
}
