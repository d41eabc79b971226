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
    static final ObjectMapper MAPPER = org.triscale.results.internal.model.JsonResults.mapperBuilder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.INDENT_OUTPUT)
            // A value has the type it was written with: "true" (a string) is not a boolean, "5" not a number.
            .disable(com.fasterxml.jackson.databind.MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();
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
        expect(tree, "accepted", JsonNode::isBoolean, "true or false", where);
        expect(tree, "runsPerSeries", JsonNode::isIntegralNumber, "a whole number", where);
        expect(tree, "recordedAt", JsonNode::isTextual, "an ISO-8601 instant in a string", where);
        expect(tree, "verdict", JsonNode::isTextual, "PASSED or FAILED in a string", where);
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

    /**
     * Parses and validates one line of a history: {@link #parse} and what a history line must hold
     * besides, so that no contradictory line is ever used: a verdict and an {@code accepted}
     * flag, an accepted line whose verdict passed, the number of runs per series, when it was
     * recorded (an ISO-8601 instant), and each metric's stored KPI equal to the KPI its own run
     * metrics give (the change points of the trend use the stored one).
     *
     * @param json  the line
     * @param where the file and line for messages
     */
    static SequelRecord parseHistoryLine(String json, String where) throws InvalidRecordException {
        SequelRecord record = parse(json, where);
        require(record.verdict() != null, where, "has no verdict; a history line records PASSED or FAILED");
        require(record.accepted() != null, where, "has no accepted flag; a history line records true or false");
        require(!record.accepted() || record.verdict() == org.triscale.results.internal.model.TestResult.VerdictStatus.PASSED,
                where, "is accepted although its verdict is " + record.verdict() + "; only a passing sequel may"
                        + " be accepted, so the line is contradictory");
        require(record.runsPerSeries() != null, where, "has no runsPerSeries");
        require(record.recordedAt() != null, where, "has no recordedAt");
        for (SequelRecord.MetricRecord metric : record.metrics()) {
            String problem = kpiProblem(metric);
            require(problem == null, where, "metric \"" + metric.name() + "\" " + problem);
        }
        return record;
    }

    /** Relative difference below which a stored KPI equals the recomputed one (JSON keeps doubles exactly). */
    private static final double KPI_TOLERANCE = 1e-9;

    /**
     * Why a metric's stored KPI is not the KPI of its run metrics (Thompson's one-sided bound of
     * each series with the stored percentile, confidence and side, and their median), or null
     * when it is, or when no KPI is stored.
     */
    static String kpiProblem(SequelRecord.MetricRecord metric) {
        SequelRecord.StoredKpi kpi = metric.kpi();
        if (kpi == null || kpi.seriesKpis() == null && kpi.median() == null) {
            return null;
        }
        if (kpi.percentile() == null || kpi.confidence() == null || kpi.side() == null || kpi.seriesKpis() == null) {
            return "has a kpi without its percentile, confidence, side or seriesKpis";
        }
        org.triscale.engine.baseline.SequelKpis computed;
        try {
            computed = org.triscale.engine.baseline.RegressionGate.summarise(Sequels.runMetrics(metric),
                    org.triscale.engine.baseline.GateSettings.of(metric.direction())
                            .withKpi(kpi.percentile(), kpi.confidence(), kpi.side()));
        } catch (IllegalArgumentException e) {
            return "has a kpi that cannot be recomputed from its run metrics (" + e.getMessage() + ")";
        }
        double[] series = computed.seriesKpis();
        if (series.length != kpi.seriesKpis().size()) {
            return "has kpi.seriesKpis for " + kpi.seriesKpis().size() + " series but run metrics for "
                    + series.length;
        }
        for (int s = 0; s < series.length; s++) {
            if (!same(kpi.seriesKpis().get(s), series[s])) {
                return "has kpi.seriesKpis[" + s + "] = " + kpi.seriesKpis().get(s) + " but its run metrics give "
                        + (Double.isNaN(series[s]) ? "none" : series[s]) + "; the line was edited or damaged";
            }
        }
        if (!same(kpi.median(), computed.median())) {
            return "has kpi.median = " + kpi.median() + " but its run metrics give "
                    + (Double.isNaN(computed.median()) ? "none" : computed.median())
                    + "; the line was edited or damaged";
        }
        return null;
    }

    private static boolean same(Double stored, double computed) {
        if (stored == null || Double.isNaN(computed)) {
            return stored == null && Double.isNaN(computed);
        }
        return Math.abs(stored - computed) <= KPI_TOLERANCE * Math.max(Math.abs(stored), Math.abs(computed));
    }

    /** The record as one line of JSON, without a line break. */
    static String line(SequelRecord record) throws JsonProcessingException {
        return MAPPER.writeValueAsString(record);
    }

    private static void validate(SequelRecord record, String where) throws InvalidRecordException {
        require(notBlank(record.testClass()), where, "has no testClass");
        require(notBlank(record.testMethod()), where, "has no testMethod");
        require(record.fingerprint() != null, where, "has no fingerprint");
        require(record.runsPerSeries() == null || record.runsPerSeries() >= 1, where, "has runsPerSeries "
                + record.runsPerSeries() + "; a series has at least 1 run");
        if (record.recordedAt() != null) {
            try {
                java.time.Instant.parse(record.recordedAt());
            } catch (java.time.format.DateTimeParseException e) {
                throw new InvalidRecordException(where + " is not a valid TriScale sequel record: its recordedAt is"
                        + " not an ISO-8601 instant such as 2026-01-31T12:00:00Z");
            }
        }
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

    /** A top-level field, when present and not null, has the JSON type it is written with. */
    private static void expect(JsonNode tree, String field, java.util.function.Predicate<JsonNode> type, String expected,
                               String where) throws InvalidRecordException {
        JsonNode value = tree.get(field);
        if (value != null && !value.isNull() && !type.test(value)) {
            throw new InvalidRecordException(where + " is not a valid TriScale sequel record: its " + field + " is a "
                    + value.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + "; expected " + expected);
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

    /**
     * What is wrong, without quoting the file's content: a hostile file (or a link to another
     * file) must not have its tokens echoed in the build's log.
     */
    private static String describe(JsonProcessingException e) {
        StringBuilder text = new StringBuilder();
        if (e instanceof com.fasterxml.jackson.core.exc.StreamConstraintsException) {
            text.append(e.getOriginalMessage());
        } else if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            text.append("a value of the wrong type or form at ").append(JsonResults.path(mapping.getPath()));
        } else if (String.valueOf(e.getOriginalMessage()).startsWith("Duplicate field")) {
            text.append("a key given twice in one object");
        } else if (e instanceof com.fasterxml.jackson.core.io.JsonEOFException
                || String.valueOf(e.getOriginalMessage()).startsWith("Unexpected end-of-input")) {
            text.append("unexpected end of input");
        } else {
            text.append("malformed JSON");
        }
        JsonLocation location = e.getLocation();
        if (location != null && location.getLineNr() > 0) {
            text.append(", line ").append(location.getLineNr()).append(" column ").append(location.getColumnNr());
        }
        return text.toString();
    }
}
