package org.triscale.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.cli.batch.Json;
import org.triscale.cli.csv.ColumnRef;
import org.triscale.cli.csv.CsvDataException;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code --group-by}: the rows of one CSV file split by the values of some columns (a CCA, a
 * scenario, the series' date), each group analysed on its own and printed as one row of a
 * table, a CSV or JSON lines. Groups keep the order of their first row in the file.
 *
 * <p>The file needs a header row when columns are named; cells may be quoted (a quoted cell may
 * hold commas and doubled quotes, not a line break); values follow the CSV rules of the other
 * commands (decimal numbers; empty, {@code ""} and {@code nan} are NaN, dropped and counted). A
 * line is at most 1 MiB characters. The reader keeps the group keys as text, so it reads a file
 * of about 10^6 rows in a second or so, slower than the reader of ungrouped columns.
 */
final class Grouped {
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final int MAX_LINE = 1 << 20;

    private Grouped() {
    }

    /** How the grouped results are printed. */
    enum Output { TABLE, CSV, JSON }

    /**
     * One group's rows.
     *
     * @param key     the values of the grouping columns
     * @param columns the value columns asked for, each {@code rows} long
     */
    record Group(List<String> key, List<double[]> columns) {
        int rows() {
            return columns.get(0).length;
        }
    }

    /**
     * The groups of a file.
     *
     * @param file      the file read
     * @param keyNames  the grouping columns' names (header names, or "column k")
     * @param valueNames the value columns' names
     * @param groups    the groups, in the order of their first row
     */
    record Table(Path file, List<String> keyNames, List<String> valueNames, List<Group> groups) {
    }

    /** One group's result, as the printed row. */
    record Row(List<String> key, Map<String, Object> cells, ObjectNode json, boolean defined) {
    }

    /** Parses {@code --group-by A,B}: names or 1-based positions. */
    static List<ColumnRef> columns(String text) {
        List<ColumnRef> refs = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            refs.add(ColumnRef.parse(part));
        }
        return refs;
    }

    /**
     * Reads a CSV file's groups.
     *
     * @param file   the file (gzip-compressed or not)
     * @param keys   the grouping columns
     * @param values the value columns, in order
     * @return the groups
     */
    static Table read(Path file, List<ColumnRef> keys, List<ColumnRef> values) {
        return CsvInput.withPlainFile(file, path -> readPlain(file, path, keys, values));
    }

    private static Table readPlain(Path shown, Path path, List<ColumnRef> keys, List<ColumnRef> values) {
        if (!Files.isRegularFile(path)) {
            throw new CsvDataException(shown + (Files.exists(path) ? " is not a regular file (a directory, device, "
                    + "pipe or socket); give the path of a CSV file" : ": no such file"));
        }
        Map<List<String>, List<double[]>> rows = new LinkedHashMap<>();
        List<String> header = null;
        int[] keyIndex = null;
        int[] valueIndex = null;
        List<String> keyNames = null;
        List<String> valueNames = null;
        int width = -1;
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try (Reader reader = new java.io.BufferedReader(new java.io.InputStreamReader(Files.newInputStream(path),
                decoder), 1 << 16)) {
            StringBuilder line = new StringBuilder();
            long number = 0;
            boolean more = true;
            while (more) {
                line.setLength(0);
                int c;
                while ((c = reader.read()) >= 0 && c != '\n') {
                    if (line.length() >= MAX_LINE) {
                        throw new CsvDataException(shown + ":" + (number + 1) + ": a line longer than " + MAX_LINE
                                + " characters: not a CSV file of values");
                    }
                    line.append((char) c);
                }
                more = c >= 0;
                if (!more && line.length() == 0) {
                    break;
                }
                number++;
                String text = line.toString();
                if (number == 1 && text.startsWith("\uFEFF")) {
                    text = text.substring(1);
                }
                if (text.endsWith("\r")) {
                    text = text.substring(0, text.length() - 1);
                }
                if (text.isBlank() || text.startsWith("#")) {
                    continue;
                }
                List<String> cells = cells(text, shown, number);
                if (width < 0) {
                    width = cells.size();
                    header = cells;
                    boolean isHeader = cells.stream().noneMatch(cell -> cell.isEmpty() || number(cell) != null);
                    List<String> names = new ArrayList<>();
                    for (int i = 0; i < width; i++) {
                        names.add(isHeader ? cells.get(i) : "column " + (i + 1));
                    }
                    keyIndex = indexes(keys, names, isHeader, shown);
                    valueIndex = indexes(values, names, isHeader, shown);
                    keyNames = pick(names, keyIndex);
                    valueNames = pick(names, valueIndex);
                    if (isHeader) {
                        continue;
                    }
                }
                if (cells.size() != width) {
                    throw new CsvDataException(shown + ":" + number + ": " + cells.size() + " cells where the first"
                            + " row has " + width + "; quote values that hold commas");
                }
                List<String> key = pick(cells, keyIndex);
                List<double[]> group = rows.computeIfAbsent(key, k -> new ArrayList<>());
                double[] row = new double[valueIndex.length];
                for (int k = 0; k < row.length; k++) {
                    String cell = cells.get(valueIndex[k]);
                    Double value = cell.isEmpty() || cell.equalsIgnoreCase("nan") ? Double.valueOf(Double.NaN)
                            : number(cell);
                    if (value == null) {
                        throw new CsvDataException(shown + ":" + number + ": column " + valueNames.get(k) + ": '"
                                + (cell.length() > 40 ? cell.substring(0, 37) + "..." : cell) + "' is not a finite "
                                + "decimal number (or empty or nan)");
                    }
                    row[k] = value;
                }
                if (group.size() >= Integer.MAX_VALUE - 8) {
                    throw new CsvDataException(shown + ":" + number + ": a group of more rows than an array holds");
                }
                group.add(row);
            }
        } catch (CharacterCodingException e) {
            throw new CsvDataException(shown + " is not UTF-8 text; save it as UTF-8", e);
        } catch (IOException e) {
            throw new CsvDataException("cannot read " + shown + ": " + e.getMessage(), e);
        }
        if (header == null) {
            throw new CsvDataException(shown + " has no data rows");
        }
        List<Group> groups = new ArrayList<>();
        for (Map.Entry<List<String>, List<double[]>> entry : rows.entrySet()) {
            List<double[]> list = entry.getValue();
            List<double[]> columns = new ArrayList<>();
            for (int k = 0; k < valueIndex.length; k++) {
                double[] column = new double[list.size()];
                for (int i = 0; i < column.length; i++) {
                    column[i] = list.get(i)[k];
                }
                columns.add(column);
            }
            groups.add(new Group(entry.getKey(), columns));
        }
        if (groups.isEmpty()) {
            throw new CsvDataException(shown + " has no data rows");
        }
        return new Table(shown, keyNames, valueNames, groups);
    }

    private static Double number(String cell) {
        if (!DECIMAL.matcher(cell).matches()) {
            return null;
        }
        double value = Double.parseDouble(cell);
        return Double.isFinite(value) ? value : null;
    }

    private static int[] indexes(List<ColumnRef> refs, List<String> names, boolean header, Path file) {
        int[] indexes = new int[refs.size()];
        for (int k = 0; k < indexes.length; k++) {
            ColumnRef ref = refs.get(k);
            int index;
            if (ref.name() == null) {
                index = ref.position() - 1;
                if (index >= names.size()) {
                    throw new CsvDataException(file + " has no column " + ref + "; its columns are: "
                            + String.join(", ", names));
                }
            } else {
                if (!header) {
                    throw new CsvDataException(file + " has no header row, so column " + ref + " cannot be found by"
                            + " name; give its position (1, 2, ...)");
                }
                index = names.indexOf(ref.name());
                if (index < 0) {
                    throw new CsvDataException(file + " has no column " + ref + "; its columns are: "
                            + String.join(", ", names));
                }
                if (names.lastIndexOf(ref.name()) != index) {
                    throw new CsvDataException(file + " has two columns named " + ref + "; give its position");
                }
            }
            indexes[k] = index;
        }
        return indexes;
    }

    private static List<String> pick(List<String> cells, int[] indexes) {
        List<String> picked = new ArrayList<>(indexes.length);
        for (int index : indexes) {
            picked.add(cells.get(index));
        }
        return List.copyOf(picked);
    }

    /** Splits a CSV line as the test bed's field reader does; a quoted cell may hold commas and doubled quotes. */
    private static List<String> cells(String line, Path file, long number) {
        try {
            return org.triscale.testbed.NamedFields.csvCells(line);
        } catch (IllegalArgumentException e) {
            throw new CsvDataException(file + ":" + number + ": " + e.getMessage());
        }
    }

    /**
     * Prints the rows: an aligned table, a CSV with a header, or one JSON object per line.
     *
     * @return the exit status: 0, or {@link BaseCommand#UNDEFINED} when a group's result is undefined
     */
    static int print(BaseCommand command, Output output, List<String> keyNames, List<Row> rows) throws IOException {
        List<String> lines = new ArrayList<>();
        if (output == Output.JSON) {
            for (Row row : rows) {
                ObjectNode node = Json.object();
                ObjectNode group = node.putObject("group");
                for (int k = 0; k < keyNames.size(); k++) {
                    group.put(keyNames.get(k), row.key().get(k));
                }
                node.setAll(row.json());
                lines.add(Json.write(node));
            }
        } else {
            List<String> names = new ArrayList<>(keyNames);
            names.addAll(rows.get(0).cells().keySet());
            List<List<String>> table = new ArrayList<>();
            table.add(names);
            for (Row row : rows) {
                List<String> cells = new ArrayList<>(row.key());
                // CSV is read by programs: every digit; the table by people: 6 significant digits.
                row.cells().values().forEach(value -> cells.add(text(value, output == Output.CSV)));
                table.add(cells);
            }
            if (output == Output.CSV) {
                for (List<String> cells : table) {
                    lines.add(String.join(",", cells.stream().map(Grouped::csvCell).toList()));
                }
            } else {
                int[] widths = new int[names.size()];
                for (List<String> cells : table) {
                    for (int k = 0; k < cells.size(); k++) {
                        widths[k] = Math.max(widths[k], printable(cells.get(k)).length());
                    }
                }
                for (List<String> cells : table) {
                    StringBuilder line = new StringBuilder();
                    for (int k = 0; k < cells.size(); k++) {
                        String cell = printable(cells.get(k));
                        line.append(k == 0 ? "" : "  ").append(cell)
                                .append(k + 1 < cells.size() ? " ".repeat(widths[k] - cell.length()) : "");
                    }
                    lines.add(line.toString().stripTrailing());
                }
            }
        }
        command.printLines(lines);
        long undefined = rows.stream().filter(row -> !row.defined()).count();
        if (undefined > 0) {
            command.spec.commandLine().getErr().println(command.spec.qualifiedName() + ": " + undefined + " of "
                    + rows.size() + " groups have an undefined result (too few values, or not converged): see their rows");
            command.spec.commandLine().getErr().flush();
            return BaseCommand.UNDEFINED;
        }
        return 0;
    }

    /** A key shown in a terminal: control characters (a hostile file's escape sequences) as '?'. */
    private static String printable(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return out.toString();
    }

    /** A CSV cell, quoted when it holds a comma, quote or line break. */
    static String csvCell(String text) {
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }

    private static String text(Object value, boolean exact) {
        if (value instanceof Double d) {
            return d.isNaN() ? "" : exact ? Double.toString(d) : Text.number(d);
        }
        return String.valueOf(value).toLowerCase(Locale.ROOT);
    }

    /** A result that may be undefined: NaN, printed empty, when not {@code defined}. */
    static Double value(boolean defined, double value) {
        return defined ? value : Double.NaN;
    }

}
