package org.triscale.cli.csv;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the data records of one stretch of a CSV file (the whole file, or one range of it) into
 * its own columns, once the columns are resolved. Every record must have as many cells as the
 * first one: a longer record usually means a decimal comma or an unquoted comma inside a value,
 * and reading the cells by position would then give wrong numbers.
 */
final class RowReader {
    private static final int SAMPLE_ROWS = 4096;
    private static final int MAX_RESERVED = 1 << 30;
    private final Path file;
    private final List<String> names;
    private final int width;
    /** The 0-based columns of the file to read, in output order. */
    private final int[] columns;
    private final DoubleColumn[] out;

    RowReader(Path file, List<String> names, int[] columns) {
        this.file = file;
        this.names = names;
        this.width = names.size();
        this.columns = columns;
        this.out = new DoubleColumn[columns.length];
        for (int k = 0; k < columns.length; k++) {
            out[k] = new DoubleColumn();
        }
    }

    DoubleColumn column(int k) {
        return out[k];
    }

    int rows() {
        return out[0].size();
    }

    /** Adds the scanner's current record. */
    void addRecord(CsvScanner record) {
        if (record.cells() != width) {
            throw widthError(record);
        }
        for (int k = 0; k < columns.length; k++) {
            out[k].add(cell(record, columns[k]));
        }
    }

    /**
     * Reads every remaining record of the scanner. After the first records the columns are sized
     * for the whole range from the bytes those records took, so 10^7 rows are not copied ~14 times.
     */
    void readRows(CsvScanner scanner) throws IOException {
        while (scanner.nextRecord()) {
            addRecord(scanner);
            if (rows() == SAMPLE_ROWS) {
                long expected = (long) (scanner.length() * 1.05 / scanner.consumed() * SAMPLE_ROWS);
                for (DoubleColumn column : out) {
                    column.reserve((int) Math.min(expected, MAX_RESERVED));
                }
            }
        }
    }

    private CsvDataException widthError(CsvScanner record) {
        int cells = record.cells();
        String where = file + " line " + record.line() + " has " + cells + (cells == 1 ? " column" : " columns");
        if (cells < width) {
            return new CsvDataException(where + "; column " + (cells + 1) + " (" + names.get(cells) + ") is missing");
        }
        return new CsvDataException(where + " but the first row has " + width + " (" + String.join(", ", names)
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
        String named = name.equals("column " + (column + 1)) ? "" : " (" + name + ")";
        return file + " line " + record.line() + ", column " + (column + 1) + named;
    }

    private static String shorten(String text) {
        String oneLine = text.replaceAll("\\s+", " ");
        return oneLine.length() <= 40 ? oneLine : oneLine.substring(0, 37) + "...";
    }
}
