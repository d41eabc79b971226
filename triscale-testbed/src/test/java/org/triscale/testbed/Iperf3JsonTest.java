package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** On output of iperf 3.12 (see the fixtures' README): two TCP streams, 4 intervals of 0.5 s. */
class Iperf3JsonTest {
    @TempDir
    Path dir;

    @Test
    void readsIntervalsSummedAndPerStream() {
        Iperf3Json.Report report = Iperf3Json.read(Fixtures.path("iperf3-tcp-2streams.json"));
        assertThat(report.version()).isEqualTo("iperf 3.12");
        assertThat(report.intervals()).hasSize(4);
        Iperf3Json.Interval first = report.intervals().get(0);
        assertThat(first.end()).isEqualTo(0.501879);
        assertThat(first.bitsPerSecond()).isEqualTo(83572020.22208677);
        assertThat(first.retransmits()).isEqualTo(2);
        assertThat(first.lostPercent()).isNaN();
        assertThat(first.streams()).extracting(Iperf3Json.Stream::rttMicros).containsExactly(150.0, 103.0);
        // The sum is the streams' sum.
        for (Iperf3Json.Interval interval : report.intervals()) {
            double streams = interval.streams().stream().mapToDouble(Iperf3Json.Stream::bitsPerSecond).sum();
            assertThat(interval.bitsPerSecond()).isCloseTo(streams, within(1e-3 * streams));
        }
        Samples throughput = report.throughputMbps();
        assertThat(throughput.x()).containsExactly(0.501879, 1.00161, 1.500477, 2.000557);
        assertThat(throughput.y()[0]).isEqualTo(83.57202022208677, within(1e-9));
        assertThat(report.rttMs().y()).containsExactly(0.150, 0.103, 0.142, 0.093, 0.127, 0.066, 0.112, 0.045);
        assertThat(report.retransmits().y()).containsExactly(2, 0, 0, 0);
        assertThat(report.cwndBytes().size()).isEqualTo(8);
        int socket = first.streams().get(0).socket();
        assertThat(report.throughputMbps(socket).size()).isEqualTo(4);
    }

    @Test
    void iperf3sOwnErrorIsReported() {
        Path file = Fixtures.path("iperf3-refused.json");
        assertThatThrownBy(() -> Iperf3Json.read(file)).isInstanceOf(MalformedLogException.class)
                .hasMessage(file + ": iperf3 reported an error: unable to connect to server: Connection refused");
    }

    @Test
    void brokenJsonIsReportedWithItsLine() throws IOException {
        Path file = dir.resolve("cut.json");
        String whole = Files.readString(Fixtures.path("iperf3-tcp-2streams.json"));
        Files.writeString(file, whole.substring(0, whole.indexOf("\"sum\"")) + "\"sum\": {,\n");
        long line = whole.substring(0, whole.indexOf("\"sum\"")).lines().count();
        assertThatThrownBy(() -> Iperf3Json.read(file)).isInstanceOf(MalformedLogException.class)
                .hasMessageStartingWith(file + ":" + line + ": not valid JSON");
        Path notIperf = dir.resolve("other.json");
        Files.writeString(notIperf, "{\"start\": {}, \"end\": {}}");
        assertThatThrownBy(() -> Iperf3Json.read(notIperf)).hasMessageContaining("no \"intervals\" array");
        assertThatThrownBy(() -> Iperf3Json.read(dir)).hasMessageContaining("not a regular file");
    }
}
