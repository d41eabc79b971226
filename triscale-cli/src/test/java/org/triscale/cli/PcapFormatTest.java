package org.triscale.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * metric, kpi and score read packet captures with --format pcap (the reader is tested in
 * triscale-testbed): one goodput and FCT per TCP flow, one RTT sample per ACK.
 */
class PcapFormatTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    /**
     * Twelve TCP flows over raw IPv4, flow i with an RTT of i ms and 1000 payload bytes: SYN, SYN-ACK,
     * ACK, one data segment one RTT after the SYN, its ACK one RTT later, FIN. FCT: 2 RTT.
     */
    private Path twelveFlows() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer header = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(0xA1B2C3D4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535)
                .putInt(101);
        out.writeBytes(header.array());
        for (int i = 1; i <= 12; i++) {
            long t = 1_700_000_000_000_000_000L + i * 1000 * MS;
            long rtt = i * MS;
            int port = 40000 + i;
            record(out, t, segment(port, true, 100, 0, 0x02, 0));
            record(out, t + rtt / 2, segment(port, false, 500, 101, 0x12, 0));
            record(out, t + rtt, segment(port, true, 101, 501, 0x10, 1000));
            record(out, t + 2 * rtt, segment(port, false, 501, 1101, 0x10, 0));
            record(out, t + 2 * rtt, segment(port, true, 1101, 501, 0x11, 0));
        }
        return Files.write(dir.resolve("flows.pcap"), out.toByteArray());
    }

    private static byte[] segment(int clientPort, boolean fromClient, long seq, long ack, int flags, int payload) {
        ByteBuffer b = ByteBuffer.allocate(40 + payload);
        b.put((byte) 0x45).put((byte) 0).putShort((short) (40 + payload)).putInt(0).put((byte) 64).put((byte) 6)
                .putShort((short) 0).putInt(fromClient ? 0x0A000001 : 0x0A000002).putInt(fromClient ? 0x0A000002
                        : 0x0A000001);
        b.putShort((short) (fromClient ? clientPort : 5201)).putShort((short) (fromClient ? 5201 : clientPort))
                .putInt((int) seq).putInt((int) ack).put((byte) 0x50).put((byte) flags).putShort((short) 65535)
                .putInt(0);
        return b.array();
    }

    private static void record(ByteArrayOutputStream out, long timeNs, byte[] packet) {
        ByteBuffer record = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        record.putInt((int) (timeNs / 1_000_000_000L)).putInt((int) (timeNs % 1_000_000_000L / 1000))
                .putInt(packet.length).putInt(packet.length);
        out.writeBytes(record.array());
        out.writeBytes(packet);
    }

    @Test
    void goodputRttAndFctOfACapture() throws IOException {
        Path capture = twelveFlows();
        Cli rtt = Cli.run("metric", capture.toString(), "--format", "pcap", "--field", "rtt", "--measure", "max");
        assertThat(rtt.err()).isEmpty();
        assertThat(rtt.out()).startsWith("metric: maximum of rtt = 12\n")
                .contains("source: pcap (µs), 12 TCP flows of 12 connections (12 complete");
        Cli goodput = Cli.run("metric", capture.toString(), "--format", "pcap", "--field", "goodput", "--measure",
                "minimum");
        // the slowest flow: 8000 bits over 2 x 12 ms
        assertThat(goodput.out()).startsWith("metric: minimum of goodput = 0.333333\n");
        Cli fct = Cli.run("kpi", capture.toString(), "--format", "pcap", "--field", "fct", "-p", "75", "-c", "75",
                "--json");
        assertThat(fct.err()).isEmpty();
        assertThat(fct.out()).contains("\"values\":12");
        Cli score = Cli.run("score", capture.toString(), "--format", "pcap", "--field", "fct", "-p", "75", "-c", "75");
        assertThat(score.err()).isEmpty();
        assertThat(score.out()).startsWith("variability score: ");
    }

    @Test
    void aDamagedCaptureIsAOneLineErrorWithItsOffset() throws IOException {
        Path capture = twelveFlows();
        byte[] bytes = Files.readAllBytes(capture);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(24 + 8, 1 << 20);
        Path damaged = Files.write(dir.resolve("damaged.pcap"), bytes);
        Cli result = Cli.run("metric", damaged.toString(), "--format", "pcap", "--field", "goodput", "--measure", "50");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(damaged + ": at byte 32: record's captured length 1048576 exceeds 262144")
                .doesNotContain("internal error");
        Cli field = Cli.run("metric", capture.toString(), "--format", "pcap", "--field", "throughput", "--measure",
                "50");
        assertThat(field.exitCode()).isEqualTo(2);
        assertThat(field.err()).contains("--field throughput is not a field of --format pcap; use one of goodput, rtt,"
                + " fct");
    }
}
