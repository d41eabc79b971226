package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FlentDataTest {
    @TempDir
    Path dir;

    @Test
    void readsARealCompressedDataFile() {
        // flent 2.1.1's qdisc-stats test (the one test that needs no netperf), 3 s at 0.5 s steps.
        Map<String, Samples> series = FlentData.read(Fixtures.path("flent-qdisc-stats.flent.gz"));
        assertThat(series).containsKeys("qdisc-stats::sent_bytes", "qdisc-stats::backlog_pkts");
        Samples sent = series.get("qdisc-stats::sent_bytes");
        assertThat(sent.x()).containsExactly(0, 0.5, 1, 1.5, 2, 2.5);
        assertThat(java.util.Arrays.stream(sent.y()).allMatch(bytes -> bytes > 0)).isTrue();
    }

    @Test
    void leavesOutMissingPointsOfPingAndThroughput() {
        Map<String, Samples> series = FlentData.read(Fixtures.path("flent-ping-written-by-hand.flent"));
        Samples ping = series.get("Ping (ms) ICMP");
        assertThat(ping.x()).containsExactly(0.0, 0.2, 0.6, 0.8, 1.0);
        assertThat(ping.y()).containsExactly(20.1, 20.4, 35.2, 41.0, 38.7);
        assertThat(series.get("TCP upload").size()).isEqualTo(5);
    }

    @Test
    void malformedDataIsReported() throws IOException {
        Path file = dir.resolve("bad.flent");
        Files.writeString(file, "{\"x_values\": [0, 1],\n \"results\": {\"Ping\": [1, \"x\"]}}");
        assertThatThrownBy(() -> FlentData.read(file)).isInstanceOf(MalformedLogException.class)
                .hasMessage(file + ":2: \"Ping\" holds VALUE_STRING where a number or null was expected");
        Files.writeString(file, "{\"x_values\": [0, 1], \"results\": {\"Ping\": [1]}}");
        assertThatThrownBy(() -> FlentData.read(file)).hasMessageContaining("has 1 values for 2 x_values");
        Path notGzip = dir.resolve("plain.flent.gz");
        Files.writeString(notGzip, "{}");
        assertThatThrownBy(() -> FlentData.read(notGzip)).hasMessageContaining("not gzip data")
                .hasMessageContaining("magic bytes 1f 8b");
    }
}
