package org.triscale.cli.csv;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the data records of one stretch of a CSV file (the whole file, or one range of it) into
 * its own columns, once the columns are resolved. Every record must have as many cells as the
 * first one: a longer record usually means a decimal comma or an unquoted comma inside a value,
 * and reading the cells by position would then give wrong numbers.
 */
final class RowReader {
    private final Path file;
    private final List<String> names;
    private final int width;
    /** The 0-based columns of the file to read, in output order. */
    private final int[] columns;
    private final double[][] out;
    private final int offset;
    private int capacity;
    /** Whether the stretch is the whole file, read in one pass with columns sized from an estimate. */
    private final boolean growable;
    private int rows;

    /**
     * Creates a reader that writes its rows into {@code out[k][offset ..]}, at most {@code capacity}
     * of them (the records the stretch can hold at most, from {@link LineRanges#scan}).
     */
    RowReader(Path file, List<String> names, int[] columns, double[][] out, int offset, int capacity) {
        this(file, names, columns, out, offset, capacity, false);
    }

    /**
     * Creates a reader of the whole file that writes its rows into {@code out[k][0 ..]}, which
     * holds {@code capacity} rows to begin with, an estimate: when the file has more, each
     * {@code out[k]} is replaced by a longer copy.
     */
    static RowReader growing(Path file, List<String> names, int[] columns, double[][] out, int capacity) {
        return new RowReader(file, names, columns, out, 0, capacity, true);
    }

    private RowReader(Path file, List<String> names, int[] columns, double[][] out, int offset, int capacity,
                      boolean growable) {
        this.file = file;
        this.names = names;
        this.width = names.size();
        this.columns = columns;
        this.out = out;
        this.offset = offset;
        this.capacity = capacity;
        this.growable = growable;
    }

    int offset() {
        return offset;
    }

    int rows() {
        return rows;
    }

    /** Adds the scanner's current record. */
    void addRecord(CsvScanner record) {
        if (record.cells() != width) {
            throw widthError(record);
        }
        checkCapacity();
        int row = offset + rows;
        for (int k = 0; k < columns.length; k++) {
            out[k][row] = cell(record, columns[k]);
        }
        rows++;
    }

    /** Reads every remaining record of the scanner, plain lines on the scanner's fast path. */
    void readRows(CsvScanner scanner) throws IOException {
        double[] values = new double[width];
        for (;;) {
            if (scanner.nextPlainRecord(values)) {
                checkCapacity();
                int row = offset + rows;
                for (int k = 0; k < columns.length; k++) {
                    out[k][row] = values[columns[k]];
                }
                rows++;
            } else if (scanner.nextRecord()) {
                addRecord(scanner);
            } else {
                return;
            }
        }
    }

    private void checkCapacity() {
        if (rows == capacity && growable) {
            if (capacity >= CsvColumnReader.MAX_ROWS) {
                throw new CsvDataException(file + " has more than " + CsvColumnReader.MAX_ROWS + " rows; split it "
                        + "into files of fewer rows");
            }
            capacity = (int) Math.min(CsvColumnReader.MAX_ROWS, capacity + (long) capacity / 4 + 1024);
            for (int k = 0; k < out.length; k++) {
                out[k] = Arrays.copyOf(out[k], capacity);
            }
        } else if (rows == capacity) {
            // The scan counted the same bytes: only a file rewritten in place gets here.
            throw new CsvDataException(file + " changed while it was read; read it again");
        }
    }

    private CsvDataException widthError(CsvScanner record) {
        int cells = record.cells();
        String where = file + " line " + record.line() + " has " + cells + (cells == 1 ? " column" : " columns");
        if (cells < width) {
            return new CsvDataException(where + "; column " + (cells + 1) + " (" + Visible.of(names.get(cells)) + ") is missing");
        }
        return new CsvDataException(where + " but the first row has " + width + " (" + Visible.of(String.join(", ", names))
                + "); a decimal comma or a comma inside a value adds a column: write decimal points, "
                + "and quote values that hold commas");
    }

    private double cell(CsvScanner record, int column) {
        double value;
        try {
            value = record.number(column);
        } catch (NumberFormatException e) {
            throw new CsvDataException(where(record, column) + ": '" + shorten(record.text(column))
                    + "' is not a number; write a decimal number, "
                    + "or leave the cell empty or write nan for a missing value");
        }
        if (Double.isInfinite(value)) {
            throw new CsvDataException(where(record, column) + ": '" + shorten(record.text(column)) + "' is infinite; "
                    + "values must be finite (leave the cell empty or write nan for a missing value)");
        }
        return value;
    }

    private String where(CsvScanner record, int column) {
        String name = names.get(column);
        String named = name.equals("column " + (column + 1)) ? "" : " (" + Visible.shortened(name) + ")";
        return file + " line " + record.line() + ", column " + (column + 1) + named;
    }

    private static String shorten(String text) {
        return Visible.shortened(text);
    }
}
