package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** irtt's JSON output, written by hand in the layout irtt 0.9 writes (pretty-printed, often gzip). */
class IrttJsonTest {
    @TempDir
    Path dir;

    private static String roundTrip(int seq, String lost, long sendWall, Long rtt, Long send, Long receive, Long ipdv) {
        return "    {\n      \"seqno\": " + seq + ",\n      \"lost\": \"" + lost + "\",\n"
                + "      \"timestamps\": {\"client\": {\"send\": {\"wall\": " + sendWall + ", \"monotonic\": 1}}},\n"
                + "      \"delay\": {" + (rtt == null ? "" : "\"rtt\": " + rtt + ", \"send\": " + send
                + ", \"receive\": " + receive) + "},\n      \"ipdv\": {" + (ipdv == null ? "" : "\"rtt\": " + ipdv) + "}\n    }";
    }

    static String output() {
        long t0 = 1_627_042_250_515_907_945L;
        return "{\n  \"version\": {\"irtt\": \"0.9.0\"},\n  \"stats\": {\"rtt\": {\"mean\": 1500000, \"median\": 1500000}},\n"
                + "  \"round_trips\": [\n"
                + roundTrip(0, "false", t0, 1_000_000L, 600_000L, 400_000L, null) + ",\n"
                + roundTrip(1, "true", t0 + 10_000_000L, null, null, null, null) + ",\n"
                + roundTrip(2, "true_down", t0 + 20_000_000L, null, null, null, null) + ",\n"
                + roundTrip(3, "false", t0 + 30_000_000L, 2_000_000L, 1_100_000L, 900_000L, 1_000_000L) + "\n  ]\n}\n";
    }

    @Test
    void readsEachRoundTripAndCountsTheLostOnes() throws IOException {
        Path file = dir.resolve("irtt.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(output().getBytes(StandardCharsets.UTF_8));
        }
        IrttJson.Report report = IrttJson.read(file);
        assertThat(report.roundTrips()).isEqualTo(4);
        assertThat(report.lost()).isEqualTo(2);
        Samples rtt = report.rttMs();
        assertThat(rtt.y()).containsExactly(1.0, 2.0);
        assertThat(rtt.x()).containsExactly(0.0, 0.03);
        assertThat(rtt.dropped()).isEqualTo(2);
        assertThat(report.sendDelayMs().y()).containsExactly(0.6, 1.1);
        assertThat(report.receiveDelayMs().y()).containsExactly(0.4, 0.9);
        assertThat(report.ipdvMs().y()).containsExactly(1.0);
        assertThat(report.statsRttMeanMs()).isCloseTo(1.5, within(1e-12));
        LogReading reading = LogFormat.IRTT.reading(file, "rtt", null);
        assertThat(reading.source()).contains("4 round trips, 2 lost", "irtt's own stats.rtt: mean 1.5 ms");
    }

    @Test
    void otherJsonAndBrokenRoundTripsAreRefused() throws IOException {
        Path other = dir.resolve("other.json");
        Files.writeString(other, "{\"intervals\": []}");
        assertThatThrownBy(() -> IrttJson.read(other)).hasMessageContaining("no \"round_trips\" array");
        Path negative = dir.resolve("negative.json");
        Files.writeString(negative, output().replace("\"rtt\": 2000000", "\"rtt\": -5"));
        assertThatThrownBy(() -> IrttJson.read(negative)).hasMessageContaining("a round-trip time is never negative");
        Path noTime = dir.resolve("no-time.json");
        Files.writeString(noTime, "{\"round_trips\": [{\"lost\": \"false\", \"delay\": {\"rtt\": 1}}]}");
        assertThatThrownBy(() -> IrttJson.read(noTime)).hasMessageContaining(noTime + ":1: a round trip without");
    }
}
