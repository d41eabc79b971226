package org.triscale.cli.csv;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.NumberInput;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Reads the data records of one stretch of a CSV file (the whole file, or one range of it) into
 * its own columns, once the columns are resolved.
 */
final class RowReader {
    private final Path file;
    private final List<String> names;
    /** For each 0-based column of the file, the index of the output column, or −1. */
    private final int[] slotOfColumn;
    private final boolean fastParser;
    /** Turns a line number within the stretch into one within the file; used on error paths only. */
    private final IntUnaryOperator absoluteLine;
    private final DoubleColumn[] out;

    RowReader(Path file, List<String> names, int[] slotOfColumn, int outputs, boolean fastParser,
              IntUnaryOperator absoluteLine) {
        this.file = file;
        this.names = names;
        this.slotOfColumn = slotOfColumn;
        this.fastParser = fastParser;
        this.absoluteLine = absoluteLine;
        this.out = new DoubleColumn[outputs];
        for (int k = 0; k < outputs; k++) {
            out[k] = new DoubleColumn();
        }
    }

    DoubleColumn column(int k) {
        return out[k];
    }

    int rows() {
        return out[0].size();
    }

    /** Adds a record already read as text (the first one, when it is data), found at {@code line}. */
    void addRecord(List<String> cells, int line) {
        int needed = slotOfColumn.length;
        checkWidth(cells.size(), needed, line);
        for (int column = 0; column < needed; column++) {
            int slot = slotOfColumn[column];
            if (slot >= 0) {
                out[slot].add(cell(cells.get(column), column, line));
            }
        }
    }

    /** Reads every remaining record of the parser. */
    void readRows(CsvParser parser) throws IOException {
        int needed = slotOfColumn.length;
        int column = 0;
        JsonToken token;
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
                checkWidth(column, needed, absoluteLine.applyAsInt(parser.currentTokenLocation().getLineNr()));
            }
        }
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
        return cell(parser.getText(), column, absoluteLine.applyAsInt(parser.currentTokenLocation().getLineNr()));
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

    static boolean isNaN(String text) {
        return text.equalsIgnoreCase("nan");
    }

    private static String shorten(String text) {
        String oneLine = text.replaceAll("\\s+", " ");
        return oneLine.length() <= 40 ? oneLine : oneLine.substring(0, 37) + "...";
    }
}
