package org.triscale.results.internal.gate;

import org.triscale.results.internal.common.InvalidRecordException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.MeasureText;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * JSON of {@link SequelRecord}s: plain Jackson data binding (no polymorphic typing), the
 * {@code schemaVersion} checked before the record is bound, then every field the gate relies on
 * validated, with sizes bounded. Unknown fields (added by later versions of the same schema) are
 * ignored. A typed field (mode, verdict, measure, direction, KPI side, change outcome) holding a
 * value outside its type is refused with the field, the value and the valid values: those are the
 * strings the files have always held, so every file TriScale wrote still reads.
 */
final class SequelRecords {
    /** Largest number of metrics, series per metric, and run metrics in a record. */
    static final int MAX_METRICS = 1_000;
    static final int MAX_SERIES = 10_000;
    static final int MAX_VALUES = 10_000_000;

    /** Bounded and strict as results are ({@link org.triscale.results.internal.model.JsonResults#mapper()}). */
    static final ObjectMapper MAPPER = org.triscale.results.internal.model.JsonResults.mapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.INDENT_OUTPUT);
    static final ObjectMapper PRETTY = MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT);

    private SequelRecords() {
    }

    /**
     * Parses and validates one record.
     *
     * @param json  the JSON text
     * @param where the file (and line) for messages
     */
    static SequelRecord parse(String json, String where) throws InvalidRecordException {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new InvalidRecordException(where + " is not valid JSON (" + describe(e)
                    + "); it may be truncated or damaged by hand", e);
        }
        if (tree == null || tree.isMissingNode()) {
            throw new InvalidRecordException(where + " is empty");
        }
        if (!tree.isObject()) {
            throw new InvalidRecordException(where + " is not a TriScale sequel record: a JSON object is expected, "
                    + "found " + tree.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        JsonNode version = tree.get("schemaVersion");
        if (version == null || !version.isIntegralNumber()) {
            throw new InvalidRecordException(where + " is not a TriScale sequel record: it has no integer "
                    + "schemaVersion");
        }
        if (version.asLong() > SequelRecord.SCHEMA_VERSION) {
            throw new InvalidRecordException(where + " has schemaVersion " + version.asText()
                    + ", written by a newer TriScale; this version reads 1 to " + SequelRecord.SCHEMA_VERSION
                    + ". Use the newer TriScale, or recreate the baseline with -Dtriscale.baseline.update=true");
        }
        if (version.asLong() < 1) {
            throw new InvalidRecordException(where + " has schemaVersion " + version.asText() + ", which no TriScale "
                    + "version wrote; this version reads 1 to " + SequelRecord.SCHEMA_VERSION);
        }
        SequelRecord record;
        try {
            record = MAPPER.treeToValue(tree, SequelRecord.class);
        } catch (JsonProcessingException e) {
            String invalid = invalidValue(e, tree);
            if (invalid != null) {
                throw new InvalidRecordException(where + " is not a valid TriScale sequel record: it " + invalid, e);
            }
            throw new InvalidRecordException(where + " does not have the fields of a sequel record (" + describe(e)
                    + ")", e);
        }
        validate(record, where);
        return record;
    }

    /** The record as one line of JSON, without a line break. */
    static String line(SequelRecord record) throws JsonProcessingException {
        return MAPPER.writeValueAsString(record);
    }

    private static void validate(SequelRecord record, String where) throws InvalidRecordException {
        require(notBlank(record.testClass()), where, "has no testClass");
        require(notBlank(record.testMethod()), where, "has no testMethod");
        require(record.fingerprint() != null, where, "has no fingerprint");
        require(record.metrics() != null, where, "has no metrics");
        require(record.metrics().size() <= MAX_METRICS, where, "has " + record.metrics().size() + " metrics, more than "
                + MAX_METRICS);
        List<List<Long>> seeds = record.seeds();
        if (seeds != null) {
            require(seeds.size() <= MAX_SERIES, where, "has seeds for " + seeds.size() + " series, more than "
                    + MAX_SERIES);
            for (int s = 0; s < seeds.size(); s++) {
                require(seeds.get(s) != null && !seeds.get(s).contains(null), where, "has a missing seed in seeds["
                        + s + "]; every run's seed is recorded");
            }
        }
        Set<String> names = new HashSet<>();
        long values = 0;
        for (int m = 0; m < record.metrics().size(); m++) {
            SequelRecord.MetricRecord metric = record.metrics().get(m);
            String at = "metrics[" + m + "]";
            require(metric != null, where, at + " is null");
            require(notBlank(metric.name()), where, at + " has no name");
            at = "metric \"" + metric.name() + "\"";
            require(names.add(metric.name()), where, "holds " + at + " twice");
            require(metric.measure() != null, where, at + " has no measure");
            require(metric.direction() != null, where, at + " has direction null; expected "
                    + JsonResults.texts(Direction.class));
            List<List<Double>> series = metric.runMetrics();
            require(series != null, where, at + " has no runMetrics");
            require(series.size() <= MAX_SERIES, where, at + " has " + series.size() + " series, more than "
                    + MAX_SERIES);
            require(seeds == null || seeds.size() == series.size(), where, at + " has " + series.size()
                    + " series of run metrics but seeds for " + (seeds == null ? 0 : seeds.size()));
            for (int s = 0; s < series.size(); s++) {
                List<Double> runs = series.get(s);
                require(runs != null, where, at + " runMetrics[" + s + "] is null");
                require(seeds == null || seeds.get(s).size() == runs.size(), where, at + " runMetrics[" + s + "] has "
                        + runs.size() + " runs but seeds[" + s + "] " + (seeds == null ? 0 : seeds.get(s).size()));
                values += runs.size();
                require(values <= MAX_VALUES, where, "holds more than " + MAX_VALUES + " run metrics");
                for (int r = 0; r < runs.size(); r++) {
                    Double value = runs.get(r);
                    require(value == null || Double.isFinite(value), where, at + " runMetrics[" + s + "][" + r
                            + "] is " + value + "; run metrics must be finite numbers or null");
                }
            }
        }
    }

    private static void require(boolean condition, String where, String problem) throws InvalidRecordException {
        if (!condition) {
            throw new InvalidRecordException(where + " is not a valid TriScale sequel record: it " + problem);
        }
    }

    private static boolean notBlank(String text) {
        return text != null && !text.isBlank();
    }

    /**
     * What is wrong when a typed field holds a value outside its type, e.g. {@code metric "fct" has
     * direction SIDEWAYS; expected LOWER_IS_BETTER or HIGHER_IS_BETTER}; null for any other problem.
     */
    private static String invalidValue(JsonProcessingException e, JsonNode tree) {
        if (!(e instanceof JsonMappingException mapping) || mapping.getPath().isEmpty()) {
            return null;
        }
        String expected;
        if (e instanceof InvalidFormatException format && format.getTargetType() != null
                && format.getTargetType().isEnum()) {
            expected = JsonResults.texts(format.getTargetType());
        } else if (e.getCause() instanceof IllegalArgumentException && isMeasure(mapping.getPath())) {
            expected = MeasureText.FORMS;
        } else {
            return null;
        }
        JsonNode value = at(tree, mapping.getPath());
        String text = value == null ? "?" : value.isTextual() ? value.asText() : value.toString();
        return field(mapping.getPath(), tree) + " " + (text.isEmpty() ? "\"\"" : text) + "; expected " + expected;
    }

    /** The node at a path of the record, or null. */
    private static JsonNode at(JsonNode tree, List<JsonMappingException.Reference> path) {
        JsonNode node = tree;
        for (JsonMappingException.Reference step : path) {
            if (node == null) {
                return null;
            }
            node = step.getFieldName() == null ? node.get(step.getIndex()) : node.get(step.getFieldName());
        }
        return node;
    }

    private static boolean isMeasure(List<JsonMappingException.Reference> path) {
        return "measure".equals(path.get(path.size() - 1).getFieldName());
    }

    /**
     * The field at a path as a message names it: {@code has mode}, {@code metric "fct" has
     * direction}, {@code metric "fct" has kpi.side}, {@code changes[0] of metric "fct" has outcome}.
     */
    private static String field(List<JsonMappingException.Reference> path, JsonNode tree) {
        String subject = "";
        int from = 0;
        if (path.size() > 2 && path.get(1).getFieldName() == null) { // in an element of metrics or changes
            String list = path.get(0).getFieldName();
            JsonNode element = at(tree, path.subList(0, 2));
            JsonNode metric = element == null ? null : element.get("metrics".equals(list) ? "name" : "metric");
            String named = metric != null && metric.isTextual() ? "metric \"" + metric.asText() + "\"" : "";
            subject = ("metrics".equals(list) && !named.isEmpty() ? named
                    : list + "[" + path.get(1).getIndex() + "]" + (named.isEmpty() ? "" : " of " + named)) + " ";
            from = 2;
        }
        return subject + "has " + JsonResults.path(path.subList(from, path.size()));
    }

    private static String describe(JsonProcessingException e) {
        StringBuilder text = new StringBuilder(e.getOriginalMessage());
        if (e instanceof JsonMappingException && !((JsonMappingException) e).getPath().isEmpty()) {
            text.append(" at ").append(((JsonMappingException) e).getPathReference());
        }
        JsonLocation location = e.getLocation();
        if (location != null && location.getLineNr() > 0) {
            text.append(", line ").append(location.getLineNr()).append(" column ").append(location.getColumnNr());
        }
        int newline = text.indexOf("\n");
        return newline < 0 ? text.toString() : text.substring(0, newline);
    }
}
