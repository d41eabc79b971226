package org.triscale.cli.csv;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;

/** Byte ranges of a file that start at the beginning of a line, and the byte scans they need. */
final class LineRanges {
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long QUOTES = 0x2222222222222222L;
    private static final int MAP_WINDOW = 1 << 28;

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
     * Whether a range holds neither a {@code '"'} nor a NUL byte. Eight bytes at a time: a word
     * {@code x} has a zero byte iff {@code (x - 0x01..) & ~x & 0x80..} is not zero (the classic
     * "has zero byte" test), and a quote byte iff {@code x ^ 0x22..} has a zero byte.
     */
    static boolean plainText(FileChannel channel, Range range) throws IOException {
        for (long from = range.start(); from < range.end(); from += MAP_WINDOW) {
            int length = (int) Math.min(MAP_WINDOW, range.end() - from);
            MappedByteBuffer map = channel.map(FileChannel.MapMode.READ_ONLY, from, length);
            map.order(ByteOrder.LITTLE_ENDIAN);
            int i = 0;
            for (; i + 8 <= length; i += 8) {
                long word = map.getLong(i);
                long quotes = word ^ QUOTES;
                if ((((word - ONES) & ~word | (quotes - ONES) & ~quotes) & HIGHS) != 0) {
                    return false;
                }
            }
            for (; i < length; i++) {
                byte b = map.get(i);
                if (b == '"' || b == 0) {
                    return false;
                }
            }
        }
        return true;
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
