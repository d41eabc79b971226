package org.triscale.cli.csv;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;

/** Byte ranges of a file that start at the beginning of a line, and the byte scans they need. */
final class LineRanges {
    /** Eight bytes of a byte array as one little-endian long. */
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW_SEVEN_BITS = 0x7f7f7f7f7f7f7f7fL;
    private static final long LINE_FEEDS = 0x0a0a0a0a0a0a0a0aL;
    private static final long CARRIAGE_RETURNS = 0x0d0d0d0d0d0d0d0dL;
    private static final long QUOTES = 0x2222222222222222L;

    /** The bytes {@code [start, end)}. */
    record Range(long start, long end) {
        long length() {
            return end - start;
        }
    }

    private LineRanges() {
    }

    /**
     * Splits a file into at most {@code count} ranges of about equal size, each cut just after a
     * {@code '\n'}; fewer when the file has too few line feeds.
     */
    static List<Range> split(FileChannel channel, long size, int count) throws IOException {
        List<Range> ranges = new ArrayList<>(count);
        long start = 0;
        for (int k = 1; k < count; k++) {
            long cut = afterNextLineFeed(channel, Math.max(start, size / count * k), size);
            if (cut >= size) {
                break;
            }
            ranges.add(new Range(start, cut));
            start = cut;
        }
        ranges.add(new Range(start, size));
        return ranges;
    }

    private static long afterNextLineFeed(FileChannel channel, long from, long size) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(1 << 16);
        long position = from;
        while (position < size) {
            block.clear();
            int got = channel.read(block, position);
            if (got <= 0) {
                return size;
            }
            for (int i = 0; i < got; i++) {
                if (block.get(i) == '\n') {
                    return position + i + 1;
                }
            }
            position += got;
        }
        return size;
    }

    /**
     * What one pass over a range finds out before it is parsed.
     *
     * @param records an upper bound of the records in the range: its line breaks ({@code \n},
     *                {@code \r\n} or a lone {@code \r}), plus one for a last line without one;
     *                exact when the range has no blank, comment or multi-line quoted line
     * @param plain   whether the range holds neither a {@code '"'} nor a NUL byte, so that it can
     *                be cut at any line feed
     */
    record Scan(long records, boolean plain) {
    }

    /**
     * Scans a range with positioned reads into a reused buffer (a memory map would cost a page
     * fault per 4 KiB, which on a virtual machine is slower than the copy). Eight bytes are
     * examined at a time: line feeds are counted, and carriage returns, quotes and NUL bytes only
     * detected; a range that holds any of these is scanned again byte by byte ({@link #exactScan}).
     */
    static Scan scan(FileChannel channel, Range range) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(1 << 20);
        byte[] bytes = block.array();
        byte last = '\n';
        long lineFeeds = 0;
        long special = 0;
        for (long position = range.start(); position < range.end(); ) {
            int got = readBlock(channel, block, position, range.end());
            if (got <= 0) {
                break;
            }
            int i = 0;
            for (; i + Long.BYTES <= got; i += Long.BYTES) {
                long word = (long) WORDS.get(bytes, i);
                lineFeeds += Long.bitCount(zeroBytes(word ^ LINE_FEEDS));
                special |= zeroBytes(word ^ CARRIAGE_RETURNS) | zeroBytes(word ^ QUOTES) | zeroBytes(word);
            }
            for (; i < got; i++) {
                byte b = bytes[i];
                if (b == '\n') {
                    lineFeeds++;
                } else if (b == '\r' || b == '"' || b == 0) {
                    special = 1;
                }
            }
            last = bytes[got - 1];
            position += got;
        }
        if (special != 0) {
            return exactScan(channel, range);
        }
        boolean unterminated = range.length() > 0 && last != '\n';
        return new Scan(lineFeeds + (unterminated ? 1 : 0), true);
    }

    /**
     * Estimates the records of a file from the line feeds in a few blocks spread over it (eight
     * of 64 KiB), for a reader that sizes its columns before a single pass. Line lengths usually
     * drift through a file (a time column gains digits), so the blocks are spread out rather than
     * taken from its head; a few percent are added, so that the estimate is usually an upper
     * bound. It is only an estimate: the reader grows its columns when a file has more records.
     */
    static long estimateRecords(FileChannel channel, long size) throws IOException {
        int blocks = 8;
        ByteBuffer block = ByteBuffer.allocate(1 << 16);
        long sampled = 0;
        long lineFeeds = 0;
        for (int k = 0; k < blocks; k++) {
            long position = Math.max(0, Math.min(size - block.capacity(), size / blocks * k));
            block.clear();
            int got = channel.read(block, position);
            if (got <= 0) {
                break;
            }
            for (int i = 0; i < got; i++) {
                if (block.get(i) == '\n') {
                    lineFeeds++;
                }
            }
            sampled += got;
            if (position + got >= size) {
                break; // a small file: read whole
            }
        }
        double bytesPerLine = (double) Math.max(1, sampled) / Math.max(1, lineFeeds);
        return (long) (size / bytesPerLine * 1.03) + 64;
    }

    /**
     * Reads the next block of a range at {@code position}, at most up to {@code end}: one place
     * for the positioned read both scans make. Called once per block, not per byte, so it costs
     * nothing on the scan's hot loop.
     *
     * @return the bytes read into {@code block} from its start, or a value {@code <= 0} at the end
     */
    private static int readBlock(FileChannel channel, ByteBuffer block, long position, long end) throws IOException {
        block.clear().limit((int) Math.min(block.capacity(), end - position));
        return channel.read(block, position);
    }

    /** The high bit of each zero byte of {@code word}, and no other bit (exact, no carries between bytes). */
    private static long zeroBytes(long word) {
        return ~(((word & LOW_SEVEN_BITS) + LOW_SEVEN_BITS) | word | LOW_SEVEN_BITS);
    }

    /** {@link #scan}, one byte at a time: line breaks of every kind, and whether the range is plain. */
    private static Scan exactScan(FileChannel channel, Range range) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(1 << 20);
        byte[] bytes = block.array();
        long breaks = 0;
        boolean plain = true;
        boolean afterCarriageReturn = false;
        byte last = '\n';
        for (long position = range.start(); position < range.end(); ) {
            int got = readBlock(channel, block, position, range.end());
            if (got <= 0) {
                break;
            }
            for (int i = 0; i < got; i++) {
                byte b = bytes[i];
                // Digits, points, commas and letters are all above '"': one comparison for most bytes.
                if (b <= '"') {
                    if (b == '\n') {
                        if (!afterCarriageReturn) {
                            breaks++;
                        }
                    } else if (b == '\r') {
                        breaks++;
                    } else if (b == '"' || b == 0) {
                        plain = false;
                    }
                }
                afterCarriageReturn = b == '\r';
            }
            last = bytes[got - 1];
            position += got;
        }
        boolean unterminated = range.length() > 0 && last != '\n' && last != '\r';
        return new Scan(breaks + (unterminated ? 1 : 0), plain);
    }

    /**
     * Counts the line breaks before {@code offset} as the CSV parser counts them: {@code "\n"},
     * {@code "\r\n"} and a lone {@code "\r"} each end one line. Only called to report an error.
     */
    static int lineBreaksBefore(FileChannel channel, long offset) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(1 << 16);
        int breaks = 0;
        boolean afterCarriageReturn = false;
        long position = 0;
        while (position < offset) {
            block.clear().limit((int) Math.min(block.capacity(), offset - position));
            int got = channel.read(block, position);
            if (got <= 0) {
                break;
            }
            for (int i = 0; i < got; i++) {
                byte b = block.get(i);
                if (b == '\r' || (b == '\n' && !afterCarriageReturn)) {
                    breaks++;
                }
                afterCarriageReturn = b == '\r';
            }
            position += got;
        }
        return breaks;
    }
}
