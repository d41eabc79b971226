package org.triscale.cli.csv;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;

/**
 * Splits the bytes {@code [start, end)} of a file into records and cells (RFC 4180 with comment
 * and blank lines skipped), without a String or an object per cell: a cell is a byte range of
 * the scanner's buffer, valid until the next record.
 *
 * <p>Records end at {@code \n}, {@code \r\n} or a lone {@code \r}. A field may be quoted; a quoted
 * field may hold commas, line breaks and doubled quotes. A record longer than
 * {@link #MAX_RECORD_BYTES} is an error, so a file without line breaks cannot exhaust memory.
 */
final class CsvScanner {
    /** The longest record accepted, in bytes. */
    static final int MAX_RECORD_BYTES = 1 << 20;
    /** Significands of up to 15 decimal digits are below 2^53, exact as doubles. */
    private static final int MAX_PLAIN_DIGITS = 15;

    private final Path file;
    private final FileChannel channel;
    private final long end;
    /** Turns a line number within the range into one within the file; used on error paths only. */
    private final IntUnaryOperator absoluteLine;
    private long next;
    /**
     * The bytes read, {@code [position, limit)} not yet scanned; one byte more than is ever filled,
     * for the 0 that {@link #fill} puts at {@code limit}: a byte that is neither a digit nor a
     * separator, so the fast path's loops stop there without testing the limit at every byte.
     */
    private final byte[] buffer = new byte[2 * MAX_RECORD_BYTES + 1];
    private int position;
    private int limit;
    private boolean endOfInput;

    /** Line, within the range, of the next record's first byte. */
    private int line = 1;
    private int recordLine;
    private int cells;
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    /** Cells that were quoted and hold doubled quotes, to undouble once the record is complete. */
    private boolean[] escaped = new boolean[16];
    /** Line breaks inside the record being scanned, terminator included. */
    private int breaks;
    private boolean skipped;

    CsvScanner(Path file, FileChannel channel, long start, long end, IntUnaryOperator absoluteLine) {
        this.file = file;
        this.channel = channel;
        this.next = start;
        this.end = end;
        this.absoluteLine = absoluteLine;
    }

    /** Skips a UTF-8 byte order mark at the scanner's position. */
    void skipByteOrderMark() throws IOException {
        fill();
        if (limit - position >= 3 && buffer[position] == (byte) 0xEF && buffer[position + 1] == (byte) 0xBB
                && buffer[position + 2] == (byte) 0xBF) {
            position += 3;
        }
    }

    /**
     * Moves to the next record, skipping blank and comment lines.
     *
     * @return false at the end of the range
     */
    boolean nextRecord() throws IOException {
        for (;;) {
            if (position == limit && !fill()) {
                return false;
            }
            int after = scan(position);
            if (after < 0) {
                if (limit - position >= MAX_RECORD_BYTES) {
                    throw new CsvDataException(file + " line " + absoluteLine.applyAsInt(line) + " is longer than "
                            + MAX_RECORD_BYTES + " bytes; a CSV file of numbers has short lines (is this a CSV file?)");
                }
                fill();
                continue;
            }
            position = after;
            recordLine = line;
            line += breaks;
            if (!skipped) {
                undoubleQuotes();
                return true;
            }
        }
    }

    /**
     * Reads the next record straight into {@code values} when it is a plain line, the usual line of
     * a numeric CSV file: exactly {@code values.length} cells, each {@code [-]digits[.digits]} with
     * at most {@value #MAX_PLAIN_DIGITS} digits (so the value is exact by Clinger's fast path, the
     * same double as {@link Decimal#parse}), separated by commas, ended by {@code '\n'} within the
     * buffer. Anything else (spaces, quotes, exponents, empty cells, comment or blank lines,
     * {@code '\r'}, longer numbers, the end of the buffer) leaves the scanner where it was and
     * returns false, for {@link #nextRecord} and the general parser to take that record. Cell
     * boundaries are not kept: the caller has the values.
     *
     * @return whether a record was read
     */
    boolean nextPlainRecord(double[] values) {
        // b[limit] is 0 (see fill), which ends every loop below: none reads past the limit.
        byte[] b = buffer;
        int p = position;
        int last = values.length - 1;
        for (int k = 0; k <= last; k++) {
            boolean negative = b[p] == '-';
            if (negative) {
                p++;
            }
            int start = p;
            long significand = 0;
            int digit;
            // As a char, a negative difference is 65,360 or more: one test for 0 ≤ digit ≤ 9.
            while ((char) (digit = b[p] - '0') <= 9) {
                significand = significand * 10 + digit;
                p++;
            }
            int digits = p - start;
            int fractionDigits = 0;
            if (b[p] == '.') {
                int point = ++p;
                while ((char) (digit = b[p] - '0') <= 9) {
                    significand = significand * 10 + digit;
                    p++;
                }
                fractionDigits = p - point;
                digits += fractionDigits;
            }
            if (digits == 0 || digits > MAX_PLAIN_DIGITS || b[p] != (k == last ? '\n' : ',')) {
                return false;
            }
            p++;
            double value = fractionDigits == 0 ? significand : significand / Decimal.powerOfTen(fractionDigits);
            values[k] = negative ? -value : value;
        }
        position = p;
        recordLine = line++;
        return true;
    }

    /** The number of cells of the current record. */
    int cells() {
        return cells;
    }

    /** The line, within the file, where the current record starts. */
    int line() {
        return absoluteLine.applyAsInt(recordLine);
    }

    /** The value of a cell in decimal notation, see {@link Decimal#parse}. */
    double number(int cell) {
        return Decimal.parse(buffer, starts[cell], ends[cell]);
    }

    /** The text of a cell, spaces and tabs around it removed. */
    String text(int cell) {
        int from = starts[cell];
        int to = ends[cell];
        while (from < to && Decimal.isBlank(buffer[from])) {
            from++;
        }
        while (to > from && Decimal.isBlank(buffer[to - 1])) {
            to--;
        }
        return new String(buffer, from, to - from, StandardCharsets.UTF_8);
    }

    /**
     * Reads more of the range into the buffer, keeping the bytes from {@code position} on.
     *
     * @return false when nothing is left to read and nothing is buffered
     */
    private boolean fill() throws IOException {
        if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, limit - position);
            limit -= position;
            position = 0;
        }
        int capacity = buffer.length - 1;
        while (!endOfInput && limit < capacity) {
            int want = (int) Math.min(capacity - limit, end - next);
            int got = want == 0 ? -1 : channel.read(ByteBuffer.wrap(buffer, limit, want), next);
            if (got < 0) {
                endOfInput = true;
            } else {
                limit += got;
                next += got;
                break;
            }
        }
        buffer[limit] = 0;
        return limit > position;
    }

    /**
     * Scans one record or skipped line from {@code p}: records its cells and sets {@link #breaks}
     * and {@link #skipped}.
     *
     * @return the position after the record's terminator, or −1 if the buffer ends inside it
     */
    private int scan(int p) {
        byte[] b = buffer;
        int lim = limit;
        breaks = 0;
        int q = p;
        while (q < lim && Decimal.isBlank(b[q])) {
            q++;
        }
        if (q == lim || b[q] == '\n' || b[q] == '\r' || b[q] == '#') {
            skipped = true;
            while (q < lim && b[q] != '\n' && b[q] != '\r') {
                q++;
            }
            return terminator(q);
        }
        skipped = false;
        cells = 0;
        int s = p;
        for (;;) {
            int i = s;
            while (i < lim && Decimal.isBlank(b[i])) {
                i++;
            }
            int j;
            if (i < lim && b[i] == '"') {
                j = quoted(i + 1);
                if (j < 0) {
                    return -1;
                }
                while (j < lim && Decimal.isBlank(b[j])) {
                    j++;
                }
                if (j < lim && b[j] != ',' && b[j] != '\n' && b[j] != '\r') {
                    throw malformed("'" + Visible.of(String.valueOf((char) (b[j] & 0xff))) + "' after a quoted field; a quoted field ends at "
                            + "its closing quote (write a quote inside it as \"\")");
                }
            } else {
                j = s;
                while (j < lim) {
                    byte c = b[j];
                    if (c == ',' || c == '\n' || c == '\r') {
                        break;
                    }
                    j++;
                }
                addCell(s, j, false);
            }
            if (j == lim) {
                return terminator(j);
            }
            if (b[j] != ',') {
                return terminator(j);
            }
            s = j + 1;
        }
    }

    /** Scans a quoted field whose content starts at {@code from}; returns the position after its closing quote. */
    private int quoted(int from) {
        byte[] b = buffer;
        int lim = limit;
        boolean doubled = false;
        int j = from;
        for (;;) {
            if (j >= lim - 1 && !endOfInput) {
                return -1; // the closing quote, or what follows it, is not read yet
            }
            if (j == lim) {
                throw malformed("a quoted field is not closed before the end of the file");
            }
            byte c = b[j];
            if (c == '"') {
                if (j + 1 < lim && b[j + 1] == '"') {
                    doubled = true;
                    j += 2;
                    continue;
                }
                addCell(from, j, doubled);
                return j + 1;
            }
            if (c == '\n' || (c == '\r' && (j + 1 == lim || b[j + 1] != '\n'))) {
                breaks++;
            }
            j++;
        }
    }

    /** Ends a line at {@code q} (a line break or the end of the buffer); −1 when more bytes are needed to decide. */
    private int terminator(int q) {
        if (q == limit) {
            if (!endOfInput) {
                return -1;
            }
            return q; // the last line has no line break
        }
        breaks++;
        if (buffer[q] == '\r') {
            if (q + 1 == limit && !endOfInput) {
                return -1;
            }
            if (q + 1 < limit && buffer[q + 1] == '\n') {
                return q + 2;
            }
        }
        return q + 1;
    }

    private void addCell(int from, int to, boolean doubled) {
        if (cells == starts.length) {
            starts = Arrays.copyOf(starts, cells * 2);
            ends = Arrays.copyOf(ends, cells * 2);
            escaped = Arrays.copyOf(escaped, cells * 2);
        }
        starts[cells] = from;
        ends[cells] = to;
        escaped[cells] = doubled;
        cells++;
    }

    /** Turns each doubled quote of a quoted cell into one, in place: the record is complete, never rescanned. */
    private void undoubleQuotes() {
        for (int k = 0; k < cells; k++) {
            if (escaped[k]) {
                int to = starts[k];
                for (int from = starts[k]; from < ends[k]; from++) {
                    buffer[to++] = buffer[from];
                    if (buffer[from] == '"') {
                        from++;
                    }
                }
                ends[k] = to;
                escaped[k] = false;
            }
        }
    }

    private CsvDataException malformed(String what) {
        return new CsvDataException(file + " line " + absoluteLine.applyAsInt(line + breaks) + ": malformed CSV: " + what);
    }
}
