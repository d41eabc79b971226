package org.triscale.testbed;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Streams the packets of a pcap or pcapng capture, one record at a time, so that memory does not
 * grow with the file. The containers are read as their specifications define them (the pcap file
 * format and the pcapng block format of the IETF OPSAWG drafts, as libpcap writes them): pcap in
 * either byte order with micro- or nanosecond timestamps; pcapng sections of either byte order,
 * interface description blocks with {@code if_tsresol} and {@code if_tsoffset}, enhanced, simple
 * and obsolete packet blocks, and any other block skipped by its length.
 *
 * <p>Damage is reported with the file, the byte offset (of the decompressed data, for gzip) and
 * what was expected. One exception is the last record: a capture whose writer was stopped
 * mid-record (tcpdump killed, or still writing) ends in a cut record, which is ignored and noted
 * in {@link Summary#notes()} rather than refused, since every record before it is whole.
 */
final class PcapReader {
    /** tcpdump's largest snap length: no packet record holds more. */
    static final int MAX_PACKET = 262_144;
    /** The largest pcapng block read into memory (a packet block with its options, a section or interface header). */
    static final int MAX_BLOCK = 1 << 20;

    private static final int PCAP_MICRO = 0xA1B2C3D4;
    private static final int PCAP_NANO = 0xA1B23C4D;
    private static final int PCAPNG_SHB = 0x0A0D0D0A;
    private static final int PCAPNG_BYTE_ORDER = 0x1A2B3C4D;
    private static final int BLOCK_IDB = 1;
    private static final int BLOCK_OPB = 2;
    private static final int BLOCK_SPB = 3;
    private static final int BLOCK_EPB = 6;
    private static final int OPTION_TSRESOL = 9;
    private static final int OPTION_TSOFFSET = 14;
    private static final long NS_PER_S = 1_000_000_000L;

    /** Receives each packet of the capture. */
    interface Sink {
        /**
         * One packet.
         *
         * @param timeNs     its timestamp in ns since the epoch
         * @param linkType   its link-layer header type (LINKTYPE_ values)
         * @param data       the captured bytes, from index 0
         * @param caplen     how many bytes of {@code data} were captured
         * @param wireLength the packet's length on the wire (at least {@code caplen})
         * @param offset     the record's byte offset, for messages
         */
        void packet(long timeNs, int linkType, byte[] data, int caplen, int wireLength, long offset);
    }

    /**
     * What the container held besides the packets.
     *
     * @param container   "pcap" or "pcapng", with the timestamp resolution for pcap
     * @param records     packet records passed to the sink
     * @param untimed     simple packet blocks, which carry no timestamp and are not passed on
     * @param notes       what a reader should know (a cut last record)
     */
    record Summary(String container, long records, long untimed, List<String> notes) {
        Summary {
            notes = List.copyOf(notes);
        }
    }

    private final Path file;
    private final InputStream in;
    private final String where;
    private final byte[] header = new byte[28];
    private byte[] buffer = new byte[1 << 16];
    private long offset;
    private long records;
    private long untimed;
    private final List<String> notes = new ArrayList<>();

    private PcapReader(Path file, InputStream in, boolean gzip) {
        this.file = file;
        this.in = in;
        this.where = gzip ? " of the decompressed data" : "";
    }

    /**
     * Reads a capture, gzip-compressed or not (told by its first bytes).
     *
     * @param file the capture
     * @param sink receives the packets
     * @return what else the container held
     * @throws MalformedLogException naming the file and byte offset when the capture is damaged
     */
    static Summary read(Path file, Sink sink) {
        boolean gzip = startsWithGzip(file);
        try (InputStream in = LogLines.openStream(file)) {
            return new PcapReader(file, in, gzip).readAll(sink);
        } catch (IOException e) {
            throw new MalformedLogException(file, 0, "cannot read: " + e.getMessage(), e);
        }
    }

    private static boolean startsWithGzip(Path file) {
        if (!Files.isRegularFile(file)) {
            return false; // LogLines.openStream says why
        }
        try (InputStream raw = Files.newInputStream(file)) {
            return raw.read() == 0x1f && raw.read() == 0x8b;
        } catch (IOException e) {
            return false; // reported by LogLines.openStream
        }
    }

    private Summary readAll(Sink sink) throws IOException {
        int got = fill(header, 0, 4);
        if (got < 4) {
            throw error(0, "empty or truncated: " + got + " bytes, fewer than a capture's 4-byte magic number");
        }
        int big = beInt(header, 0);
        if (big == PCAPNG_SHB) {
            return pcapng(sink);
        }
        boolean nano = big == PCAP_NANO || Integer.reverseBytes(big) == PCAP_NANO;
        if (big == PCAP_MICRO || big == PCAP_NANO || Integer.reverseBytes(big) == PCAP_MICRO || nano) {
            return pcap(sink, big == PCAP_MICRO || big == PCAP_NANO, nano);
        }
        throw error(0, "not a pcap or pcapng capture: it starts with " + hex(header, 4) + "; expected a1 b2 c3 d4 or"
                + " d4 c3 b2 a1 (pcap, microseconds), a1 b2 3c 4d or 4d 3c b2 a1 (pcap, nanoseconds), or 0a 0d 0d 0a"
                + " (pcapng). Write captures with tcpdump -w FILE");
    }

    // ---- pcap

    private Summary pcap(Sink sink, boolean bigEndian, boolean nano) throws IOException {
        int got = fill(header, 4, 20);
        if (got < 20) {
            throw error(4 + got, "truncated pcap file header: " + (4 + got) + " of its 24 bytes");
        }
        int major = u16(header, 4, bigEndian);
        if (major != 2) {
            throw error(4, "pcap version " + major + "." + u16(header, 6, bigEndian) + "; expected 2.4");
        }
        int linkType = (int) (u32(header, 20, bigEndian) & 0xFFFF);
        checkLinkType(linkType, 20, "the file header's link type");
        offset = 24;
        long unit = nano ? 1 : 1000;
        for (;;) {
            long start = offset;
            got = fill(header, 0, 16);
            if (got == 0) {
                break;
            }
            if (got < 16) {
                cut(start, "record header", got, 16);
                break;
            }
            long seconds = u32(header, 0, bigEndian);
            long fraction = u32(header, 4, bigEndian);
            long caplen = u32(header, 8, bigEndian);
            long wire = u32(header, 12, bigEndian);
            if (caplen > MAX_PACKET) {
                throw error(start + 8, "record's captured length " + caplen + " exceeds " + MAX_PACKET
                        + " bytes (tcpdump's largest snap length): not a pcap record; the file is damaged or not pcap");
            }
            if (caplen > wire) {
                throw error(start + 8, "record's captured length " + caplen + " exceeds its original length " + wire
                        + "; expected captured <= original");
            }
            byte[] data = room((int) caplen);
            got = fill(data, 0, (int) caplen);
            if (got < caplen) {
                cut(start, "packet record", 16 + got, 16 + caplen);
                break;
            }
            records++;
            sink.packet(seconds * NS_PER_S + fraction * unit, linkType, data, (int) caplen, (int) Math.min(wire,
                    Integer.MAX_VALUE), start);
        }
        return new Summary(nano ? "pcap (ns)" : "pcap (µs)", records, 0, notes);
    }

    // ---- pcapng

    /** An interface of the current section. */
    private record Interface(int linkType, long snaplen, boolean decimal, int exponent, long offsetSeconds) {
    }

    private Summary pcapng(Sink sink) throws IOException {
        List<Interface> interfaces = new ArrayList<>();
        boolean bigEndian = true;
        int pending = 4; // the first block's type (a section header's), read as the magic number
        for (;;) {
            long start = offset - pending;
            int got = pending + fill(header, pending, 12 - pending);
            pending = 0;
            if (got == 0) {
                break;
            }
            if (got < 12) {
                cut(start, "block header", got, 12);
                break;
            }
            int type = beInt(header, 0);
            if (type == PCAPNG_SHB) {
                int order = beInt(header, 8);
                if (order == PCAPNG_BYTE_ORDER) {
                    bigEndian = true;
                } else if (Integer.reverseBytes(order) == PCAPNG_BYTE_ORDER) {
                    bigEndian = false;
                } else {
                    throw error(start + 8, "section header's byte-order magic is " + hex(header, 8, 4)
                            + "; expected 1a 2b 3c 4d or 4d 3c 2b 1a");
                }
                interfaces.clear();
            } else {
                type = (int) u32(header, 0, bigEndian);
            }
            long length = u32(header, 4, bigEndian);
            if (length < 12 || length % 4 != 0) {
                throw error(start + 4, "block length " + length + " of block type " + type
                        + "; expected a multiple of 4 of at least 12");
            }
            boolean known = type == PCAPNG_SHB || type == BLOCK_IDB || type == BLOCK_EPB || type == BLOCK_SPB
                    || type == BLOCK_OPB;
            if (!known) {
                long rest = length - 12;
                if (rest > 0) {
                    long skipped = skip(rest - 4);
                    int trailer = fill(header, 8, 4);
                    if (skipped < rest - 4 || trailer < 4) {
                        cut(start, "block of type " + type, 12 + skipped + trailer, length);
                        break;
                    }
                }
                checkTrailer(start, length, u32(header, 8, bigEndian), type);
                continue;
            }
            if (length > MAX_BLOCK) {
                throw error(start + 4, "block length " + length + " of block type " + type + " exceeds " + MAX_BLOCK
                        + " bytes; a packet block holds at most " + MAX_PACKET + " bytes of packet: damaged file");
            }
            // the block's bytes after its type and length: its fields, options and trailing length
            int size = (int) length - 8;
            byte[] block = room(size);
            System.arraycopy(header, 8, block, 0, 4);
            got = fill(block, 4, size - 4);
            if (got < size - 4) {
                cut(start, "block of type " + type, 12 + got, length);
                break;
            }
            int body = size - 4;
            checkTrailer(start, length, u32(block, body, bigEndian), type);
            // block holds the body after the 8-byte type and length, up to and including the trailing length
            switch (type) {
                case PCAPNG_SHB -> {
                    need(16, body, start, "section header block");
                    int major = u16(block, 4, bigEndian);
                    if (major != 1) {
                        throw error(start + 12, "pcapng version " + major + "." + u16(block, 6, bigEndian)
                                + "; expected 1.0");
                    }
                }
                case BLOCK_IDB -> interfaces.add(interfaceBlock(block, body, bigEndian, start));
                case BLOCK_SPB -> {
                    need(4, body, start, "simple packet block");
                    anInterface(interfaces, 0, start, "simple packet block");
                    untimed++;
                }
                case BLOCK_EPB, BLOCK_OPB -> packetBlock(sink, type, block, body, bigEndian, interfaces, start);
                default -> throw new IllegalStateException("block type " + type);
            }
        }
        return new Summary("pcapng", records, untimed, notes);
    }

    private void checkTrailer(long start, long length, long trailer, int type) {
        if (trailer != length) {
            throw error(start + length - 4, "block of type " + type + " at byte " + start + ": trailing length "
                    + trailer + " differs from the leading length " + length + "; expected both equal");
        }
    }

    // the body starts 8 bytes after the block start; 'end' excludes the trailing length
    private Interface interfaceBlock(byte[] block, int end, boolean bigEndian, long start) {
        need(8, end, start, "interface description block");
        int linkType = u16(block, 0, bigEndian);
        long snaplen = u32(block, 4, bigEndian);
        boolean decimal = true;
        int exponent = 6;
        long offsetSeconds = 0;
        int at = 8;
        while (at + 4 <= end) {
            int code = u16(block, at, bigEndian);
            int length = u16(block, at + 2, bigEndian);
            if (code == 0) {
                break;
            }
            if (at + 4 + length > end) {
                throw error(start + 8 + at, "interface option " + code + " of length " + length
                        + " runs past its block; expected options within the block length");
            }
            if (code == OPTION_TSRESOL && length >= 1) {
                int value = block[at + 4] & 0xFF;
                decimal = (value & 0x80) == 0;
                exponent = value & 0x7F;
                if (decimal ? exponent > 18 : exponent > 63) {
                    throw error(start + 12 + at, "if_tsresol " + value + " gives units finer than the format allows;"
                            + " expected 10^-0 to 10^-18 or 2^-0 to 2^-63");
                }
            } else if (code == OPTION_TSOFFSET && length >= 8) {
                offsetSeconds = bigEndian ? beLong(block, at + 4) : Long.reverseBytes(beLong(block, at + 4));
            }
            at += 4 + (length + 3) / 4 * 4;
        }
        checkLinkType(linkType, start + 8, "interface " + "description block's link type");
        return new Interface(linkType, snaplen, decimal, exponent, offsetSeconds);
    }

    private void packetBlock(Sink sink, int type, byte[] block, int end, boolean bigEndian, List<Interface> interfaces,
                             long start) {
        boolean enhanced = type == BLOCK_EPB;
        String name = enhanced ? "enhanced packet block" : "packet block";
        need(20, end, start, name);
        int id = enhanced ? (int) Math.min(u32(block, 0, bigEndian), Integer.MAX_VALUE) : u16(block, 0, bigEndian);
        Interface where = anInterface(interfaces, id, start, name);
        long units = u32(block, 4, bigEndian) << 32 | u32(block, 8, bigEndian);
        long caplen = u32(block, 12, bigEndian);
        long wire = u32(block, 16, bigEndian);
        if (caplen > end - 20) {
            throw error(start + 20, name + "'s captured length " + caplen + " exceeds the " + (end - 20)
                    + " bytes its block length leaves; expected the data within the block");
        }
        if (caplen > wire) {
            throw error(start + 20, name + "'s captured length " + caplen + " exceeds its original length " + wire
                    + "; expected captured <= original");
        }
        byte[] data = java.util.Arrays.copyOfRange(block, 20, 20 + (int) caplen);
        records++;
        sink.packet(nanoseconds(units, where, start), where.linkType(), data, (int) caplen,
                (int) Math.min(wire, Integer.MAX_VALUE), start);
    }

    private Interface anInterface(List<Interface> interfaces, int id, long start, String name) {
        if (id < 0 || id >= interfaces.size()) {
            throw error(start + 8, name + " names interface " + id + " but its section describes "
                    + interfaces.size() + "; expected an interface description block before it");
        }
        return interfaces.get(id);
    }

    private long nanoseconds(long units, Interface where, long start) {
        BigInteger value = new BigInteger(Long.toUnsignedString(units));
        BigInteger ns = where.decimal()
                ? where.exponent() <= 9 ? value.multiply(BigInteger.TEN.pow(9 - where.exponent()))
                : value.divide(BigInteger.TEN.pow(where.exponent() - 9))
                : value.multiply(BigInteger.valueOf(NS_PER_S)).shiftRight(where.exponent());
        ns = ns.add(BigInteger.valueOf(where.offsetSeconds()).multiply(BigInteger.valueOf(NS_PER_S)));
        if (ns.bitLength() > 62) {
            throw error(start + 12, "timestamp " + Long.toUnsignedString(units) + " is beyond the year 2116 in this"
                    + " interface's units; expected a capture time");
        }
        return ns.longValue();
    }

    private void need(int bytes, int body, long start, String name) {
        if (body < bytes) {
            throw error(start, name + " of " + (body + 12) + " bytes is shorter than its fixed fields ("
                    + (bytes + 12) + " bytes)");
        }
    }

    private void checkLinkType(int linkType, long at, String what) {
        if (!PcapLink.supported(linkType)) {
            throw error(at, what + " is " + linkType + "; supported: " + PcapLink.SUPPORTED
                    + ". Capture on an Ethernet, loopback or 'any' interface (tcpdump -i lo -w FILE)");
        }
    }

    // ---- bytes

    private void cut(long start, String what, long got, long expected) {
        notes.add(String.format(Locale.ROOT, "the last %s, at byte %d%s, is cut (%d of %d bytes; the capture was"
                + " stopped mid-write): ignored", what, start, where, got, expected));
    }

    private byte[] room(int size) {
        if (buffer.length < size) {
            buffer = new byte[Math.max(size, buffer.length * 2)];
        }
        return buffer;
    }

    private int fill(byte[] into, int at, int length) throws IOException {
        int total = 0;
        while (total < length) {
            int n = in.read(into, at + total, length - total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        offset += total;
        return total;
    }

    private long skip(long length) throws IOException {
        long total = 0;
        byte[] scratch = room(1 << 16);
        while (total < length) {
            int n = in.read(scratch, 0, (int) Math.min(scratch.length, length - total));
            if (n < 0) {
                break;
            }
            total += n;
        }
        offset += total;
        return total;
    }

    private MalformedLogException error(long at, String what) {
        return new MalformedLogException(file, 0, "at byte " + at + where + ": " + what);
    }

    private static String hex(byte[] bytes, int length) {
        return hex(bytes, 0, length);
    }

    private static String hex(byte[] bytes, int from, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i < from + length; i++) {
            text.append(i == from ? "" : " ").append(String.format(Locale.ROOT, "%02x", bytes[i] & 0xFF));
        }
        return text.toString();
    }

    static int beInt(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | b[at + 3] & 0xFF;
    }

    private static long beLong(byte[] b, int at) {
        return (beInt(b, at) & 0xFFFFFFFFL) << 32 | beInt(b, at + 4) & 0xFFFFFFFFL;
    }

    private static long u32(byte[] b, int at, boolean bigEndian) {
        int value = beInt(b, at);
        return (bigEndian ? value : Integer.reverseBytes(value)) & 0xFFFFFFFFL;
    }

    private static int u16(byte[] b, int at, boolean bigEndian) {
        int value = (b[at] & 0xFF) << 8 | b[at + 1] & 0xFF;
        return bigEndian ? value : Integer.reverseBytes(value) >>> 16;
    }
}
