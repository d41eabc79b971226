package org.triscale.results.internal.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The parameters of a grid cell, name → value, read from the cell's name: JUnit names a class
 * template's invocation after its arguments ({@code rttMs=40, competitor=CUBIC}), and nested
 * templates are joined by {@code " / "}, outermost first. A part of the name that is not
 * {@code name=value} pairs (a custom {@code @ParameterizedClass(name = ...)}) is kept whole as
 * the parameter {@code cell} ({@code cell2}, {@code cell3} for the nested levels).
 */
public final class CellParameters {
    /** {@code name=} at the start of a pair: a Java identifier, as JUnit writes a parameter's name. */
    private static final Pattern PAIRS = Pattern.compile("^[\\p{L}_$][\\p{L}\\p{N}_$]*=.*", Pattern.DOTALL);
    private static final Pattern NEXT_PAIR = Pattern.compile(",\\s*(?=[\\p{L}_$][\\p{L}\\p{N}_$]*=)");

    private CellParameters() {
    }

    /**
     * Reads the parameters of a cell from its name.
     *
     * @param cell the cell's name, e.g. {@code rttMs=40, competitor=CUBIC} or {@code rttMs=40 / cca=BBR}
     * @return the parameters in the name's order, unmodifiable; empty for a null or empty name
     */
    public static Map<String, String> parse(String cell) {
        if (cell == null || cell.isBlank()) {
            return Map.of();
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        String[] levels = cell.split(" / ");
        for (int level = 0; level < levels.length; level++) {
            String segment = levels[level].strip();
            String suffix = level == 0 ? "" : String.valueOf(level + 1);
            if (!PAIRS.matcher(segment).matches()) {
                put(parameters, "cell" + suffix, segment);
                continue;
            }
            for (String pair : NEXT_PAIR.split(segment)) {
                int equals = pair.indexOf('=');
                put(parameters, pair.substring(0, equals).strip(), unquoted(pair.substring(equals + 1).strip()));
            }
        }
        return Collections.unmodifiableMap(parameters);
    }

    /** A name met twice (the same parameter name at two nesting levels) keeps both: {@code cca}, {@code cca#2}. */
    private static void put(Map<String, String> parameters, String name, String value) {
        String key = name;
        for (int n = 2; parameters.containsKey(key); n++) {
            key = name + "#" + n;
        }
        parameters.put(key, value);
    }

    /** JUnit 6 quotes text arguments ({@code cca = "BBR"}): the value is the text inside. */
    private static String unquoted(String value) {
        if (value.length() >= 2 && (value.startsWith("\"") && value.endsWith("\"")
                || value.startsWith("'") && value.endsWith("'"))) {
            return value.substring(1, value.length() - 1);
        }
        return value;
    }
}
