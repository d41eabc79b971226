package org.triscale.testbed;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * The bounds every parser of this package holds, so that a hostile or broken file (a
 * decompression bomb, a line without end, an array of a billion numbers) ends in a
 * {@link MalformedLogException} naming the file, the limit and the system property that raises it,
 * instead of exhausting memory. Each is read once, from its system property.
 */
final class Limits {
    /** Key of the largest number of bytes a compressed file may expand to. */
    static final String DECOMPRESSED_KEY = "triscale.testbed.maxDecompressedBytes";
    /** Key of the most values one series, array or file may hold. */
    static final String VALUES_KEY = "triscale.testbed.maxValues";
    /** Key of the most TCP connections one capture may hold. */
    static final String FLOWS_KEY = "triscale.testbed.maxFlows";
    /** Key of the longest line of a text log. */
    static final String LINE_KEY = "triscale.testbed.maxLineLength";
    /** Key of the longest JSON string and XML attribute value. */
    static final String STRING_KEY = "triscale.testbed.maxStringLength";

    /** 256 MiB decompressed by default. */
    static final long MAX_DECOMPRESSED = Long.getLong(DECOMPRESSED_KEY, 256L << 20);
    /** 10,000,000 values by default (80 MB of doubles per array). */
    static final int MAX_VALUES = Integer.getInteger(VALUES_KEY, 10_000_000);
    /** 100,000 TCP connections per capture by default. */
    static final int MAX_FLOWS = Integer.getInteger(FLOWS_KEY, 100_000);
    /** 1 MiB characters by default. */
    static final int MAX_LINE = Integer.getInteger(LINE_KEY, 1 << 20);
    /** 1 MiB characters by default. */
    static final int MAX_STRING = Integer.getInteger(STRING_KEY, 1 << 20);
    /** JSON nesting depth; iperf3 and flent nest fewer than 10 levels. */
    static final int MAX_NESTING = 100;
    /** Digits of one JSON number. */
    static final int MAX_NUMBER_LENGTH = 100;

    private Limits() {
    }

    /** The message part that names a limit and its key. */
    static String limit(String what, long value, String key) {
        return what + " (limit " + String.format("%,d", value) + "; raise it with -D" + key + "=...)";
    }

    /** A text cut to {@code max} characters, so that a message never echoes a whole hostile line. */
    static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 3) + "...";
    }

    /** Refuses one value more than {@link #MAX_VALUES}. */
    static void checkCount(long count, Path file, long line, String what) {
        if (count > MAX_VALUES) {
            throw new MalformedLogException(file, line, limit("more than " + String.format("%,d", MAX_VALUES)
                    + " " + what, MAX_VALUES, VALUES_KEY));
        }
    }

    /** A stream that fails once more than {@link #MAX_DECOMPRESSED} bytes were read from it. */
    static InputStream boundedDecompressed(InputStream in, Path file) {
        return new FilterInputStream(in) {
            private long read;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    count(1);
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                if (n > 0) {
                    count(n);
                }
                return n;
            }

            private void count(int n) {
                read += n;
                if (read > MAX_DECOMPRESSED) {
                    throw new MalformedLogException(file, 0, limit("expands to more than "
                            + String.format("%,d", MAX_DECOMPRESSED) + " bytes: refused as a decompression bomb",
                            MAX_DECOMPRESSED, DECOMPRESSED_KEY));
                }
            }
        };
    }
}
