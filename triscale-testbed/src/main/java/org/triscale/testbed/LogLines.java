package org.triscale.testbed;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The lines of a text log, each at most {@link #MAX_LINE} characters, so that a file without line
 * breaks (or a device such as {@code /dev/zero}) ends in an error instead of exhausting memory.
 * Only regular files are opened.
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

    /** Opens a regular file, or explains why not. */
    static InputStream openStream(Path file) {
        if (!Files.exists(file)) {
            throw new MalformedLogException(file, 0, "no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new MalformedLogException(file, 0, "not a regular file (a directory, device or pipe); "
                    + "give the path of a log file");
        }
        try {
            return Files.newInputStream(file);
        } catch (IOException e) {
            throw new MalformedLogException(file, 0, "cannot read: " + e.getMessage(), e);
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
