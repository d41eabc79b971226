package org.triscale.cli.csv;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;

/** Byte ranges of a file that start at the beginning of a line, and the byte scans they need. */
final class LineRanges {

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
     * fault per 4 KiB, which on a virtual machine is slower than the copy).
     */
    static Scan scan(FileChannel channel, Range range) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(1 << 20);
        byte[] bytes = block.array();
        long breaks = 0;
        boolean plain = true;
        boolean afterCarriageReturn = false;
        byte last = '\n';
        for (long position = range.start(); position < range.end(); ) {
            block.clear().limit((int) Math.min(block.capacity(), range.end() - position));
            int got = channel.read(block, position);
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
