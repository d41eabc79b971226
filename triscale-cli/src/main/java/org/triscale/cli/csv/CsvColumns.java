package org.triscale.cli.csv;

import java.nio.file.Path;
import java.util.List;

/**
 * Numeric columns read from a CSV file, in the order they were asked for.
 *
 * @param file    the file read
 * @param header  {@code true} when the first record was a header
 * @param names   the columns' header names, or {@code "column k"} without a header
 * @param columns one array per column asked for, all of length {@code rows}; NaN for empty or
 *                {@code nan} cells
 * @param rows    number of data rows
 */
public record CsvColumns(Path file, boolean header, List<String> names, List<double[]> columns, int rows) {
    /** Copies the lists. */
    public CsvColumns {
        names = List.copyOf(names);
        columns = List.copyOf(columns);
    }

    /**
     * Returns the values of the k-th column asked for.
     *
     * @param k index in the list of columns asked for, from 0
     * @return the values (not copied)
     */
    public double[] column(int k) {
        return columns.get(k);
    }
}
