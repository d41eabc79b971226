package org.triscale.cli;

import org.triscale.cli.csv.ColumnRef;
import org.triscale.cli.csv.CsvColumnReader;
import org.triscale.cli.csv.CsvColumns;
import org.triscale.cli.csv.CsvDataException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;

/**
 * The commands' CSV input: gzip-compressed files (told by their magic bytes 1f 8b, whatever their
 * name) are decompressed to a private temporary file, within a bound, and read as any other; a
 * one-column file is read as values, numbered by row, where {@code metric} wants x and y.
 */
final class CsvInput {
    /** Key of the largest number of bytes a compressed CSV may expand to; the log parsers' key. */
    static final String DECOMPRESSED_KEY = "triscale.testbed.maxDecompressedBytes";
    private static final long MAX_DECOMPRESSED = Long.getLong(DECOMPRESSED_KEY, 256L << 20);

    private CsvInput() {
    }

    /** Reads a CSV, decompressing it first when it is gzip data; messages name the file given. */
    static CsvColumns read(Path file, Function<Path, CsvColumns> reader) {
        return withPlainFile(file, path -> {
            CsvColumns data = reader.apply(path);
            return path.equals(file) ? data
                    : new CsvColumns(file, data.header(), data.names(), data.columns(), data.rows());
        });
    }

    /**
     * Runs {@code reader} on the file, or on its decompressed copy when it is gzip data; a
     * {@link CsvDataException} that names the copy is given the file's name instead.
     */
    static <T> T withPlainFile(Path file, Function<Path, T> reader) {
        if (!isGzip(file)) {
            return reader.apply(file);
        }
        Path plain = null;
        try {
            plain = Files.createTempFile("triscale-", ".csv");
            try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16);
                 OutputStream out = Files.newOutputStream(plain)) {
                byte[] buffer = new byte[1 << 16];
                long total = 0;
                int n;
                while ((n = in.read(buffer)) > 0) {
                    total += n;
                    if (total > MAX_DECOMPRESSED) {
                        throw new CsvDataException(file + ": gzip data that expands to more than "
                                + String.format("%,d", MAX_DECOMPRESSED) + " bytes: refused as a decompression bomb "
                                + "(raise it with -D" + DECOMPRESSED_KEY + "=...)");
                    }
                    out.write(buffer, 0, n);
                }
            }
            Path decompressed = plain;
            try {
                return reader.apply(decompressed);
            } catch (CsvDataException e) {
                throw new CsvDataException(e.getMessage().replace(decompressed.toString(), file + " (decompressed)"), e);
            }
        } catch (IOException e) {
            throw new CsvDataException(file + ": starts with gzip's magic bytes but cannot be decompressed ("
                    + e.getMessage() + "): truncated or damaged", e);
        } finally {
            if (plain != null) {
                try {
                    Files.deleteIfExists(plain);
                } catch (IOException e) {
                    plain.toFile().deleteOnExit();
                }
            }
        }
    }

    private static boolean isGzip(Path file) {
        if (!Files.isRegularFile(file)) {
            return false; // the reader explains what the path is
        }
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        } catch (IOException e) {
            return false; // the reader reports it
        }
    }

    /**
     * The x and y columns of {@code metric}: the columns chosen, the first two by default; a file of
     * one column (a list of values, e.g. RTTs) gives its values against their row numbers 0, 1, 2, ...
     * when no x column is chosen.
     */
    static CsvColumns xy(Path file, ColumnRef x, ColumnRef y) {
        return read(file, path -> {
            if (x == null && (y == null || y.position() == 1) && CsvColumnReader.width(path) == 1) {
                CsvColumns one = CsvColumnReader.read(path, List.of(ColumnRef.position(1)));
                double[] rows = new double[one.rows()];
                for (int i = 0; i < rows.length; i++) {
                    rows[i] = i;
                }
                return new CsvColumns(path, one.header(), List.of("row", one.names().get(0)),
                        List.of(rows, one.column(0)), one.rows());
            }
            return x == null && y == null
                    ? CsvColumnReader.readAll(path, 2, "choose the columns with --x-column and --y-column (name or "
                    + "position); a file of one column is read as values numbered by row")
                    : CsvColumnReader.read(path, List.of(x == null ? ColumnRef.position(1) : x,
                            y == null ? ColumnRef.position(2) : y));
        });
    }
}
