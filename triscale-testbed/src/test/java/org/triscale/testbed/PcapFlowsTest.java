package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Synthetic captures with known goodput, RTT and FCT, in every container, byte order, timestamp
 * resolution and link type the reader supports, and broken ones refused with the file, the byte
 * offset and what was expected.
 */
@Timeout(60)
class PcapFlowsTest {
    private static final long MS = 1_000_000L;
    /** A whole number of microseconds, so that every container holds it exactly. */
    private static final long T0 = 1_700_000_000_000_000_000L + 123_456_000L;
    private static final long RTT = 20 * MS;
    private static final int SEGMENT = 1000;
    private static final int SEGMENTS = 10;

    @TempDir
    Path dir;

    /**
     * A bulk transfer: handshake, 10 segments 1 ms apart each ACKed one RTT later, FIN. Delivered:
     * 10,000 bytes; FCT: from the SYN to the ACK of the last data byte = 2 RTT + 9 ms.
     */
    private static PcapWriter bulk(int linkType, boolean ipv6, long rtt, long clientIsn) {
        PcapWriter writer = new PcapWriter(linkType);
        PcapWriter.Connection c = writer.connection(ipv6 ? PcapWriter.v6(1) : PcapWriter.v4(10, 0, 0, 1), 40000,
                ipv6 ? PcapWriter.v6(2) : PcapWriter.v4(10, 0, 0, 2), 5201, clientIsn, 7777);
        c.handshake(T0, rtt);
        long start = T0 + rtt;
        for (int i = 0; i < SEGMENTS; i++) {
            c.data(start + i * MS, (long) i * SEGMENT, SEGMENT);
            c.ack(start + i * MS + rtt, (long) (i + 1) * SEGMENT);
        }
        c.fin(start + SEGMENTS * MS, (long) SEGMENTS * SEGMENT);
        c.ack(start + SEGMENTS * MS + rtt, (long) SEGMENTS * SEGMENT + 1);
        writer.packets().sort((a, b) -> Long.compare(a.timeNs(), b.timeNs()));
        return writer;
    }

    private static double expectedFctSeconds(long rtt) {
        return (2 * rtt + (SEGMENTS - 1) * MS) / 1e9;
    }

    private static void assertBulk(PcapFlows.Report report, long rtt) {
        assertThat(report.flows()).hasSize(1);
        PcapFlows.Flow flow = report.flows().get(0);
        double fct = expectedFctSeconds(rtt);
        assertThat(flow.deliveredBytes()).isEqualTo(SEGMENTS * SEGMENT);
        assertThat(flow.retransmittedBytes()).isZero();
        assertThat(flow.synSeen()).isTrue();
        assertThat(flow.complete()).isTrue();
        assertThat(flow.fctSeconds()).isCloseTo(fct, within(1e-12));
        assertThat(flow.goodputMbps()).isCloseTo(SEGMENTS * SEGMENT * 8 / fct / 1e6, within(1e-9));
        assertThat(flow.sourcePort()).isEqualTo(40000);
        assertThat(flow.destinationPort()).isEqualTo(5201);
        assertThat(report.rttMs().y()).hasSize(SEGMENTS);
        assertEach(report.rttMs().y(), rtt / 1e6);
        assertThat(report.goodputMbps().x()).containsExactly(1);
        assertThat(report.fctSeconds().y()).containsExactly(flow.fctSeconds());
    }

    private static void assertEach(double[] values, double expected) {
        for (double value : values) {
            assertThat(value).isCloseTo(expected, within(1e-9));
        }
    }

    @Test
    void everyContainerAndByteOrderGivesTheKnownGoodputRttAndFct() throws IOException {
        PcapWriter writer = bulk(1, false, RTT, 1000);
        Path[] files = {
            writer.pcap(dir.resolve("le-us.pcap"), ByteOrder.LITTLE_ENDIAN, false, 65535),
            writer.pcap(dir.resolve("be-ns.pcap"), ByteOrder.BIG_ENDIAN, true, 65535),
            writer.pcapng(dir.resolve("le-ns.pcapng"), ByteOrder.LITTLE_ENDIAN, 9, 65535),
            writer.pcapng(dir.resolve("be-us.pcapng"), ByteOrder.BIG_ENDIAN, -1, 65535),
        };
        for (Path file : files) {
            PcapFlows.Report report = PcapFlows.read(file);
            assertBulk(report, RTT);
            assertThat(report.flows().get(0).source()).isEqualTo("10.0.0.1");
            assertThat(report.counts().tcp()).isEqualTo(3 + 2 * SEGMENTS + 2);
            assertThat(report.summary()).contains("1 TCP flow of 1 connection (1 complete");
        }
        assertThat(PcapFlows.read(files[1]).container()).isEqualTo("pcap (ns)");
    }

    @Test
    void nanosecondTimestampsKeepSubMicrosecondRtts() throws IOException {
        long rtt = RTT + 123; // 20.000123 ms
        PcapWriter writer = bulk(1, false, rtt, 1000);
        assertBulk(PcapFlows.read(writer.pcap(dir.resolve("ns.pcap"), ByteOrder.LITTLE_ENDIAN, true, 65535)), rtt);
        assertBulk(PcapFlows.read(writer.pcapng(dir.resolve("ns.pcapng"), ByteOrder.BIG_ENDIAN, 9, 65535)), rtt);
        // microseconds cut the 123 ns: the RTTs read are 20.000 ms, as the file says
        PcapFlows.Report micro = PcapFlows.read(writer.pcap(dir.resolve("us.pcap"), ByteOrder.LITTLE_ENDIAN, false,
                65535));
        assertEach(micro.rttMs().y(), 20.0);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 101, 113, 276})
    void everyLinkTypeWithIpv4AndIpv6(int linkType) throws IOException {
        for (boolean ipv6 : new boolean[] {false, true}) {
            PcapWriter writer = bulk(linkType, ipv6, RTT, 1000);
            PcapFlows.Report report = PcapFlows.read(writer.pcap(dir.resolve(linkType + "-" + ipv6 + ".pcap"),
                    ByteOrder.LITTLE_ENDIAN, false, 65535));
            assertBulk(report, RTT);
            assertThat(report.flows().get(0).source()).isEqualTo(ipv6 ? "fd00:0:0:0:0:0:0:1" : "10.0.0.1");
        }
    }

    @Test
    void rawIpv4AndIpv6LinkTypes() throws IOException {
        assertBulk(PcapFlows.read(bulk(228, false, RTT, 1).pcap(dir.resolve("v4.pcap"), ByteOrder.BIG_ENDIAN, false,
                65535)), RTT);
        assertBulk(PcapFlows.read(bulk(229, true, RTT, 1).pcapng(dir.resolve("v6.pcapng"), ByteOrder.LITTLE_ENDIAN, 6,
                65535)), RTT);
    }

    @Test
    void sequenceNumbersWrappingPast2To32() throws IOException {
        PcapWriter writer = bulk(1, false, RTT, 0xFFFFFFFFL - 4500);
        assertBulk(PcapFlows.read(writer.pcap(dir.resolve("wrap.pcap"), ByteOrder.LITTLE_ENDIAN, false, 65535)), RTT);
    }

    @Test
    void aRetransmissionCountsOnceAndItsAckGivesNoRttSampleByKarnsRule() throws IOException {
        PcapWriter writer = new PcapWriter(1);
        PcapWriter.Connection c = writer.connection(PcapWriter.v4(10, 0, 0, 1), 40000, PcapWriter.v4(10, 0, 0, 2),
                5201, 1000, 7777);
        c.handshake(T0, RTT);
        long start = T0 + RTT;
        for (int i = 0; i < SEGMENTS; i++) {
            c.data(start + i * MS, (long) i * SEGMENT, SEGMENT);
        }
        // segment 3 is late: segments 0-2 are ACKed, the rest only duplicate ACKs at 3000
        for (int i = 0; i < SEGMENTS; i++) {
            c.ack(start + i * MS + RTT, Math.min(i + 1, 3) * (long) SEGMENT);
        }
        long resent = start + 40 * MS;
        c.data(resent, 3L * SEGMENT, SEGMENT);
        // the ACK of everything comes 2 ms after the copy: it answers the late original, not the copy
        long end = resent + 2 * MS;
        c.ack(end, (long) SEGMENTS * SEGMENT);
        c.fin(end + MS, (long) SEGMENTS * SEGMENT);
        writer.packets().sort((a, b) -> Long.compare(a.timeNs(), b.timeNs()));
        PcapFlows.Report report = PcapFlows.read(writer.pcap(dir.resolve("rtx.pcap"), ByteOrder.LITTLE_ENDIAN, false,
                65535));
        PcapFlows.Flow flow = report.flows().get(0);
        assertThat(flow.deliveredBytes()).isEqualTo(SEGMENTS * SEGMENT);
        assertThat(flow.uniqueBytes()).isEqualTo(SEGMENTS * SEGMENT);
        assertThat(flow.retransmittedBytes()).isEqualTo(SEGMENT);
        assertThat(flow.durationSeconds()).isCloseTo((end - T0) / 1e9, within(1e-12));
        assertThat(flow.goodputMbps()).isCloseTo(SEGMENTS * SEGMENT * 8 / ((end - T0) / 1e9) / 1e6, within(1e-9));
        assertThat(flow.complete()).as("the FIN is not ACKed, but every data byte before it is").isTrue();
        assertThat(report.rttMs().y()).containsExactly(20.0, 20.0, 20.0);
        assertThat(report.counts().karnSkipped()).isEqualTo(1);
        assertThat(report.summary()).contains("3 RTT samples (1 ACKs without a sample by Karn's rule");
    }

    @Test
    void outOfOrderSegmentsAreNotRetransmissions() throws IOException {
        PcapWriter writer = new PcapWriter(1);
        PcapWriter.Connection c = writer.connection(PcapWriter.v4(10, 0, 0, 1), 40000, PcapWriter.v4(10, 0, 0, 2),
                5201, 1000, 7777);
        c.handshake(T0, RTT);
        long start = T0 + RTT;
        c.data(start, 0, SEGMENT).data(start + MS, SEGMENT, SEGMENT).data(start + 2 * MS, 3 * SEGMENT, SEGMENT)
                .data(start + 3 * MS, 2 * SEGMENT, SEGMENT);
        c.ack(start + RTT, SEGMENT).ack(start + MS + RTT, 2 * SEGMENT).ack(start + 3 * MS + RTT, 4 * SEGMENT);
        c.fin(start + 4 * MS, 4 * SEGMENT);
        writer.packets().sort((a, b) -> Long.compare(a.timeNs(), b.timeNs()));
        PcapFlows.Report report = PcapFlows.read(writer.pcap(dir.resolve("ooo.pcap"), ByteOrder.LITTLE_ENDIAN, false,
                65535));
        PcapFlows.Flow flow = report.flows().get(0);
        assertThat(flow.retransmittedBytes()).isZero();
        assertThat(flow.deliveredBytes()).isEqualTo(4 * SEGMENT);
        // the last ACK covers segments 2 and 3: timed from the later-sent segment 2
        assertThat(report.rttMs().y()).containsExactly(20.0, 20.0, 20.0);
        assertThat(report.counts().karnSkipped()).isZero();
    }

    @Test
    void snapLengthCutPacketsAreReadFromTheirHeaders() throws IOException {
        PcapWriter writer = bulk(1, false, RTT, 1000);
        PcapFlows.Report headers = PcapFlows.read(writer.pcap(dir.resolve("snap.pcap"), ByteOrder.LITTLE_ENDIAN,
                false, 54));
        assertBulk(headers, RTT);
        assertThat(headers.counts().snapCut()).isEqualTo(SEGMENTS);
        assertThat(headers.counts().unseenBytes()).isEqualTo(SEGMENTS * SEGMENT);
        assertThat(headers.summary()).contains("10 packets cut by the snap length (10000 bytes unseen");
        PcapFlows.Report cut = PcapFlows.read(writer.pcapng(dir.resolve("cut.pcapng"), ByteOrder.LITTLE_ENDIAN, 6,
                40));
        assertThat(cut.flows()).isEmpty();
        assertThat(cut.counts().cutShort()).isEqualTo(cut.counts().records()).isEqualTo(3 + 2 * SEGMENTS + 2);
    }

    @Test
    void packetsOtherThanTcpAreCountedAndIgnored() throws IOException {
        PcapWriter writer = bulk(1, false, RTT, 1000);
        writer.add(T0 + 3 * MS, writer.link(PcapWriter.ip(PcapWriter.v4(10, 0, 0, 1), PcapWriter.v4(10, 0, 0, 2), 17,
                new byte[40])));
        byte[] arp = new byte[42];
        arp[12] = 0x08;
        arp[13] = 0x06;
        writer.add(T0 + 4 * MS, arp);
        writer.packets().sort((a, b) -> Long.compare(a.timeNs(), b.timeNs()));
        PcapFlows.Report report = PcapFlows.read(writer.pcap(dir.resolve("mixed.pcap"), ByteOrder.LITTLE_ENDIAN,
                false, 65535));
        assertBulk(report, RTT);
        assertThat(report.counts().notTcp()).isEqualTo(2);
        assertThat(report.summary()).contains("ignored: 2 not TCP");
    }

    @Test
    void bothDirectionsWithPayloadAreTwoFlowsAndAReusedPortPairANewConnection() throws IOException {
        PcapWriter writer = new PcapWriter(101);
        byte[] a = PcapWriter.v4(10, 0, 0, 1);
        byte[] b = PcapWriter.v4(10, 0, 0, 2);
        PcapWriter.Connection c = writer.connection(a, 40000, b, 80, 1000, 9000);
        c.handshake(T0, RTT);
        c.data(T0 + RTT, 0, 100).segment(T0 + 2 * RTT, false, 0, 100, 5000, PcapWriter.ACK)
                .segment(T0 + 3 * RTT, true, 100, 5000, 0, PcapWriter.ACK | PcapWriter.FIN)
                .segment(T0 + 3 * RTT, false, 5000, 101, 0, PcapWriter.ACK | PcapWriter.FIN);
        // the same ports again, a new initial sequence number: a second connection
        PcapWriter.Connection again = writer.connection(a, 40000, b, 80, 555_555, 9000);
        long later = T0 + 1000 * MS;
        again.handshake(later, RTT);
        again.data(later + RTT, 0, 300).ack(later + 2 * RTT, 300);
        PcapFlows.Report report = PcapFlows.read(writer.pcap(dir.resolve("two.pcap"), ByteOrder.BIG_ENDIAN, false,
                65535));
        assertThat(report.flows()).extracting(PcapFlows.Flow::deliveredBytes).containsExactly(100L, 5000L, 300L);
        assertThat(report.flows()).extracting(PcapFlows.Flow::index).containsExactly(1, 2, 3);
        assertThat(report.flows().get(1).sourcePort()).isEqualTo(80);
        assertThat(report.flows().get(1).complete()).as("the server's FIN was never ACKed, its data were").isTrue();
        assertThat(report.flows().get(2).complete()).as("no FIN").isFalse();
        assertThat(report.flows().get(2).durationSeconds()).isCloseTo(2 * RTT / 1e9, within(1e-12));
        assertThat(report.flows().get(2).startSeconds()).isCloseTo(1.0, within(1e-12));
        assertThat(report.counts().connections()).isEqualTo(2);
        assertThat(report.fctSeconds().dropped()).isEqualTo(1);
        assertThat(report.fctSeconds().x()).containsExactly(1, 2);
    }

    @Test
    void aCaptureBegunMidFlowStartsAtItsFirstPacket() throws IOException {
        PcapWriter writer = new PcapWriter(1);
        PcapWriter.Connection c = writer.connection(PcapWriter.v4(10, 0, 0, 1), 40000, PcapWriter.v4(10, 0, 0, 2),
                5201, 1000, 7777);
        c.data(T0, 50_000, SEGMENT).data(T0 + MS, 51_000, SEGMENT).ack(T0 + RTT, 51_000).ack(T0 + MS + RTT, 52_000);
        writer.packets().sort((a, b) -> Long.compare(a.timeNs(), b.timeNs()));
        PcapFlows.Flow flow = PcapFlows.read(writer.pcap(dir.resolve("mid.pcap"), ByteOrder.LITTLE_ENDIAN, false,
                65535)).flows().get(0);
        assertThat(flow.synSeen()).isFalse();
        assertThat(flow.deliveredBytes()).isEqualTo(2 * SEGMENT);
        assertThat(flow.durationSeconds()).isCloseTo((MS + RTT) / 1e9, within(1e-12));
        assertThat(flow.fctSeconds()).isNaN();
    }

    @Test
    void gzipCapturesAreRead() throws IOException {
        Path plain = bulk(1, false, RTT, 1000).pcapng(dir.resolve("x.pcapng"), ByteOrder.LITTLE_ENDIAN, 9, 65535);
        Path gz = dir.resolve("x.pcapng.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(plain));
        }
        assertBulk(PcapFlows.read(gz), RTT);
    }

    @Test
    void unknownBlocksAreSkippedAndSimplePacketBlocksCountedAsUntimed() throws IOException {
        PcapWriter writer = bulk(1, false, RTT, 1000);
        PcapWriter.Blocks blocks = new PcapWriter.Blocks(ByteOrder.BIG_ENDIAN).section().interfaceBlock(1, 65535, 6)
                .block(0x0BAD, new byte[24]).block(5, new byte[0]);
        for (PcapWriter.Packet packet : writer.packets()) {
            blocks.enhanced(0, packet.timeNs() / 1000, packet.frame(), 65535);
        }
        blocks.simple(writer.packets().get(0).frame()).block(0x40000BAD, new byte[8]);
        PcapFlows.Report report = PcapFlows.read(Files.write(dir.resolve("blocks.pcapng"), blocks.bytes()));
        assertBulk(report, RTT);
        assertThat(report.counts().untimed()).isEqualTo(1);
        assertThat(report.summary()).contains("1 simple packet blocks without timestamps");
    }

    @Test
    void binaryTimestampUnitsAndObsoletePacketBlocks() throws IOException {
        PcapWriter writer = bulk(1, false, RTT, 1000);
        // if_tsresol 0x9e: units of 2^-30 s, about 0.93 ns
        PcapWriter.Blocks blocks = new PcapWriter.Blocks(ByteOrder.LITTLE_ENDIAN).section()
                .interfaceBlock(1, 65535, 0x80 | 30);
        java.math.BigInteger scale = java.math.BigInteger.ONE.shiftLeft(30);
        for (int i = 0; i < writer.packets().size(); i++) {
            PcapWriter.Packet packet = writer.packets().get(i);
            long units = java.math.BigInteger.valueOf(packet.timeNs()).multiply(scale)
                    .divide(java.math.BigInteger.valueOf(1_000_000_000L)).longValueExact();
            if (i % 2 == 0) {
                blocks.enhanced(0, units, packet.frame(), 65535);
            } else {
                blocks.obsolete(0, units, packet.frame());
            }
        }
        PcapFlows.Report report = PcapFlows.read(Files.write(dir.resolve("binary.pcapng"), blocks.bytes()));
        assertThat(report.flows()).hasSize(1);
        assertThat(report.counts().records()).isEqualTo(writer.packets().size());
        assertThat(report.flows().get(0).fctSeconds()).isCloseTo(expectedFctSeconds(RTT), within(2e-9));
        for (double ms : report.rttMs().y()) {
            assertThat(ms).isCloseTo(20.0, within(2e-6));
        }
        assertThat(report.rttMs().size()).isEqualTo(SEGMENTS);
    }

    @Test
    void aCutLastRecordIsIgnoredWithANote() throws IOException {
        Path whole = bulk(1, false, RTT, 1000).pcap(dir.resolve("whole.pcap"), ByteOrder.LITTLE_ENDIAN, false, 65535);
        byte[] bytes = Files.readAllBytes(whole);
        // a last record cut inside its data: the final FIN-ACK's ACK of the FIN, of no consequence
        Path cut = Files.write(dir.resolve("cut.pcap"), Arrays.copyOf(bytes, bytes.length - 10));
        PcapFlows.Report report = PcapFlows.read(cut);
        assertBulk(report, RTT);
        assertThat(report.notes()).singleElement().asString().contains("the last packet record, at byte "
                + (bytes.length - 16 - 54)).contains("is cut (60 of 70 bytes");
        Path ng = bulk(1, false, RTT, 1000).pcapng(dir.resolve("whole.pcapng"), ByteOrder.BIG_ENDIAN, 9, 65535);
        byte[] ngBytes = Files.readAllBytes(ng);
        PcapFlows.Report ngReport = PcapFlows.read(Files.write(dir.resolve("cut.pcapng"),
                Arrays.copyOf(ngBytes, ngBytes.length - 5)));
        assertThat(ngReport.notes()).singleElement().asString().contains("the last block of type 6, at byte");
        assertThat(ngReport.summary()).contains("stopped mid-write");
    }

    // ---- broken captures: the file, the byte offset and what was expected

    private void assertRefused(Path file, String... parts) {
        assertThatThrownBy(() -> PcapFlows.read(file)).isInstanceOf(MalformedLogException.class)
                .hasMessageStartingWith(file + ": at byte ").hasMessageContainingAll(parts);
    }

    @Test
    void aWrongMagicNumberSaysWhatACaptureStartsWith() throws IOException {
        Path text = Files.writeString(dir.resolve("x.pcap"), "time,rtt\n0,1\n");
        assertRefused(text, "at byte 0: not a pcap or pcapng capture: it starts with 74 69 6d 65",
                "expected a1 b2 c3 d4");
        assertRefused(Files.write(dir.resolve("tiny.pcap"), new byte[] {(byte) 0xd4, (byte) 0xc3}), "at byte 0",
                "fewer than a capture's 4-byte magic number");
    }

    @Test
    void truncatedFileHeadersAndUnsupportedLinkTypesAreRefused() throws IOException {
        byte[] whole = Files.readAllBytes(bulk(1, false, RTT, 1).pcap(dir.resolve("w.pcap"), ByteOrder.LITTLE_ENDIAN,
                false, 65535));
        assertRefused(Files.write(dir.resolve("head.pcap"), Arrays.copyOf(whole, 10)), "at byte 10",
                "truncated pcap file header: 10 of its 24 bytes");
        byte[] usb = whole.clone();
        usb[20] = (byte) 189;
        assertRefused(Files.write(dir.resolve("usb.pcap"), usb), "at byte 20", "link type is 189; supported: 0");
        byte[] version = whole.clone();
        version[4] = 3;
        assertRefused(Files.write(dir.resolve("v3.pcap"), version), "at byte 4", "pcap version 3.4; expected 2.4");
    }

    @Test
    void recordLengthsBeyondTheSnapLengthOrTheWireLengthAreRefused() throws IOException {
        byte[] whole = Files.readAllBytes(bulk(1, false, RTT, 1).pcap(dir.resolve("w.pcap"), ByteOrder.BIG_ENDIAN,
                false, 65535));
        byte[] huge = whole.clone();
        ByteBuffer.wrap(huge).putInt(24 + 8, 1 << 30);
        assertRefused(Files.write(dir.resolve("huge.pcap"), huge), "at byte 32", "captured length 1073741824 exceeds"
                + " 262144 bytes");
        byte[] longer = whole.clone();
        ByteBuffer.wrap(longer).putInt(24 + 12, 10);
        assertRefused(Files.write(dir.resolve("longer.pcap"), longer), "at byte 32", "captured length 54 exceeds its"
                + " original length 10");
    }

    @Test
    void pcapngBlockLengthsThatDisagreeAreRefused() throws IOException {
        PcapWriter.Blocks mismatch = new PcapWriter.Blocks(ByteOrder.LITTLE_ENDIAN).section()
                .raw(0x0BAD, 20, new byte[8], 24);
        assertRefused(Files.write(dir.resolve("mismatch.pcapng"), mismatch.bytes()), "at byte 44",
                "trailing length 24 differs from the leading length 20");
        PcapWriter.Blocks odd = new PcapWriter.Blocks(ByteOrder.BIG_ENDIAN).section().raw(1, 14, new byte[8], 14);
        assertRefused(Files.write(dir.resolve("odd.pcapng"), odd.bytes()), "at byte 32",
                "block length 14 of block type 1; expected a multiple of 4 of at least 12");
        PcapWriter.Blocks noInterface = new PcapWriter.Blocks(ByteOrder.BIG_ENDIAN).section()
                .enhanced(0, 1, new byte[60], 65535);
        assertRefused(Files.write(dir.resolve("noif.pcapng"), noInterface.bytes()), "at byte 36",
                "names interface 0 but its section describes 0");
        PcapWriter.Blocks first = new PcapWriter.Blocks(ByteOrder.BIG_ENDIAN).interfaceBlock(1, 65535, 6);
        byte[] bad = first.bytes();
        bad[3] = 0x0A; // type 0x0000000a: a block, but not the section header a pcapng file starts with
        assertRefused(Files.write(dir.resolve("first.pcapng"), bad), "at byte 0: not a pcap or pcapng capture: it"
                + " starts with 00 00 00 0a", "0a 0d 0d 0a (pcapng)");
        byte[] order = new PcapWriter.Blocks(ByteOrder.BIG_ENDIAN).section().bytes();
        order[8] = 0x77;
        assertRefused(Files.write(dir.resolve("bom.pcapng"), order), "at byte 8",
                "byte-order magic is 77 2b 3c 4d; expected 1a 2b 3c 4d");
        PcapWriter.Blocks room = new PcapWriter.Blocks(ByteOrder.LITTLE_ENDIAN).section()
                .interfaceBlock(1, 65535, -1);
        ByteBuffer epb = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        epb.putInt(0).putInt(0).putInt(0).putInt(100).putInt(100).putInt(0);
        room.block(6, epb.array());
        assertRefused(Files.write(dir.resolve("room.pcapng"), room.bytes()), "captured length 100 exceeds the 4 bytes"
                + " its block length leaves");
    }

    @Test
    void theFlowTableIsBoundedAndSaysWhichLimitWasHit() throws IOException {
        PcapWriter writer = new PcapWriter(101);
        for (int port = 1; port <= 5; port++) {
            writer.connection(PcapWriter.v4(10, 0, 0, 1), port, PcapWriter.v4(10, 0, 0, 2), 80, 1, 2)
                    .data(T0 + port, 0, 10);
        }
        Path file = writer.pcap(dir.resolve("many.pcap"), ByteOrder.LITTLE_ENDIAN, false, 65535);
        assertThat(PcapFlows.read(file, 5).flows()).hasSize(5);
        assertThatThrownBy(() -> PcapFlows.read(file, 4)).isInstanceOf(MalformedLogException.class)
                .hasMessageContaining(file + ": at byte ").hasMessageContaining("more than 4 TCP connections")
                .hasMessageContaining("-Dtriscale.testbed.maxFlows=");
    }

    @Test
    void theLogFormatGivesOneValuePerFlowOrTheRttSeries() throws IOException {
        Path file = bulk(113, true, RTT, 1000).pcap(dir.resolve("f.pcap"), ByteOrder.LITTLE_ENDIAN, false, 65535);
        LogReading goodput = LogFormat.PCAP.reading(file, "goodput", null);
        assertThat(goodput.samples().y()).containsExactly(10_000 * 8 / expectedFctSeconds(RTT) / 1e6);
        assertThat(goodput.source()).startsWith("pcap (µs), 1 TCP flow of 1 connection");
        assertThat(LogFormat.PCAP.reading(file, "rtt", null).samples().size()).isEqualTo(SEGMENTS);
        assertThat(LogFormat.PCAP.reading(file, "fct", null).samples().unit()).isEqualTo("s");
        Path empty = new PcapWriter(1).pcap(dir.resolve("empty.pcap"), ByteOrder.LITTLE_ENDIAN, false, 65535);
        assertThatThrownBy(() -> LogFormat.PCAP.reading(empty, "rtt", null)).isInstanceOf(MalformedLogException.class)
                .hasMessageContaining("no TCP flow carrying payload: pcap (µs), 0 TCP flows");
        assertThat(LogFormat.parse("PCAP")).isEqualTo(LogFormat.PCAP);
    }
}
