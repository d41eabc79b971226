package org.triscale.cli.csv;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Numeric columns read from a CSV file, in the order they were asked for.
 *
 * @param file    the file read
 * @param header  {@code true} when the first record was a header
 * @param names   the columns' header names, or {@code "column k"} without a header
 * @param columns one array per column asked for, each holding the column in its first {@code rows}
 *                entries (a reader that sized them from an estimate may leave them longer); NaN for
 *                empty or {@code nan} cells
 * @param rows    number of data rows
 */
public record CsvColumns(Path file, boolean header, List<String> names, List<double[]> columns, int rows) {
    /** Copies the lists and checks that every column holds the rows. */
    public CsvColumns {
        names = List.copyOf(names);
        columns = List.copyOf(columns);
        for (double[] column : columns) {
            if (column.length < rows) {
                throw new IllegalArgumentException("a column of " + column.length + " values cannot hold " + rows
                        + " rows");
            }
        }
    }

    /**
     * Returns the values of the k-th column asked for, exactly {@link #rows()} of them.
     *
     * @param k index in the list of columns asked for, from 0
     * @return the values: the array read when it has exactly the rows, else a trimmed copy
     */
    public double[] column(int k) {
        double[] column = columns.get(k);
        return column.length == rows ? column : Arrays.copyOf(column, rows);
    }

    /**
     * Returns the array holding the k-th column asked for in its first {@link #rows()} entries,
     * without a copy; it may be longer. For a caller that can work on leading rows (10^7 values
     * are not copied to trim them).
     *
     * @param k index in the list of columns asked for, from 0
     * @return the array read, not copied
     */
    public double[] leadingRows(int k) {
        return columns.get(k);
    }
}
