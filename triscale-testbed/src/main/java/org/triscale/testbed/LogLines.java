package org.triscale.testbed;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * The lines of a text log, each at most {@link #MAX_LINE} characters, so that a file without line
 * breaks (or a device such as {@code /dev/zero}) ends in an error instead of exhausting memory.
 * Only regular files are opened; gzip data is recognised by its magic bytes and decompressed.
 */
final class LogLines implements Closeable {
    static final int MAX_LINE = Limits.MAX_LINE;

    private final Path file;
    private final BufferedReader reader;
    private final StringBuilder line = new StringBuilder();
    private final char[] chars = new char[1 << 16];
    private int position;
    private int filled;
    private long number;

    private LogLines(Path file, BufferedReader reader) {
        this.file = file;
        this.reader = reader;
    }

    static LogLines open(Path file) {
        return new LogLines(file, new BufferedReader(new InputStreamReader(openStream(file), StandardCharsets.UTF_8)));
    }

    private static final int GZIP_MAGIC_1 = 0x1f;
    private static final int GZIP_MAGIC_2 = 0x8b;

    /**
     * Opens a regular file, or explains why not. A file that starts with gzip's magic bytes is
     * decompressed, whatever its name, within {@link Limits#MAX_DECOMPRESSED} bytes; a file named
     * {@code *.gz} without them is refused (its name promises what it does not hold).
     */
    static InputStream openStream(Path file) {
        if (!Files.exists(file)) {
            throw new MalformedLogException(file, 0, "no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new MalformedLogException(file, 0, "not a regular file (a directory, device or pipe); "
                    + "give the path of a log file");
        }
        InputStream in = null;
        try {
            in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
            in.mark(2);
            int first = in.read();
            int second = in.read();
            in.reset();
            boolean gzipName = file.getFileName() != null && file.getFileName().toString().endsWith(".gz");
            if (first == GZIP_MAGIC_1 && second == GZIP_MAGIC_2) {
                return Limits.boundedDecompressed(new GZIPInputStream(in, 1 << 16), file);
            }
            if (gzipName) {
                in.close();
                throw new MalformedLogException(file, 0, first < 0
                        ? "empty or truncated: no gzip data, though the name ends in .gz"
                        : "not gzip data (it does not start with gzip's magic bytes 1f 8b, though the name ends in"
                        + " .gz); give the uncompressed file a name without .gz");
            }
            return in;
        } catch (java.io.EOFException | java.util.zip.ZipException e) {
            closeQuietly(in);
            throw new MalformedLogException(file, 0, "starts with gzip's magic bytes but is not whole gzip data ("
                    + e.getMessage() + "): truncated or damaged", e);
        } catch (IOException e) {
            closeQuietly(in);
            throw new MalformedLogException(file, 0, "cannot read: " + e.getMessage(), e);
        }
    }

    private static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                // nothing was written: nothing can be lost
            }
        }
    }

    /** The next line without its terminator, or null at the end. */
    String next() {
        line.setLength(0);
        boolean any = false;
        try {
            for (;;) {
                if (position == filled) {
                    filled = reader.read(chars);
                    position = 0;
                    if (filled < 0) {
                        filled = 0;
                        if (!any) {
                            return null;
                        }
                        break;
                    }
                }
                any = true;
                int start = position;
                while (position < filled && chars[position] != '\n') {
                    position++;
                }
                if (line.length() + position - start > MAX_LINE) {
                    throw new MalformedLogException(file, number + 1, Limits.limit("line longer than "
                            + MAX_LINE + " characters: not a line-oriented log", MAX_LINE, Limits.LINE_KEY));
                }
                line.append(chars, start, position - start);
                if (position < filled) {
                    position++; // the line feed
                    break;
                }
            }
        } catch (IOException e) {
            throw new MalformedLogException(file, number + 1, "cannot read: " + e.getMessage(), e);
        }
        number++;
        int end = line.length();
        if (end > 0 && line.charAt(end - 1) == '\r') {
            line.setLength(end - 1);
        }
        return line.toString();
    }

    /** The number of the line last returned, from 1. */
    long number() {
        return number;
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            // nothing was written: nothing can be lost
        }
    }
}
