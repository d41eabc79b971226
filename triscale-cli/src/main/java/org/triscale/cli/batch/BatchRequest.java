package org.triscale.cli.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;

import java.util.Locale;

/**
 * One batch request: typed access to its fields, with one-line {@link IllegalArgumentException}
 * messages naming the field when it is missing or of the wrong type.
 */
public final class BatchRequest {
    private final ObjectNode node;

    BatchRequest(ObjectNode node) {
        this.node = node;
    }

    /**
     * Returns whether the field is present and not {@code null}.
     *
     * @param field the field name
     * @return {@code true} when present and not null
     */
    public boolean has(String field) {
        JsonNode value = node.get(field);
        return value != null && !value.isNull();
    }

    /**
     * Returns a JSON number.
     *
     * @param field the field name
     * @return its value
     * @throws IllegalArgumentException if missing or not a number
     */
    public double number(String field) {
        JsonNode value = required(field);
        if (!value.isNumber()) {
            throw wrongType(field, "a number", value);
        }
        return value.doubleValue();
    }

    /**
     * Returns an optional JSON number.
     *
     * @param field    the field name
     * @param fallback the value when the field is absent or null
     * @return its value or the fallback
     * @throws IllegalArgumentException if present and not a number
     */
    public double number(String field, double fallback) {
        return has(field) ? number(field) : fallback;
    }

    /**
     * Returns a JSON integer that fits an {@code int}.
     *
     * @param field the field name
     * @return its value
     * @throws IllegalArgumentException if missing, not a number or not a whole number in range
     */
    public int integer(String field) {
        JsonNode value = required(field);
        if (!value.isNumber()) {
            throw wrongType(field, "an integer", value);
        }
        double d = value.doubleValue();
        if (d != Math.rint(d) || d < Integer.MIN_VALUE || d > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("field '" + field + "' must be an integer, got " + value);
        }
        return (int) d;
    }

    /**
     * Returns a string.
     *
     * @param field the field name
     * @return its value
     * @throws IllegalArgumentException if missing or not a string
     */
    public String text(String field) {
        JsonNode value = required(field);
        if (!value.isTextual()) {
            throw wrongType(field, "a string", value);
        }
        return value.textValue();
    }

    /**
     * Returns an optional boolean.
     *
     * @param field    the field name
     * @param fallback the value when absent or null
     * @return its value or the fallback
     * @throws IllegalArgumentException if present and not a boolean
     */
    public boolean flag(String field, boolean fallback) {
        if (!has(field)) {
            return fallback;
        }
        JsonNode value = node.get(field);
        if (!value.isBoolean()) {
            throw wrongType(field, "true or false", value);
        }
        return value.booleanValue();
    }

    /**
     * Returns an array of numbers; {@code null} elements are NaN.
     *
     * @param field the field name
     * @return the values
     * @throws IllegalArgumentException if missing, not an array, or an element is not a number or null
     */
    public double[] values(String field) {
        JsonNode value = required(field);
        if (!value.isArray()) {
            throw wrongType(field, "an array of numbers (null for NaN)", value);
        }
        double[] values = new double[value.size()];
        for (int i = 0; i < values.length; i++) {
            JsonNode element = value.get(i);
            if (element.isNull()) {
                values[i] = Double.NaN;
            } else if (element.isNumber()) {
                values[i] = element.doubleValue();
            } else {
                throw new IllegalArgumentException("field '" + field + "' element " + i
                        + " must be a number or null (NaN), got " + describe(element));
            }
        }
        return values;
    }

    /**
     * Returns an optional range {@code [min, max]}.
     *
     * @param field the field name
     * @return the range, or {@code null} when absent or null
     * @throws IllegalArgumentException if present and not two numbers with min &lt; max
     */
    public ValueRange rangeOrNull(String field) {
        if (!has(field)) {
            return null;
        }
        JsonNode value = node.get(field);
        if (!value.isArray() || value.size() != 2 || !value.get(0).isNumber() || !value.get(1).isNumber()) {
            throw wrongType(field, "null or [min, max]", value);
        }
        return ValueRange.of(value.get(0).doubleValue(), value.get(1).doubleValue());
    }

    /**
     * Returns the raw value of a field.
     *
     * @param field the field name
     * @return the value, or {@code null} when absent (a JSON null is returned as a null node)
     */
    public JsonNode raw(String field) {
        return node.get(field);
    }

    /**
     * Returns the statistical mode: the optional field {@code mode}, {@code TRISCALE} by default.
     *
     * @return the mode
     * @throws IllegalArgumentException if the field is not {@code TRISCALE} or {@code SOUND}
     */
    public Mode mode() {
        if (!has("mode")) {
            return Mode.TRISCALE;
        }
        String text = text("mode");
        try {
            return Mode.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("field 'mode' must be \"TRISCALE\" or \"SOUND\", got \"" + text + "\"", e);
        }
    }

    private JsonNode required(String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            throw new IllegalArgumentException("missing field '" + field + "'");
        }
        return value;
    }

    private static IllegalArgumentException wrongType(String field, String expected, JsonNode value) {
        return new IllegalArgumentException("field '" + field + "' must be " + expected + ", got " + describe(value));
    }

    static String describe(JsonNode value) {
        if (value.getNodeType() == JsonNodeType.ARRAY) {
            return "an array";
        }
        if (value.getNodeType() == JsonNodeType.OBJECT) {
            return "an object";
        }
        String text = value.toString();
        return text.length() <= 40 ? text : text.substring(0, 37) + "...";
    }
}
