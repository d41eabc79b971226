package org.triscale.testbed;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes synthetic captures for the tests: TCP segments over IPv4 or IPv6 behind one of the link
 * headers, in pcap (either byte order, micro- or nanoseconds) or pcapng (either byte order, any
 * {@code if_tsresol}). Only the headers matter to the reader; the payload bytes are zeros.
 */
final class PcapWriter {
    static final int FIN = 0x01;
    static final int SYN = 0x02;
    static final int RST = 0x04;
    static final int ACK = 0x10;

    /** One frame with its time. */
    record Packet(long timeNs, byte[] frame) {
    }

    private final int linkType;
    private final List<Packet> packets = new ArrayList<>();

    PcapWriter(int linkType) {
        this.linkType = linkType;
    }

    List<Packet> packets() {
        return packets;
    }

    PcapWriter add(long timeNs, byte[] frame) {
        packets.add(new Packet(timeNs, frame));
        return this;
    }

    /** A TCP connection between two endpoints, its sequence numbers relative to each side's ISN. */
    final class Connection {
        private final byte[] client;
        private final byte[] server;
        private final int clientPort;
        private final int serverPort;
        private final long clientIsn;
        private final long serverIsn;

        Connection(byte[] client, int clientPort, byte[] server, int serverPort, long clientIsn, long serverIsn) {
            this.client = client;
            this.server = server;
            this.clientPort = clientPort;
            this.serverPort = serverPort;
            this.clientIsn = clientIsn;
            this.serverIsn = serverIsn;
        }

        /** The three-way handshake: SYN at t, SYN-ACK at t + rtt/2, ACK at t + rtt. */
        Connection handshake(long t, long rttNs) {
            segment(t, true, -1, 0, 0, SYN);
            segment(t + rttNs / 2, false, -1, 0, 0, SYN | ACK);
            segment(t + rttNs, true, 0, 0, 0, ACK);
            return this;
        }

        /** Payload from the client: {@code length} bytes at relative offset {@code offset} (0 = first data byte). */
        Connection data(long t, long offset, int length) {
            return segment(t, true, offset, 0, length, ACK);
        }

        /** The server's cumulative ACK of the client's bytes up to relative offset {@code offset}. */
        Connection ack(long t, long offset) {
            return segment(t, false, 0, offset, 0, ACK);
        }

        /** The client's FIN after {@code offset} data bytes. */
        Connection fin(long t, long offset) {
            return segment(t, true, offset, 0, 0, FIN | ACK);
        }

        /**
         * Any segment; the sequence number is relative to the sender's first data byte (-1 = the
         * SYN), the ACK number relative to the other side's first data byte.
         */
        Connection segment(long t, boolean fromClient, long seq, long ack, int length, int flags) {
            long isn = fromClient ? clientIsn : serverIsn;
            long otherIsn = fromClient ? serverIsn : clientIsn;
            byte[] tcp = tcp(fromClient ? clientPort : serverPort, fromClient ? serverPort : clientPort,
                    isn + 1 + seq, otherIsn + 1 + ack, flags, length);
            byte[] ip = ip(fromClient ? client : server, fromClient ? server : client, 6, tcp);
            add(t, link(ip));
            return this;
        }
    }

    Connection connection(byte[] client, int clientPort, byte[] server, int serverPort, long clientIsn,
                          long serverIsn) {
        return new Connection(client, clientPort, server, serverPort, clientIsn, serverIsn);
    }

    static byte[] v4(int a, int b, int c, int d) {
        return new byte[] {(byte) a, (byte) b, (byte) c, (byte) d};
    }

    static byte[] v6(int last) {
        byte[] address = new byte[16];
        address[0] = (byte) 0xfd;
        address[15] = (byte) last;
        return address;
    }

    static byte[] tcp(int sourcePort, int destinationPort, long seq, long ack, int flags, int payload) {
        ByteBuffer b = ByteBuffer.allocate(20 + payload);
        b.putShort((short) sourcePort).putShort((short) destinationPort).putInt((int) seq).putInt((int) ack);
        b.put((byte) (5 << 4)).put((byte) flags).putShort((short) 65535).putShort((short) 0).putShort((short) 0);
        return b.array();
    }

    static byte[] ip(byte[] source, byte[] destination, int protocol, byte[] payload) {
        if (source.length == 4) {
            ByteBuffer b = ByteBuffer.allocate(20 + payload.length);
            b.put((byte) 0x45).put((byte) 0).putShort((short) (20 + payload.length)).putShort((short) 1)
                    .putShort((short) 0x4000).put((byte) 64).put((byte) protocol).putShort((short) 0)
                    .put(source).put(destination).put(payload);
            return b.array();
        }
        ByteBuffer b = ByteBuffer.allocate(40 + payload.length);
        b.putInt(0x60000000).putShort((short) payload.length).put((byte) protocol).put((byte) 64).put(source)
                .put(destination).put(payload);
        return b.array();
    }

    /** The IP packet behind this writer's link header. */
    byte[] link(byte[] ip) {
        boolean v6 = (ip[0] & 0xF0) == 0x60;
        int etherType = v6 ? 0x86DD : 0x0800;
        ByteBuffer b;
        switch (linkType) {
            case 0 -> { // BSD loopback: the family in the capturing host's (here little-endian) order
                b = ByteBuffer.allocate(4 + ip.length);
                b.order(ByteOrder.LITTLE_ENDIAN).putInt(v6 ? 10 : 2).order(ByteOrder.BIG_ENDIAN);
            }
            case 1 -> {
                b = ByteBuffer.allocate(14 + ip.length);
                b.put(new byte[] {2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2}).putShort((short) etherType);
            }
            case 101, 228, 229 -> b = ByteBuffer.allocate(ip.length);
            case 113 -> {
                b = ByteBuffer.allocate(16 + ip.length);
                b.putShort((short) 0).putShort((short) 772).putShort((short) 6).put(new byte[8])
                        .putShort((short) etherType);
            }
            case 276 -> {
                b = ByteBuffer.allocate(20 + ip.length);
                b.putShort((short) etherType).putShort((short) 0).putInt(1).putShort((short) 772).put((byte) 0)
                        .put((byte) 6).put(new byte[8]);
            }
            default -> throw new IllegalArgumentException("link type " + linkType);
        }
        return b.put(ip).array();
    }

    // ---- containers

    /** A pcap file; frames longer than {@code snaplen} are cut to it. */
    Path pcap(Path file, ByteOrder order, boolean nano, int snaplen) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer header = ByteBuffer.allocate(24).order(order);
        header.putInt(nano ? 0xA1B23C4D : 0xA1B2C3D4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                .putInt(snaplen).putInt(linkType);
        out.write(header.array());
        for (Packet packet : packets) {
            int caplen = Math.min(snaplen, packet.frame().length);
            ByteBuffer record = ByteBuffer.allocate(16).order(order);
            long seconds = packet.timeNs() / 1_000_000_000L;
            long fraction = packet.timeNs() % 1_000_000_000L;
            record.putInt((int) seconds).putInt((int) (nano ? fraction : fraction / 1000)).putInt(caplen)
                    .putInt(packet.frame().length);
            out.write(record.array());
            out.write(packet.frame(), 0, caplen);
        }
        return Files.write(file, out.toByteArray());
    }

    /** The blocks of a pcapng file, to be put together in any order, damaged on purpose or not. */
    static final class Blocks {
        private final ByteOrder order;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Blocks(ByteOrder order) {
            this.order = order;
        }

        Blocks section() {
            ByteBuffer body = ByteBuffer.allocate(16).order(order);
            body.putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1);
            return block(0x0A0D0D0A, body.array());
        }

        /** An interface; {@code tsresol} < 0 leaves the option out (microseconds). */
        Blocks interfaceBlock(int linkType, int snaplen, int tsresol) {
            ByteBuffer body = ByteBuffer.allocate(tsresol < 0 ? 8 : 20).order(order);
            body.putShort((short) linkType).putShort((short) 0).putInt(snaplen);
            if (tsresol >= 0) {
                body.putShort((short) 9).putShort((short) 1).put((byte) tsresol).put(new byte[3]).putInt(0);
            }
            return block(1, body.array());
        }

        /** An enhanced packet block, its timestamp in the interface's units. */
        Blocks enhanced(int interfaceId, long units, byte[] frame, int snaplen) {
            int caplen = Math.min(snaplen, frame.length);
            ByteBuffer body = ByteBuffer.allocate(20 + (caplen + 3) / 4 * 4).order(order);
            body.putInt(interfaceId).putInt((int) (units >>> 32)).putInt((int) units).putInt(caplen)
                    .putInt(frame.length).put(frame, 0, caplen);
            return block(6, body.array());
        }

        /** An obsolete packet block (type 2), as pcapng drafts before the enhanced block defined it. */
        Blocks obsolete(int interfaceId, long units, byte[] frame) {
            ByteBuffer body = ByteBuffer.allocate(20 + (frame.length + 3) / 4 * 4).order(order);
            body.putShort((short) interfaceId).putShort((short) 0).putInt((int) (units >>> 32)).putInt((int) units)
                    .putInt(frame.length).putInt(frame.length).put(frame);
            return block(2, body.array());
        }

        Blocks simple(byte[] frame) {
            ByteBuffer body = ByteBuffer.allocate(4 + (frame.length + 3) / 4 * 4).order(order);
            body.putInt(frame.length).put(frame);
            return block(3, body.array());
        }

        Blocks block(int type, byte[] body) {
            return raw(type, 12 + body.length, body, 12 + body.length);
        }

        /** A block with the given leading and trailing lengths, right or not. */
        Blocks raw(int type, int length, byte[] body, int trailer) {
            ByteBuffer b = ByteBuffer.allocate(12 + body.length).order(order);
            b.putInt(type).putInt(length).put(body).putInt(trailer);
            out.writeBytes(b.array());
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }

    /** A pcapng file of one section and one interface, timestamps in units of 10^-tsresol s. */
    Path pcapng(Path file, ByteOrder order, int tsresol, int snaplen) throws IOException {
        Blocks blocks = new Blocks(order).section().interfaceBlock(linkType, snaplen, tsresol);
        long divisor = 1;
        for (int i = tsresol < 0 ? 6 : tsresol; i < 9; i++) {
            divisor *= 10;
        }
        for (Packet packet : packets) {
            blocks.enhanced(0, packet.timeNs() / divisor, packet.frame(), snaplen);
        }
        return Files.write(file, blocks.bytes());
    }
}
