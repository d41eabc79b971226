package org.triscale.testbed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads one named field of a generic log, as samples: a CSV file with a header row, or JSON lines
 * (one object per line, fields found by name or by a dotted path such as {@code tcp.rtt}).
 *
 * <p>Both are read line by line. Values must be decimal numbers ({@code 12}, {@code -0.5},
 * {@code 1.5e-3}; in JSON, numbers or such strings); a missing, empty, {@code null} or {@code nan}
 * value leaves the line out, counted in {@link Samples#dropped()}. Blank lines and CSV lines
 * starting with {@code #} are skipped (not counted: they hold no row).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class NamedFields {
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private NamedFields() {
    }

    /**
     * Reads a field of a CSV file with a header row.
     *
     * @param file   the file
     * @param yField the header name of the values
     * @param xField the header name of their abscissae (e.g. a time column), or null to number the
     *               samples 0, 1, 2, ...
     * @return the samples, with the count of rows whose values were empty or {@code nan}
     * @throws MalformedLogException if a field is missing from the header or a value is not a number
     */
    public static Samples csv(Path file, String yField, String xField) {
        Samples.Builder samples = new Samples.Builder(yField, "");
        try (LogLines lines = LogLines.open(file)) {
            List<String> header = null;
            int yIndex = -1;
            int xIndex = -1;
            String line;
            while ((line = lines.next()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                List<String> cells = cells(line, file, lines.number());
                if (header == null) {
                    header = cells;
                    yIndex = column(header, yField, file, lines.number());
                    xIndex = xField == null ? -1 : column(header, xField, file, lines.number());
                    continue;
                }
                if (cells.size() != header.size()) {
                    throw new MalformedLogException(file, lines.number(), cells.size() + " cells where the header has "
                            + header.size() + "; quote values that hold commas");
                }
                double y = value(cells.get(yIndex), yField, file, lines.number());
                double x = xIndex < 0 ? samples.size() : value(cells.get(xIndex), xField, file, lines.number());
                if (!Double.isNaN(y) && !Double.isNaN(x)) {
                    samples.add(x, y);
                } else {
                    samples.drop();
                }
            }
            if (header == null) {
                throw new MalformedLogException(file, 0, "empty: expected a header row naming " + yField);
            }
        }
        return samples.build();
    }

    /**
     * Reads a field of a JSON-lines file.
     *
     * @param file   the file, one JSON object per line
     * @param yField the name or dotted path of the values
     * @param xField the name or dotted path of their abscissae, or null to number the samples
     * @return the samples, with the count of lines whose field was missing, {@code null}, empty or {@code nan}
     * @throws MalformedLogException if a line is not a JSON object or a value is not a number
     */
    public static Samples jsonLines(Path file, String yField, String xField) {
        Samples.Builder samples = new Samples.Builder(yField, "");
        String[] yPath = yField.split("\\.");
        String[] xPath = xField == null ? null : xField.split("\\.");
        try (LogLines lines = LogLines.open(file)) {
            String line;
            while ((line = lines.next()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                double y = jsonValue(line, yPath, yField, file, lines.number());
                double x = xPath == null ? samples.size() : jsonValue(line, xPath, xField, file, lines.number());
                if (!Double.isNaN(y) && !Double.isNaN(x)) {
                    samples.add(x, y);
                } else {
                    samples.drop();
                }
            }
        }
        return samples.build();
    }

    private static double jsonValue(String line, String[] path, String field, Path file, long number) {
        try (JsonParser parser = JsonFiles.FACTORY.createParser(line)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new MalformedLogException(file, number, "not a JSON object; JSON lines hold one object per line");
            }
            double value = find(parser, path, 0, field, file, number);
            if (parser.nextToken() != null) {
                throw new MalformedLogException(file, number, "more than one JSON value on the line");
            }
            return value;
        } catch (JsonProcessingException e) {
            String open = line.strip();
            char last = open.isEmpty() ? ' ' : open.charAt(open.length() - 1);
            if (String.valueOf(e.getOriginalMessage()).contains("end-of-input") && "{[,:".indexOf(last) >= 0) {
                throw new MalformedLogException(file, number, "the line is not a whole JSON object: the file looks"
                        + " like one JSON document spread over lines (pretty-printed); --format jsonl expects one JSON"
                        + " object per line (for iperf3, flent or irtt output use --format iperf3, flent or irtt)", e);
            }
            throw new MalformedLogException(file, number, "not valid JSON: " + JsonFiles.reason(e), e);
        } catch (IOException e) {
            throw new MalformedLogException(file, number, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Looks for {@code path[depth..]} in the object the parser is at; consumes the whole object. */
    private static double find(JsonParser parser, String[] path, int depth, String field, Path file, long number)
            throws IOException {
        double found = Double.NaN;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            boolean match = parser.currentName().equals(path[depth]);
            JsonToken token = parser.nextToken();
            if (!match) {
                parser.skipChildren();
            } else if (depth + 1 < path.length) {
                if (token == JsonToken.START_OBJECT) {
                    found = find(parser, path, depth + 1, field, file, number);
                } else {
                    parser.skipChildren();
                }
            } else {
                found = switch (token) {
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                        double v = parser.getDoubleValue();
                        if (!Double.isFinite(v)) {
                            throw new MalformedLogException(file, number, "field " + field + " holds a number"
                                    + " beyond the range of a double (" + v + ")");
                        }
                        yield v;
                    }
                    case VALUE_NULL -> Double.NaN;
                    case VALUE_STRING -> value(parser.getText(), field, file, number);
                    default -> throw new MalformedLogException(file, number, "field " + field + " is " + token
                            + ", not a number");
                };
            }
        }
        return found;
    }

    private static int column(List<String> header, String name, Path file, long line) {
        int index = header.indexOf(name);
        if (index < 0) {
            throw new MalformedLogException(file, line, "no column '" + name + "'; the header has " + String.join(", ", header));
        }
        if (header.lastIndexOf(name) != index) {
            throw new MalformedLogException(file, line, "two columns are named '" + name + "': the name is ambiguous; "
                    + "rename one");
        }
        return index;
    }

    private static double value(String text, String field, Path file, long line) {
        String t = text.strip();
        if (t.isEmpty() || t.equalsIgnoreCase("nan")) {
            return Double.NaN;
        }
        if (DECIMAL.matcher(t).matches()) {
            double value = Double.parseDouble(t);
            if (Double.isFinite(value)) {
                return value;
            }
        }
        throw new MalformedLogException(file, line, "field " + field + ": '" + (t.length() > 40 ? t.substring(0, 37)
                + "..." : t) + "' is not a finite decimal number");
    }

    private static List<String> cells(String line, Path file, long number) {
        try {
            return csvCells(line);
        } catch (IllegalArgumentException e) {
            throw new MalformedLogException(file, number, e.getMessage());
        }
    }

    /**
     * Splits one CSV line into its cells, each stripped of surrounding white space; a quoted cell
     * may hold commas and doubled quotes, not line breaks.
     *
     * @param line the line
     * @return its cells, in order
     * @throws IllegalArgumentException when a quoted cell is not closed on the line
     */
    public static List<String> csvCells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"' && cell.toString().isBlank()) {
                quoted = true;
                cell.setLength(0);
            } else if (c == ',') {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("a quoted cell is not closed on its line");
        }
        cells.add(cell.toString().strip());
        return cells;
    }
}
