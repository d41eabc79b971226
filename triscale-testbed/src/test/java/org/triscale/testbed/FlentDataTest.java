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
    void readsARealCompressedDataFileFromItsRawValuesAsFlentDoes() {
        // flent 2.1.1's qdisc-stats test (the one test that needs no netperf), 3 s at 0.5 s steps;
        // "qdisc-stats::sent_bytes" has no raw series of its own: flent takes "sent_bytes" of "qdisc-stats".
        Map<String, FlentData.Series> series = FlentData.readSeries(Fixtures.path("flent-qdisc-stats.flent.gz"));
        assertThat(series).containsKeys("qdisc-stats::sent_bytes", "qdisc-stats::backlog_pkts");
        FlentData.Series sent = series.get("qdisc-stats::sent_bytes");
        assertThat(sent.raw()).isTrue();
        assertThat(sent.source()).startsWith("flent raw_values (5 points)");
        assertThat(sent.samples().x()).hasSize(5).startsWith(0.0).isSorted();
        assertThat(sent.samples().y()).containsOnly(306723.0);
        assertThat(sent.meanValue()).isNaN();
        assertThat(sent.flentMean()).isEqualTo(306723.0);
    }

    @Test
    void readsTheGridWhereTheSeriesHasNoRawValuesLeavingOutMissingPoints() {
        Map<String, FlentData.Series> series = FlentData.readSeries(Fixtures.path("flent-ping-written-by-hand.flent"));
        FlentData.Series ping = series.get("Ping (ms) ICMP");
        assertThat(ping.raw()).isTrue();
        assertThat(ping.samples().y()).containsExactly(20.1);
        FlentData.Series upload = series.get("TCP upload");
        assertThat(upload.raw()).isFalse();
        assertThat(upload.source()).contains("interpolated results grid");
        assertThat(upload.samples().x()).containsExactly(0.2, 0.4, 0.6, 0.8, 1.0);
        assertThat(upload.samples().y()).containsExactly(8.5, 9.6, 9.8, 9.7, 9.9);
    }

    @Test
    void theMeanIsTheSeriesMetadataMeanValueWhenPresent(@TempDir Path tmp) throws IOException {
        // A sum of flows: flent's mean is the sum of the flows' own means, not the grid's mean.
        Path file = tmp.resolve("sum.flent");
        Files.writeString(file, "{\"x_values\": [0, 1, 2], \"results\": {\"TCP upload sum\": [10, null, 20]},"
                + " \"metadata\": {\"SERIES_META\": {\"TCP upload sum\": {\"MEAN_VALUE\": 26.09, \"UNITS\": \"Mbits/s\"}}}}");
        FlentData.Series sum = FlentData.readSeries(file).get("TCP upload sum");
        assertThat(sum.flentMean()).isEqualTo(26.09);
        assertThat(sum.units()).isEqualTo("Mbits/s");
        assertThat(sum.source()).contains("MEAN_VALUE");
        LogReading reading = LogFormat.FLENT.reading(file, "TCP upload sum", null);
        assertThat(reading.toolMean()).isEqualTo(26.09);
        assertThat(reading.samples().y()).containsExactly(10, 20);
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
