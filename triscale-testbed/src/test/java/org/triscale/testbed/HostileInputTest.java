package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Hostile and broken tool outputs: each is refused with the file, the line where known and the
 * reason (and the limit's key for size bounds), never cut, merged, wrapped or read into exhausted memory.
 */
@Timeout(60)
class HostileInputTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    // ---- decompression and size bombs

    @Test
    void aGzipBombIsRefusedAtItsDecompressedBound() throws IOException {
        // 300 MiB of spaces inside a JSON array compress to about 300 KB; the bound is 256 MiB.
        Path bomb = dir.resolve("bomb.flent.gz");
        byte[] spaces = new byte[1 << 20];
        java.util.Arrays.fill(spaces, (byte) ' ');
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(bomb))) {
            out.write("{\"x_values\": [".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 300; i++) {
                out.write(spaces);
            }
            out.write("]}".getBytes(StandardCharsets.US_ASCII));
        }
        assertThat(Files.size(bomb)).isLessThan(2_000_000);
        assertThatThrownBy(() -> FlentData.read(bomb)).isInstanceOf(MalformedLogException.class)
                .hasMessageContaining(bomb.toString()).hasMessageContaining("decompression bomb")
                .hasMessageContaining("-Dtriscale.testbed.maxDecompressedBytes");
    }

    @Test
    void anEmptyOrNonGzipFlentFileIsNamedClearly() throws IOException {
        Path empty = file("empty.flent.gz", "");
        assertThatThrownBy(() -> FlentData.read(empty)).hasMessageContaining("empty or truncated")
                .hasMessageNotContaining("null");
        Path plain = file("plain.flent.gz", "{\"x_values\": []}");
        assertThatThrownBy(() -> FlentData.read(plain)).hasMessageContaining("not gzip data");
    }

    @Test
    void deepNestingLongNumbersAndDuplicateKeysAreRefused() throws IOException {
        Path deep = file("deep.json", "{\"other\": " + "[".repeat(5000) + "]".repeat(5000) + ", \"intervals\": []}");
        assertThatThrownBy(() -> Iperf3Json.read(deep)).isInstanceOf(MalformedLogException.class)
                .hasMessageContaining("deep.json").hasMessageContaining("nesting depth");
        Path number = file("number.json", "{\"x_values\": [" + "1".repeat(5000) + "], \"results\": {}}");
        assertThatThrownBy(() -> FlentData.read(number)).hasMessageContaining("Number value length");
        Path twice = file("twice.json", "{\"x_values\": [1], \"results\": {\"a\": [1], \"a\": [2]}}");
        assertThatThrownBy(() -> FlentData.read(twice)).hasMessageContaining("twice.json:1")
                .hasMessageContaining("the series \"a\" is given twice");
        Path twiceSum = file("sum.json", "{\"intervals\": [{\"sum\": {\"start\": 0, \"end\": 1, "
                + "\"bits_per_second\": 1, \"bits_per_second\": 2}}]}");
        assertThatThrownBy(() -> Iperf3Json.read(twiceSum)).hasMessageContaining("\"bits_per_second\" is given twice");
        Path twiceTop = file("top.json", "{\"intervals\": [], \"intervals\": []}");
        assertThatThrownBy(() -> Iperf3Json.read(twiceTop)).hasMessageContaining("\"intervals\" is given twice");
        Path longString = file("string.json", "{\"start\": {\"version\": \"" + "v".repeat((1 << 20) + 1)
                + "\"}, \"intervals\": []}");
        assertThatThrownBy(() -> Iperf3Json.read(longString)).hasMessageContaining("String value length")
                .hasMessageContaining("-Dtriscale.testbed.maxStringLength");
        Path huge = file("huge.json", "{\"x_values\": [1e999], \"results\": {}}");
        assertThatThrownBy(() -> FlentData.read(huge)).hasMessageContaining("huge.json:1")
                .hasMessageContaining("beyond the range of a double");
    }

    // ---- iperf3

    private static final String INTERVAL = "{\"sum\": {\"start\": 0, \"end\": 1, \"bits_per_second\": 1e6}, "
            + "\"streams\": [{\"socket\": 5, \"bits_per_second\": 1e6}]}";

    @Test
    void iperf3IntervalsThatAreNotObjectsAreRefusedNotCut() throws IOException {
        Path file = file("cut.json", "{\"intervals\": [" + INTERVAL + ",\n 7, " + INTERVAL + "]}");
        assertThatThrownBy(() -> Iperf3Json.read(file)).hasMessageContaining("cut.json:2")
                .hasMessageContaining("\"intervals\" holds VALUE_NUMBER_INT");
        Path streams = file("streams.json", "{\"intervals\": [{\"sum\": {\"start\": 0, \"end\": 1, "
                + "\"bits_per_second\": 1}, \"streams\": [\"x\"]}]}");
        assertThatThrownBy(() -> Iperf3Json.read(streams)).hasMessageContaining("\"streams\" holds VALUE_STRING");
    }

    @Test
    void iperf3ConcatenatedReportsAndTrailingDataAreRefused() throws IOException {
        String report = "{\"intervals\": [" + INTERVAL + "]}";
        assertThat(Iperf3Json.read(file("one.json", report)).intervals()).hasSize(1);
        assertThatThrownBy(() -> Iperf3Json.read(file("two.json", report + "\n" + report)))
                .hasMessageContaining("two.json:2").hasMessageContaining("more than one JSON value");
        assertThatThrownBy(() -> Iperf3Json.read(file("error2.json", report + "\n{\"error\": \"busy\"}")))
                .hasMessageContaining("more than one JSON value");
        assertThatThrownBy(() -> Iperf3Json.read(file("garbage.json", report + " xyz")))
                .isInstanceOf(MalformedLogException.class);
    }

    @Test
    void iperf3ErrorObjectsNegativeThroughputAndBadSocketsAreReported() throws IOException {
        Path error = file("error.json", "{\"error\": {\"code\": 111, \"message\": \"unable to connect\"}}");
        assertThatThrownBy(() -> Iperf3Json.read(error)).hasMessageContaining("iperf3 reported an error: code: 111; "
                + "message: unable to connect");
        Path negative = file("negative.json", "{\"intervals\": [" + INTERVAL.replace("\"bits_per_second\": 1e6}, ",
                "\"bits_per_second\": -1e6}, ") + "]}");
        assertThatThrownBy(() -> Iperf3Json.read(negative)).hasMessageContaining("never negative");
        Path socket = file("socket.json", "{\"intervals\": [" + INTERVAL.replace("\"socket\": 5", "\"socket\": 1e12")
                + "]}");
        assertThatThrownBy(() -> Iperf3Json.read(socket)).hasMessageContaining("not a socket number");
    }

    // ---- FlowMonitor

    private static String flowmon(String... flows) {
        return "<?xml version=\"1.0\"?>\n<FlowMonitor>\n<FlowStats>\n" + String.join("\n", flows)
                + "\n</FlowStats>\n</FlowMonitor>\n";
    }

    private static String flow(String id, String tx, String rx, String lost, String firstTx, String lastRx) {
        return "<Flow flowId=\"" + id + "\" timeFirstTxPacket=\"" + firstTx + "\" timeFirstRxPacket=\"+1e9ns\" "
                + "timeLastRxPacket=\"" + lastRx + "\" delaySum=\"+1e6ns\" jitterSum=\"+0ns\" txBytes=\"1000\" "
                + "rxBytes=\"900\" txPackets=\"" + tx + "\" rxPackets=\"" + rx + "\" lostPackets=\"" + lost + "\"/>";
    }

    @Test
    void flowMonitorContradictionsAreRefusedWithTheirLine() throws IOException {
        String ok = flow("1", "10", "9", "1", "+0ns", "+2e9ns");
        assertThat(FlowMonitorXml.read(file("ok.xml", flowmon(ok))).flows()).hasSize(1);
        assertThatThrownBy(() -> FlowMonitorXml.read(file("dup.xml", flowmon(ok, ok))))
                .hasMessageContaining("dup.xml:5").hasMessageContaining("flow 1 appears twice");
        assertThatThrownBy(() -> FlowMonitorXml.read(file("big.xml", flowmon(flow("4294967297", "10", "9", "1",
                "+0ns", "+2e9ns"))))).hasMessageContaining("above 2147483647");
        assertThatThrownBy(() -> FlowMonitorXml.read(file("fct.xml", flowmon(flow("1", "10", "9", "1", "+3e9ns",
                "+2e9ns"))))).hasMessageContaining("fct.xml:4").hasMessageContaining("negative FCT");
        assertThatThrownBy(() -> FlowMonitorXml.read(file("loss.xml", flowmon(flow("1", "10", "9", "11", "+0ns",
                "+2e9ns"))))).hasMessageContaining("loss above 1");
        assertThatThrownBy(() -> FlowMonitorXml.read(file("neg.xml", flowmon(flow("1", "-10", "9", "1", "+0ns",
                "+2e9ns"))))).hasMessageContaining("never negative");
        assertThatThrownBy(() -> FlowMonitorXml.read(file("hex.xml", flowmon(flow("1", "10", "9", "1", "0x1p3ns",
                "+2e9ns"))))).hasMessageContaining("timeFirstTxPacket").hasMessageContaining("not an ns-3 time");
        assertThatThrownBy(() -> FlowMonitorXml.read(file("attr.xml", flowmon(ok.replace("txBytes=\"1000\"",
                "txBytes=\"" + "1".repeat(5000) + "\""))))).hasMessageContaining("more than the 1024");
    }

    // ---- mahimahi

    @Test
    void mahimahiNegativeFractionalAndOverflowingValuesAreRefused() throws IOException {
        String base = "# base timestamp: 0\n";
        assertThatThrownBy(() -> MahimahiLog.read(file("size.log", base + "10 + -1500\n")))
                .hasMessageContaining("size.log:2").hasMessageContaining("not a non-negative integer");
        assertThatThrownBy(() -> MahimahiLog.read(file("delay.log", base + "10 - 1500 -4\n")))
                .hasMessageContaining("negative delay");
        assertThatThrownBy(() -> MahimahiLog.read(file("flow.log", base + "10 + 1500 1.9\n"), 1))
                .hasMessageContaining("the flow id '1.9'");
        String big = "10 - 999999999999999999 4\n";
        assertThatThrownBy(() -> MahimahiLog.read(file("sum.log", base + big.repeat(20))))
                .hasMessageContaining("beyond " + Long.MAX_VALUE);
    }

    @Test
    void aFarFutureMahimahiTimestampDoesNotSizeTheBins() throws IOException {
        long started = System.nanoTime();
        assertThatThrownBy(() -> MahimahiLog.read(file("future.log", "# base timestamp: 0\n10 + 1500\n"
                + "900000000000000 + 1500\n"))).hasMessageContaining("future.log:3")
                .hasMessageContaining("-Dtriscale.testbed.maxValues");
        assertThat(System.nanoTime() - started).isLessThan(5_000_000_000L);
    }

    // ---- JSON lines

    @Test
    void jsonLinesRefuseNumbersBeyondTheRangeOfADouble() throws IOException {
        Path file = file("rows.jsonl", "{\"rtt\": 1}\n{\"rtt\": 1e400}\n");
        assertThatThrownBy(() -> NamedFields.jsonLines(file, "rtt", null)).hasMessageContaining("rows.jsonl:2")
                .hasMessageContaining("beyond the range of a double");
    }
}
