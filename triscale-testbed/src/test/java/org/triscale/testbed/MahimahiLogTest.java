package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * On a short link log written by hand in mm-link's format (mahimahi is not packaged here): 6 packets
 * arrive, 1 is dropped, 4 leave with delays 20, 21, 42 and 130 ms, one is still queued at the end.
 */
class MahimahiLogTest {
    @TempDir
    Path dir;

    @Test
    void computesWhatPantheonReports() {
        MahimahiLog.Report report = MahimahiLog.read(Fixtures.path("mahimahi-uplink-written-by-hand.log"));
        assertThat(report.delayMs().y()).containsExactly(20, 21, 42, 130);
        assertThat(report.delayMs().x()).containsExactly(0.021, 0.271, 0.292, 0.730);
        assertThat(report.p95DelayMs()).isEqualTo(130);
        // 500 ms bins: 3 departures then 1; 1,500-byte packets are 0.024 Mbit/s per bin each.
        assertThat(report.throughputMbps().x()).containsExactly(0.0, 0.5);
        assertThat(report.throughputMbps().y()).containsExactly(new double[] {0.072, 0.024}, within(1e-15));
        assertThat(report.capacityMbps().y()).containsExactly(new double[] {0.096, 0.024}, within(1e-15));
        assertThat(report.ingressMbps().y()).containsExactly(new double[] {0.072, 0.048}, within(1e-15));
        assertThat(report.arrivedBytes()).isEqualTo(5 * 1500);
        assertThat(report.departedBytes()).isEqualTo(4 * 1500);
        assertThat(report.lossRatio()).isCloseTo(0.2, within(1e-15));
        assertThat(report.durationSeconds()).isEqualTo(0.73);
        assertThat(report.averageThroughputMbps()).isEqualTo(4 * 1500 * 8 / 0.73 / 1e6);
    }

    @Test
    void keepsOneFlowOfAPantheonTunnelLog() throws IOException {
        Path file = dir.resolve("tunnel.log");
        Files.writeString(file, "# base timestamp: 1000\n1000 + 1500 1\n1000 + 1200 2\n1010 - 1500 10 1\n"
                + "1030 - 1200 30 2\n1031 # 1500\n");
        assertThat(MahimahiLog.read(file, 2).delayMs().y()).containsExactly(30);
        assertThat(MahimahiLog.read(file, 1).delayMs().y()).containsExactly(10);
        assertThat(MahimahiLog.read(file).departedBytes()).isEqualTo(2700);
    }

    @Test
    void aLineThatIsNoEventIsReportedWithItsLine() throws IOException {
        Path file = dir.resolve("bad.log");
        Files.writeString(file, "# base timestamp: 0\n1 + 1500\n2 ? 1500\n");
        assertThatThrownBy(() -> MahimahiLog.read(file)).isInstanceOf(MalformedLogException.class)
                .hasMessageStartingWith(file + ":3: '2 ? 1500' is not a mahimahi event");
        Files.writeString(file, "1 - 1500 1e3\n");
        assertThatThrownBy(() -> MahimahiLog.read(file)).hasMessage(file + ":1: '1e3' is not a decimal number");
        Files.writeString(file, "# only headers\n");
        assertThatThrownBy(() -> MahimahiLog.read(file)).hasMessageContaining("no events");
    }

    @Test
    void aFileWithoutLineBreaksEndsInAnError() throws IOException {
        Path file = dir.resolve("blob.log");
        Files.writeString(file, "7".repeat(LogLines.MAX_LINE + 1));
        assertThatThrownBy(() -> MahimahiLog.read(file)).hasMessage(file + ":1: line longer than " + LogLines.MAX_LINE
                + " characters: not a line-oriented log (limit 1,048,576; raise it with -Dtriscale.testbed.maxLineLength=...)");
    }

    @Test
    void aControlCharacterInAnEchoedLineIsShownVisibly() throws IOException {
        Path log = java.nio.file.Files.writeString(dir.resolve("nul.log"), "# base timestamp: 0\n12 + 1\u00005\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> MahimahiLog.read(log))
                .isInstanceOf(MalformedLogException.class).hasMessageContaining("\\u0000")
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(e.getMessage()).doesNotContain("\u0000"));
    }
}
