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
 * object per cell), each giving the same double as {@link Double#parseDouble(String)}; 10^7
 * rows take a second or two. Files of 32 MB and more are split into one range of whole
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

    /** The most rows a column can hold (the largest Java array). */
    static final long MAX_ROWS = Integer.MAX_VALUE - 8;

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

    /**
     * Returns the number of cells of the file's first record (its header, or first data row),
     * reading only that record.
     *
     * @param file the CSV file
     * @return the number of columns, 0 when the file has no record
     * @throws CsvDataException if the file cannot be read
     */
    public static int width(Path file) {
        new Reading(file, List.of(ColumnRef.position(1)), 0, null, Chunking.defaults()).checkReadable();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            CsvScanner scanner = new CsvScanner(file, channel, 0, channel.size(), IntUnaryOperator.identity());
            scanner.skipByteOrderMark();
            return scanner.nextRecord() ? scanner.cells() : 0;
        } catch (IOException e) {
            throw new CsvDataException("cannot read " + file + ": " + e.getMessage(), e);
        }
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
                List<LineRanges.Range> ranges = chunking.chunks() > 1 && size >= chunking.threshold()
                        ? LineRanges.split(channel, size, chunking.chunks())
                        : List.of(new LineRanges.Range(0, size));
                ExecutorService pool = ranges.size() > 1
                        ? Executors.newFixedThreadPool(ranges.size() - 1, DAEMONS) : null;
                try {
                    return read(channel, ranges, pool);
                } finally {
                    if (pool != null) {
                        pool.shutdownNow();
                    }
                }
            } catch (NoSuchFileException e) {
                throw new CsvDataException(file + ": no such file", e);
            } catch (IOException e) {
                throw new CsvDataException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }

        /**
         * Reads the ranges, the first on this thread and the others on the pool. A file read in one
         * range is read in one pass, into columns sized from an estimate of its rows (grown if it
         * falls short; the columns may end up longer than the rows read). For several ranges a first
         * pass counts each range's lines, so that each range writes its own stretch of the columns.
         */
        private CsvColumns read(FileChannel channel, List<LineRanges.Range> ranges, ExecutorService pool)
                throws IOException {
            if (ranges.size() == 1) {
                return read(channel, ranges, null, pool);
            }
            List<LineRanges.Scan> scans = scan(channel, ranges, pool);
            // A quoted field may hold a line break, so a cut just after '\n' could fall inside it;
            // such files are read in one range.
            if (ranges.size() > 1 && !scans.stream().allMatch(LineRanges.Scan::plain)) {
                long records = scans.stream().mapToLong(LineRanges.Scan::records).sum();
                return read(channel, List.of(new LineRanges.Range(0, channel.size())),
                        List.of(new LineRanges.Scan(records, false)), pool);
            }
            return read(channel, ranges, scans, pool);
        }

        /** Reads the ranges whose records {@code scans} counted, or the whole file in one pass if null. */
        private CsvColumns read(FileChannel channel, List<LineRanges.Range> ranges, List<LineRanges.Scan> scans,
                                ExecutorService pool) throws IOException {
            LineRanges.Range head = ranges.get(0);
            CsvScanner scanner = new CsvScanner(file, channel, head.start(), head.end(), IntUnaryOperator.identity());
            scanner.skipByteOrderMark();
            if (!scanner.nextRecord()) {
                if (ranges.size() > 1) {
                    // Only comments and blank lines in the first range: read the file in one range.
                    long records = scans.stream().mapToLong(LineRanges.Scan::records).sum();
                    return read(channel, List.of(new LineRanges.Range(0, channel.size())),
                            List.of(new LineRanges.Scan(records, true)), pool);
                }
                throw new CsvDataException(file + " has no data rows");
            }
            List<String> first = new ArrayList<>(scanner.cells());
            header = true;
            for (int k = 0; k < scanner.cells(); k++) {
                first.add(scanner.text(k));
                header &= isName(scanner, k);
            }
            resolveColumns(first);
            if (scans == null) {
                int estimate = (int) Math.min(MAX_ROWS, LineRanges.estimateRecords(channel, channel.size()));
                double[][] out = new double[wanted.size()][estimate];
                RowReader rows = RowReader.growing(file, names, columns, out, estimate);
                if (!header) {
                    rows.addRecord(scanner);
                }
                rows.readRows(scanner);
                return collect(List.of(rows), out);
            }
            int[] capacities = new int[ranges.size()];
            int[] offsets = new int[ranges.size()];
            long total = 0;
            for (int k = 0; k < ranges.size(); k++) {
                long capacity = scans.get(k).records() - (k == 0 && header ? 1 : 0);
                if (total + capacity > MAX_ROWS) {
                    throw new CsvDataException(file + " has more than " + MAX_ROWS + " rows; split it into files "
                            + "of fewer rows");
                }
                offsets[k] = (int) total;
                capacities[k] = (int) capacity;
                total += capacity;
            }
            double[][] out = new double[wanted.size()][(int) total];
            RowReader rows = new RowReader(file, names, columns, out, 0, capacities[0]);
            if (!header) {
                rows.addRecord(scanner);
            }
            List<Future<RowReader>> rest = new ArrayList<>();
            for (int k = 1; k < ranges.size(); k++) {
                LineRanges.Range range = ranges.get(k);
                RowReader reader = new RowReader(file, names, columns, out, offsets[k], capacities[k]);
                rest.add(pool.submit(() -> readRange(channel, range, reader)));
            }
            rows.readRows(scanner);
            List<RowReader> readers = new ArrayList<>(ranges.size());
            readers.add(rows);
            // In file order, so the first error in the file is the one reported.
            for (Future<RowReader> range : rest) {
                readers.add(await(range));
            }
            return collect(readers, out);
        }

        private List<LineRanges.Scan> scan(FileChannel channel, List<LineRanges.Range> ranges, ExecutorService pool)
                throws IOException {
            List<Future<LineRanges.Scan>> later = new ArrayList<>();
            for (LineRanges.Range range : ranges.subList(1, ranges.size())) {
                later.add(pool.submit(() -> LineRanges.scan(channel, range)));
            }
            List<LineRanges.Scan> scans = new ArrayList<>(ranges.size());
            scans.add(LineRanges.scan(channel, ranges.get(0)));
            for (Future<LineRanges.Scan> scan : later) {
                scans.add(await(scan));
            }
            return scans;
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

        private RowReader readRange(FileChannel channel, LineRanges.Range range, RowReader reader) throws IOException {
            IntUnaryOperator absoluteLine = line -> line + lineBreaksBefore(channel, range.start());
            reader.readRows(new CsvScanner(file, channel, range.start(), range.end(), absoluteLine));
            return reader;
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

        /** Whether a cell of the first record can be a column name: neither empty, nan nor a number. */
        private static boolean isName(CsvScanner scanner, int cell) {
            try {
                scanner.number(cell);
                return false;
            } catch (NumberFormatException e) {
                return true;
            }
        }

        /**
         * Closes the gaps the ranges' blank and comment lines left. The columns are not trimmed to
         * the rows read ({@link CsvColumns#column} trims on demand).
         */
        private CsvColumns collect(List<RowReader> readers, double[][] out) {
            int rows = 0;
            for (RowReader reader : readers) {
                if (reader.offset() != rows) {
                    for (double[] column : out) {
                        System.arraycopy(column, reader.offset(), column, rows, reader.rows());
                    }
                }
                rows += reader.rows();
            }
            if (rows == 0) {
                throw new CsvDataException(file + " has a header but no data rows");
            }
            List<double[]> values = List.of(out);
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
                        + " but " + (exactCount == 1 ? "one is" : exactCount + " are") + " read; " + howToChoose);
            }
            columns = new int[wanted.size()];
            for (int k = 0; k < columns.length; k++) {
                int index = indexOf(wanted.get(k), width);
                for (int j = 0; j < k; j++) {
                    if (columns[j] == index) {
                        throw new CsvDataException("column " + Visible.of(names.get(index)) + " of " + file
                                + " is asked for twice; choose different columns");
                    }
                }
                columns[k] = index;
            }
        }

        private int indexOf(ColumnRef ref, int width) {
            if (ref.name() == null) {
                if (ref.position() > width) {
                    throw new CsvDataException(file + " has no column " + Visible.of(ref.toString()) + "; its columns are: "
                            + Visible.of(String.join(", ", names)));
                }
                return ref.position() - 1;
            }
            if (!header) {
                throw new CsvDataException(file + " has no header row, so column " + Visible.of(ref.toString())
                        + " cannot be found by name; give its position (1, 2, ...)");
            }
            int index = names.indexOf(ref.name());
            if (index < 0) {
                throw new CsvDataException(file + " has no column " + Visible.of(ref.toString()) + "; its columns are: "
                        + Visible.of(String.join(", ", names)));
            }
            int again = names.subList(index + 1, width).indexOf(ref.name());
            if (again >= 0) {
                throw new CsvDataException(file + " has two columns named " + Visible.of(ref.toString()) + " (columns " + (index + 1)
                        + " and " + (index + 2 + again) + "), so the name is ambiguous; give the position instead, "
                        + "or rename one in the header");
            }
            return index;
        }
    }
}
