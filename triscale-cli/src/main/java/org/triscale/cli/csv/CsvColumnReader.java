package org.triscale.cli.csv;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.NumberInput;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
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
 * <p>The file is streamed token by token with Jackson's CSV parser (no object per row) and each
 * cell goes through Jackson's fast, correctly rounded double parser, so 10^7 rows take seconds.
 * Files of 32 MB and more are split into one range of whole lines per processor, each parsed by
 * its own parser on its own thread; the result is the same as a sequential read.
 * Rules:
 * <ul>
 *   <li>the first record is a header when none of its cells is a number or empty; columns can
 *       then be chosen by name, otherwise by 1-based position;
 *   <li>empty cells and {@code nan} (any case) are NaN, which the analysis drops and counts;
 *   <li>blank lines and lines starting with {@code #} are skipped; fields may be quoted;
 *   <li>any other cell that is not a finite number is an error naming the file, the line and
 *       the column.
 * </ul>
 */
public final class CsvColumnReader {

    private static final CsvFactory FACTORY = CsvFactory.builder()
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .enable(CsvParser.Feature.WRAP_AS_ARRAY)
            .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
            .enable(CsvParser.Feature.TRIM_SPACES)
            .enable(CsvParser.Feature.ALLOW_COMMENTS)
            .build();

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
        private boolean fastParser;
        private List<String> names;
        /** For each 0-based column of the file, the index of the output column, or −1. */
        private int[] slotOfColumn;
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
            try {
                if (chunking.chunks() > 1 && Files.size(file) >= chunking.threshold()) {
                    CsvColumns columns = inParallel();
                    if (columns != null) {
                        return columns;
                    }
                }
                return sequentially();
            } catch (JsonProcessingException e) {
                throw malformed(e, IntUnaryOperator.identity());
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
            if (!Files.isReadable(file)) {
                throw new CsvDataException(file + ": permission denied");
            }
        }

        private CsvDataException malformed(JsonProcessingException e, IntUnaryOperator absoluteLine) {
            JsonLocation where = e.getLocation();
            String line = where == null ? "" : " line " + absoluteLine.applyAsInt(where.getLineNr());
            return new CsvDataException(file + line + ": malformed CSV: " + e.getOriginalMessage(), e);
        }

        private CsvColumns sequentially() throws IOException {
            try (CsvParser parser = FACTORY.createParser(file.toFile())) {
                RowReader rows = firstRecord(parser);
                if (rows == null) {
                    throw new CsvDataException(file + " has no data rows");
                }
                rows.readRows(parser);
                return collect(List.of(rows));
            }
        }

        /** Reads the file's line ranges on parallel threads, or returns null to read it sequentially. */
        private CsvColumns inParallel() throws IOException {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                List<LineRanges.Range> ranges = LineRanges.split(channel, channel.size(), chunking.chunks());
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
        }

        private CsvColumns inParallel(FileChannel channel, List<LineRanges.Range> ranges, ExecutorService pool)
                throws IOException {
            // A quoted field may hold a line break, so a cut just after '\n' could fall inside it;
            // a NUL byte means UTF-16 or UTF-32 text, which cannot be cut at any byte either. Such
            // files are read sequentially.
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
            List<RowReader> readers = new ArrayList<>(ranges.size());
            try (CsvParser parser = FACTORY.createParser(new RangeInputStream(channel, head.start(), head.end()))) {
                RowReader first = firstRecord(parser);
                if (first == null) {
                    return null; // only comments and blank lines there: the sequential read reports it
                }
                List<Future<RowReader>> rest = new ArrayList<>();
                for (LineRanges.Range range : ranges.subList(1, ranges.size())) {
                    rest.add(pool.submit(() -> readRange(channel, range)));
                }
                first.readRows(parser);
                readers.add(first);
                // In file order, so the first error in the file is the one reported.
                for (Future<RowReader> range : rest) {
                    readers.add(await(range));
                }
            }
            return collect(readers);
        }

        private RowReader readRange(FileChannel channel, LineRanges.Range range) throws IOException {
            IntUnaryOperator absoluteLine = line -> line + lineBreaksBefore(channel, range.start());
            RowReader rows = new RowReader(file, names, slotOfColumn, wanted.size(), fastParser, absoluteLine);
            try (CsvParser parser = FACTORY.createParser(new RangeInputStream(channel, range.start(), range.end()))) {
                rows.readRows(parser);
            } catch (JsonProcessingException e) {
                throw malformed(e, absoluteLine);
            }
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
         * a reader holding the record if it was data; null when the parser has no record.
         */
        private RowReader firstRecord(CsvParser parser) throws IOException {
            fastParser = parser.isEnabled(StreamReadFeature.USE_FAST_DOUBLE_PARSER);
            int firstLine = -1;
            List<String> first = new ArrayList<>();
            JsonToken token;
            // The first non-empty record decides: header or data, and how many columns.
            while ((token = parser.nextToken()) != null && !(token == JsonToken.END_ARRAY && !first.isEmpty())) {
                if (token == JsonToken.VALUE_STRING) {
                    if (first.isEmpty()) {
                        firstLine = parser.currentTokenLocation().getLineNr();
                    }
                    first.add(parser.getText());
                }
            }
            if (token == null) {
                return null;
            }
            header = isHeader(first);
            resolveColumns(first, header);
            RowReader rows = new RowReader(file, names, slotOfColumn, wanted.size(), fastParser,
                    IntUnaryOperator.identity());
            if (!header) {
                rows.addRecord(first, firstLine);
            }
            return rows;
        }

        private CsvColumns collect(List<RowReader> readers) {
            int rows = 0;
            for (RowReader reader : readers) {
                rows += reader.rows();
            }
            if (rows == 0) {
                throw new CsvDataException(file + " has a header but no data rows");
            }
            List<double[]> columns = new ArrayList<>(wanted.size());
            for (int k = 0; k < wanted.size(); k++) {
                if (readers.size() == 1) {
                    columns.add(readers.get(0).column(k).toArray());
                } else {
                    double[] values = new double[rows];
                    int at = 0;
                    for (RowReader reader : readers) {
                        at = reader.column(k).copyInto(values, at);
                    }
                    columns.add(values);
                }
            }
            List<String> chosenNames = new ArrayList<>(wanted.size());
            for (ColumnRef ref : wanted) {
                chosenNames.add(names.get(indexOf(ref)));
            }
            return new CsvColumns(file, header, chosenNames, columns, rows);
        }

        private boolean isHeader(List<String> first) {
            for (String cell : first) {
                if (cell.isEmpty() || RowReader.isNaN(cell)) {
                    return false;
                }
                try {
                    NumberInput.parseDouble(cell, fastParser);
                    return false;
                } catch (NumberFormatException e) {
                    // not a number: a header candidate
                }
            }
            return true;
        }

        private void resolveColumns(List<String> first, boolean header) {
            int width = first.size();
            names = new ArrayList<>(width);
            for (int i = 0; i < width; i++) {
                names.add(header ? first.get(i) : "column " + (i + 1));
            }
            if (exactCount > 0 && width != exactCount) {
                throw new CsvDataException(file + " has " + width + (width == 1 ? " column" : " columns")
                        + " but " + exactCount + " are read; " + howToChoose);
            }
            int[] indices = new int[wanted.size()];
            int max = 0;
            for (int k = 0; k < indices.length; k++) {
                ColumnRef ref = wanted.get(k);
                if (ref.name() != null && !header) {
                    throw new CsvDataException(file + " has no header row, so column " + ref
                            + " cannot be found by name; give its position (1, 2, ...)");
                }
                int index = indexOf(ref);
                if (index < 0 || index >= width) {
                    throw new CsvDataException(file + " has no column " + ref + "; its columns are: "
                            + String.join(", ", names));
                }
                indices[k] = index;
                max = Math.max(max, index);
            }
            slotOfColumn = new int[max + 1];
            Arrays.fill(slotOfColumn, -1);
            for (int k = 0; k < indices.length; k++) {
                if (slotOfColumn[indices[k]] >= 0) {
                    throw new CsvDataException("column " + names.get(indices[k]) + " of " + file
                            + " is asked for twice; choose different columns");
                }
                slotOfColumn[indices[k]] = k;
            }
        }

        private int indexOf(ColumnRef ref) {
            if (ref.name() != null) {
                return names.indexOf(ref.name());
            }
            return ref.position() - 1;
        }
    }
}
