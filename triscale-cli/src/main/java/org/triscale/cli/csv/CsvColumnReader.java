package org.triscale.cli.csv;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.function.IntUnaryOperator;

/**
 * Reads numeric columns of a CSV file into primitive arrays.
 *
 * <p>The file's bytes are split into cells and parsed into doubles in place (no String or
 * object per cell), each giving the same double as {@link Double#parseDouble(String)}, so
 * 10^7 rows take well under a second. Files of 32 MB and more are split into one range of whole
 * lines per processor, each scanned on its own thread; the result is the same as a sequential
 * read. Rules:
 * <ul>
 *   <li>only regular files are read (not devices, pipes or sockets), as UTF-8;
 *   <li>the first record is a header when none of its cells is a number or empty; columns can
 *       then be chosen by name, otherwise by 1-based position; a name the header holds twice
 *       cannot be chosen by name;
 *   <li>every record has as many cells as the first one;
 *   <li>numbers are in decimal notation ({@code 12}, {@code -0.5}, {@code 1.5e-3}); empty cells
 *       and {@code nan} (any case) are NaN, which the analysis drops and counts;
 *   <li>blank lines and lines starting with {@code #} are skipped; fields may be quoted;
 *   <li>any other cell that is not a finite number is an error naming the file, the line and
 *       the column.
 * </ul>
 */
public final class CsvColumnReader {

    private static final ThreadFactory DAEMONS = task -> {
        Thread thread = new Thread(task, "csv-range");
        thread.setDaemon(true);
        return thread;
    };

    private CsvColumnReader() {
    }

    /**
     * Reads the chosen columns.
     *
     * @param file    the CSV file
     * @param columns the columns to read, each by name (needs a header) or position
     * @return the columns, in the order asked for
     * @throws CsvDataException if the file cannot be read, a column does not exist, or a cell is
     *                          not a number
     */
    public static CsvColumns read(Path file, List<ColumnRef> columns) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("at least one column must be asked for");
        }
        return read(file, columns, Chunking.defaults());
    }

    /** Reads the chosen columns, splitting large files as {@code chunking} says. */
    static CsvColumns read(Path file, List<ColumnRef> columns, Chunking chunking) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("at least one column must be asked for");
        }
        return new Reading(file, columns, 0, null, chunking).run();
    }

    /**
     * Reads a file that must have exactly {@code count} columns, in their order.
     *
     * @param file        the CSV file
     * @param count       the number of columns the file must have
     * @param howToChoose what to tell the user when the file has another number of columns, e.g.
     *                    {@code "choose one with --column NAME|POSITION"}
     * @return the columns
     * @throws CsvDataException if the file cannot be read, has another number of columns, or a
     *                          cell is not a number
     */
    public static CsvColumns readAll(Path file, int count, String howToChoose) {
        return readAll(file, count, howToChoose, Chunking.defaults());
    }

    /** Reads a file of exactly {@code count} columns, splitting large files as {@code chunking} says. */
    static CsvColumns readAll(Path file, int count, String howToChoose, Chunking chunking) {
        List<ColumnRef> columns = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            columns.add(ColumnRef.position(i));
        }
        return new Reading(file, columns, count, howToChoose, chunking).run();
    }

    /** One pass over one file. */
    private static final class Reading {
        private final Path file;
        private final List<ColumnRef> wanted;
        private final int exactCount;
        private final String howToChoose;
        private final Chunking chunking;
        private List<String> names;
        /** The 0-based columns of the file to read, in output order. */
        private int[] columns;
        private boolean header;

        Reading(Path file, List<ColumnRef> wanted, int exactCount, String howToChoose, Chunking chunking) {
            this.file = file;
            this.wanted = wanted;
            this.exactCount = exactCount;
            this.howToChoose = howToChoose;
            this.chunking = chunking;
        }

        CsvColumns run() {
            checkReadable();
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                long size = channel.size();
                checkEncoding(channel);
                if (chunking.chunks() > 1 && size >= chunking.threshold()) {
                    CsvColumns columns = inParallel(channel, size);
                    if (columns != null) {
                        return columns;
                    }
                }
                return sequentially(channel, size);
            } catch (NoSuchFileException e) {
                throw new CsvDataException(file + ": no such file", e);
            } catch (IOException e) {
                throw new CsvDataException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }

        private void checkReadable() {
            if (!Files.exists(file)) {
                throw new CsvDataException(file + ": no such file");
            }
            if (Files.isDirectory(file)) {
                throw new CsvDataException(file + " is a directory, not a CSV file");
            }
            if (!Files.isRegularFile(file)) {
                // A device such as /dev/zero never ends; a pipe cannot be split or read twice.
                throw new CsvDataException(file + " is not a regular file (a device, pipe or socket); "
                        + "save the data to a file and give its path");
            }
            if (!Files.isReadable(file)) {
                throw new CsvDataException(file + ": permission denied");
            }
        }

        /** Refuses UTF-16 and UTF-32 text, whose NUL bytes would otherwise be read as cells. */
        private void checkEncoding(FileChannel channel) throws IOException {
            ByteBuffer head = ByteBuffer.allocate(4);
            channel.read(head, 0);
            for (int i = 0; i < head.position(); i++) {
                if (head.get(i) == 0 || (head.get(i) & 0xfe) == 0xfe) {
                    throw new CsvDataException(file + " is not UTF-8 text (UTF-16 or UTF-32?); save it as UTF-8");
                }
            }
        }

        private CsvColumns sequentially(FileChannel channel, long size) throws IOException {
            CsvScanner scanner = new CsvScanner(file, channel, 0, size, IntUnaryOperator.identity());
            scanner.skipByteOrderMark();
            RowReader rows = firstRecord(scanner);
            if (rows == null) {
                throw new CsvDataException(file + " has no data rows");
            }
            rows.readRows(scanner);
            return collect(List.of(rows));
        }

        /** Reads the file's line ranges on parallel threads, or returns null to read it sequentially. */
        private CsvColumns inParallel(FileChannel channel, long size) throws IOException {
            List<LineRanges.Range> ranges = LineRanges.split(channel, size, chunking.chunks());
            if (ranges.size() < 2) {
                return null;
            }
            ExecutorService pool = Executors.newFixedThreadPool(ranges.size() - 1, DAEMONS);
            try {
                return inParallel(channel, ranges, pool);
            } finally {
                pool.shutdownNow();
            }
        }

        private CsvColumns inParallel(FileChannel channel, List<LineRanges.Range> ranges, ExecutorService pool)
                throws IOException {
            // A quoted field may hold a line break, so a cut just after '\n' could fall inside it;
            // such files are read sequentially.
            List<Future<Boolean>> scans = new ArrayList<>();
            for (LineRanges.Range range : ranges.subList(1, ranges.size())) {
                scans.add(pool.submit(() -> LineRanges.plainText(channel, range)));
            }
            boolean plain = LineRanges.plainText(channel, ranges.get(0));
            for (Future<Boolean> scan : scans) {
                plain &= await(scan);
            }
            if (!plain) {
                return null;
            }
            // The first range decides on the header and resolves the columns; the others reuse them.
            LineRanges.Range head = ranges.get(0);
            CsvScanner scanner = new CsvScanner(file, channel, head.start(), head.end(), IntUnaryOperator.identity());
            scanner.skipByteOrderMark();
            RowReader first = firstRecord(scanner);
            if (first == null) {
                return null; // only comments and blank lines there: the sequential read reports it
            }
            List<Future<RowReader>> rest = new ArrayList<>();
            for (LineRanges.Range range : ranges.subList(1, ranges.size())) {
                rest.add(pool.submit(() -> readRange(channel, range)));
            }
            List<RowReader> readers = new ArrayList<>(ranges.size());
            first.readRows(scanner);
            readers.add(first);
            // In file order, so the first error in the file is the one reported.
            for (Future<RowReader> range : rest) {
                readers.add(await(range));
            }
            return collect(readers);
        }

        private RowReader readRange(FileChannel channel, LineRanges.Range range) throws IOException {
            IntUnaryOperator absoluteLine = line -> line + lineBreaksBefore(channel, range.start());
            RowReader rows = new RowReader(file, names, columns);
            rows.readRows(new CsvScanner(file, channel, range.start(), range.end(), absoluteLine));
            return rows;
        }

        private static int lineBreaksBefore(FileChannel channel, long offset) {
            try {
                return LineRanges.lineBreaksBefore(channel, offset);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static <T> T await(Future<T> task) throws IOException {
            try {
                return task.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading");
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof UncheckedIOException unchecked) {
                    throw unchecked.getCause();
                }
                if (cause instanceof IOException io) {
                    throw io;
                }
                if (cause instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (cause instanceof Error error) {
                    throw error;
                }
                throw new IOException(cause);
            }
        }

        /**
         * Reads the first record, decides whether it is a header, resolves the columns, and returns
         * a reader holding the record if it was data; null when the scanner has no record.
         */
        private RowReader firstRecord(CsvScanner scanner) throws IOException {
            if (!scanner.nextRecord()) {
                return null;
            }
            List<String> first = new ArrayList<>(scanner.cells());
            header = true;
            for (int k = 0; k < scanner.cells(); k++) {
                first.add(scanner.text(k));
                header &= isName(scanner, k);
            }
            resolveColumns(first);
            RowReader rows = new RowReader(file, names, columns);
            if (!header) {
                rows.addRecord(scanner);
            }
            return rows;
        }

        /** Whether a cell of the first record can be a column name: neither empty, nan nor a number. */
        private static boolean isName(CsvScanner scanner, int cell) {
            try {
                scanner.number(cell);
                return false;
            } catch (NumberFormatException e) {
                return true;
            }
        }

        private CsvColumns collect(List<RowReader> readers) {
            int rows = 0;
            for (RowReader reader : readers) {
                rows = Math.addExact(rows, reader.rows());
            }
            if (rows == 0) {
                throw new CsvDataException(file + " has a header but no data rows");
            }
            List<double[]> values = new ArrayList<>(wanted.size());
            for (int k = 0; k < wanted.size(); k++) {
                if (readers.size() == 1) {
                    values.add(readers.get(0).column(k).toArray());
                } else {
                    double[] column = new double[rows];
                    int at = 0;
                    for (RowReader reader : readers) {
                        at = reader.column(k).copyInto(column, at);
                    }
                    values.add(column);
                }
            }
            List<String> chosenNames = new ArrayList<>(wanted.size());
            for (int column : columns) {
                chosenNames.add(names.get(column));
            }
            return new CsvColumns(file, header, chosenNames, values, rows);
        }

        private void resolveColumns(List<String> first) {
            int width = first.size();
            names = new ArrayList<>(width);
            for (int i = 0; i < width; i++) {
                names.add(header ? first.get(i) : "column " + (i + 1));
            }
            if (exactCount > 0 && width != exactCount) {
                throw new CsvDataException(file + " has " + width + (width == 1 ? " column" : " columns")
                        + " but " + exactCount + " are read; " + howToChoose);
            }
            columns = new int[wanted.size()];
            for (int k = 0; k < columns.length; k++) {
                int index = indexOf(wanted.get(k), width);
                for (int j = 0; j < k; j++) {
                    if (columns[j] == index) {
                        throw new CsvDataException("column " + names.get(index) + " of " + file
                                + " is asked for twice; choose different columns");
                    }
                }
                columns[k] = index;
            }
        }

        private int indexOf(ColumnRef ref, int width) {
            if (ref.name() == null) {
                if (ref.position() > width) {
                    throw new CsvDataException(file + " has no column " + ref + "; its columns are: "
                            + String.join(", ", names));
                }
                return ref.position() - 1;
            }
            if (!header) {
                throw new CsvDataException(file + " has no header row, so column " + ref
                        + " cannot be found by name; give its position (1, 2, ...)");
            }
            int index = names.indexOf(ref.name());
            if (index < 0) {
                throw new CsvDataException(file + " has no column " + ref + "; its columns are: "
                        + String.join(", ", names));
            }
            int again = names.subList(index + 1, width).indexOf(ref.name());
            if (again >= 0) {
                throw new CsvDataException(file + " has two columns named " + ref + " (columns " + (index + 1)
                        + " and " + (index + 2 + again) + "), so the name is ambiguous; give the position instead, "
                        + "or rename one in the header");
            }
            return index;
        }
    }
}
