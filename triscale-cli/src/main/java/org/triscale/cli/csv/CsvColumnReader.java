package org.triscale.cli.csv;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.NumberInput;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads numeric columns of a CSV file into primitive arrays.
 *
 * <p>The file is streamed token by token with Jackson's CSV parser (no object per row) and each
 * cell goes through Jackson's fast, correctly rounded double parser, so 10^7 rows take seconds.
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
        return new Reading(file, columns, 0, null).run();
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
        List<ColumnRef> columns = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            columns.add(ColumnRef.position(i));
        }
        return new Reading(file, columns, count, howToChoose).run();
    }

    /** One pass over one file. */
    private static final class Reading {
        private final Path file;
        private final List<ColumnRef> wanted;
        private final int exactCount;
        private final String howToChoose;
        private boolean fastParser;
        private List<String> names;
        /** For each 0-based column of the file, the index of the output column, or −1. */
        private int[] slotOfColumn;
        private DoubleColumn[] out;

        Reading(Path file, List<ColumnRef> wanted, int exactCount, String howToChoose) {
            this.file = file;
            this.wanted = wanted;
            this.exactCount = exactCount;
            this.howToChoose = howToChoose;
        }

        CsvColumns run() {
            checkReadable();
            try (CsvParser parser = FACTORY.createParser(file.toFile())) {
                fastParser = parser.isEnabled(StreamReadFeature.USE_FAST_DOUBLE_PARSER);
                return parse(parser);
            } catch (JsonProcessingException e) {
                JsonLocation where = e.getLocation();
                String line = where == null ? "" : " line " + where.getLineNr();
                throw new CsvDataException(file + line + ": malformed CSV: " + e.getOriginalMessage(), e);
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

        private CsvColumns parse(CsvParser parser) throws IOException {
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
                throw new CsvDataException(file + " has no data rows");
            }
            boolean header = isHeader(first);
            resolveColumns(first, header);
            int needed = slotOfColumn.length;
            if (!header) {
                checkWidth(first.size(), needed, firstLine);
                for (int column = 0; column < needed; column++) {
                    int slot = slotOfColumn[column];
                    if (slot >= 0) {
                        out[slot].add(cell(first.get(column), column, firstLine));
                    }
                }
            }
            int column = 0;
            while ((token = parser.nextToken()) != null) {
                if (token == JsonToken.VALUE_STRING) {
                    if (column < needed) {
                        int slot = slotOfColumn[column];
                        if (slot >= 0) {
                            out[slot].add(cell(parser, column));
                        }
                    }
                    column++;
                } else if (token == JsonToken.START_ARRAY) {
                    column = 0;
                } else if (token == JsonToken.END_ARRAY && column < needed && column > 0) {
                    checkWidth(column, needed, parser.currentTokenLocation().getLineNr());
                }
            }
            int rows = out[0].size();
            if (rows == 0) {
                throw new CsvDataException(file + " has a header but no data rows");
            }
            List<double[]> columns = new ArrayList<>(out.length);
            List<String> chosenNames = new ArrayList<>(out.length);
            for (int k = 0; k < out.length; k++) {
                columns.add(out[k].toArray());
            }
            for (ColumnRef ref : wanted) {
                chosenNames.add(names.get(indexOf(ref)));
            }
            return new CsvColumns(file, header, chosenNames, columns, rows);
        }

        private boolean isHeader(List<String> first) {
            for (String cell : first) {
                if (cell.isEmpty() || isNaN(cell)) {
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
            out = new DoubleColumn[indices.length];
            for (int k = 0; k < indices.length; k++) {
                if (slotOfColumn[indices[k]] >= 0) {
                    throw new CsvDataException("column " + names.get(indices[k]) + " of " + file
                            + " is asked for twice; choose different columns");
                }
                slotOfColumn[indices[k]] = k;
                out[k] = new DoubleColumn();
            }
        }

        private int indexOf(ColumnRef ref) {
            if (ref.name() != null) {
                return names.indexOf(ref.name());
            }
            return ref.position() - 1;
        }

        private void checkWidth(int width, int needed, int line) {
            if (width < needed) {
                String name = needed - 1 < names.size() ? names.get(needed - 1) : "column " + needed;
                throw new CsvDataException(file + " line " + line + " has " + width
                        + (width == 1 ? " column" : " columns") + "; column " + needed + " (" + name + ") is missing");
            }
        }

        private double cell(CsvParser parser, int column) throws IOException {
            // Parse straight from the parser's buffer: no String per cell on the fast path.
            char[] chars = parser.getTextCharacters();
            int offset = parser.getTextOffset();
            int length = parser.getTextLength();
            if (length == 0 || (length == 3 && isNaN(chars, offset))) {
                return Double.NaN;
            }
            try {
                double value = NumberInput.parseDouble(chars, offset, length, fastParser);
                if (!Double.isInfinite(value)) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // reported below with the line number, which is only looked up on this path
            }
            return cell(parser.getText(), column, parser.currentTokenLocation().getLineNr());
        }

        private static boolean isNaN(char[] chars, int offset) {
            return (chars[offset] | 0x20) == 'n' && (chars[offset + 1] | 0x20) == 'a' && (chars[offset + 2] | 0x20) == 'n';
        }

        /** Slow path: parses a cell whose line is known, or reports why it is not a number. */
        private double cell(String text, int column, int line) {
            if (text.isEmpty() || isNaN(text)) {
                return Double.NaN;
            }
            double value;
            try {
                value = NumberInput.parseDouble(text, fastParser);
            } catch (NumberFormatException e) {
                throw new CsvDataException(where(column, line) + ": '" + shorten(text) + "' is not a number; "
                        + "write a decimal number, or leave the cell empty or write nan for a missing value");
            }
            if (Double.isInfinite(value)) {
                throw new CsvDataException(where(column, line) + ": '" + shorten(text) + "' is infinite; "
                        + "values must be finite (leave the cell empty or write nan for a missing value)");
            }
            return value;
        }

        private String where(int column, int line) {
            String name = names.get(column);
            String named = name.equals("column " + (column + 1)) ? "" : " (" + name + ")";
            return file + " line " + line + ", column " + (column + 1) + named;
        }

        private static boolean isNaN(String text) {
            return text.equalsIgnoreCase("nan");
        }

        private static String shorten(String text) {
            String oneLine = text.replaceAll("\\s+", " ");
            return oneLine.length() <= 40 ? oneLine : oneLine.substring(0, 37) + "...";
        }
    }
}
