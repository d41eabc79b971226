package org.triscale.cli.batch;

import java.io.IOException;
import java.io.Reader;

/**
 * Reads request lines of bounded length: a line longer than the limit is skipped to its end
 * without being held in memory, so one oversized request costs an error line rather than the
 * process (an unbounded {@code readLine} dies with OutOfMemoryError and loses the requests after
 * it). Lines end at {@code \n}, {@code \r\n} or {@code \r}, as for {@code BufferedReader.readLine}.
 */
final class RequestLines {
    private final Reader in;
    private final int limit;
    private final char[] buffer = new char[8192];
    private int position;
    private int end;
    private boolean skipLineFeed;
    private long number;

    /**
     * A line as read.
     *
     * @param number its number, from 1
     * @param text   its text without the terminator, or {@code null} when it was longer than the limit
     * @param length its length in characters
     */
    record Line(long number, String text, long length) {
        boolean tooLong() {
            return text == null;
        }
    }

    RequestLines(Reader in, int limit) {
        this.in = in;
        this.limit = limit;
    }

    /**
     * Reads the next line.
     *
     * @return the line, or {@code null} at the end of the input
     * @throws IOException if reading fails
     */
    Line next() throws IOException {
        StringBuilder text = new StringBuilder();
        long length = 0;
        boolean any = false;
        while (true) {
            if (position == end && !fill()) {
                return any ? line(text, length) : null;
            }
            if (skipLineFeed) {
                skipLineFeed = false;
                if (buffer[position] == '\n') {
                    position++;
                    continue;
                }
            }
            any = true;
            int start = position;
            while (position < end && buffer[position] != '\n' && buffer[position] != '\r') {
                position++;
            }
            int count = position - start;
            if (length + count <= limit) {
                text.append(buffer, start, count);
            } else {
                text = null;
            }
            length += count;
            if (position < end) {
                skipLineFeed = buffer[position] == '\r';
                position++;
                return line(text, length);
            }
        }
    }

    private Line line(StringBuilder text, long length) {
        number++;
        return new Line(number, text == null ? null : text.toString(), length);
    }

    private boolean fill() throws IOException {
        int read;
        do {
            read = in.read(buffer, 0, buffer.length);
        } while (read == 0);
        if (read < 0) {
            return false;
        }
        position = 0;
        end = read;
        return true;
    }
}
