package org.triscale.testbed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a flent data file ({@code *.flent.gz}, or the uncompressed JSON; gzip is told by its
 * first bytes): every series of its {@code results} (e.g. {@code "Ping (ms) ICMP"},
 * {@code "TCP download"}), from the data flent's own statistics ({@code flent -f stats}) use:
 * <ul>
 *   <li>the series' {@code raw_values} when the file has them (the tool's own measurements, at
 *       their own times; for a name {@code "A::key"} without raw values of its own, the
 *       {@code key} of {@code A}'s raw values, as flent does), against seconds from the file's
 *       first raw timestamp;
 *   <li>else the interpolated {@code results} grid against its {@code x_values}; missing points
 *       ({@code null}) are left out;
 *   <li>the mean as flent computes it: the series metadata's {@code MEAN_VALUE} when present and
 *       not zero (for a sum of flows, the sum of the flows' own means, which the grid's mean does
 *       not give), else the mean of the values above.
 * </ul>
 * flent's median and 99th percentile interpolate (numpy); TriScale's percentiles are the nearest
 * rank, so these can differ by design. The JSON is streamed.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class FlentData {
    private FlentData() {
    }

    /**
     * One series with where its values come from.
     *
     * @param samples   the values
     * @param raw       true when they are the series' raw values, false for the interpolated grid
     * @param meanValue the series metadata's {@code MEAN_VALUE} (flent's own mean of the series), NaN when absent or 0
     * @param units     the series metadata's {@code UNITS}, or empty
     * @since 0.4.0
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
    public record Series(Samples samples, boolean raw, double meanValue, String units) {
        /**
         * Returns the mean as flent's statistics give it: {@link #meanValue()} when present, else
         * the mean of the samples.
         *
         * @return the mean, NaN without samples
         */
        public double flentMean() {
            if (!Double.isNaN(meanValue)) {
                return meanValue;
            }
            double sum = 0;
            for (double v : samples.y()) {
                sum += v;
            }
            return samples.size() == 0 ? Double.NaN : sum / samples.size();
        }

        /**
         * Says where the values and the mean come from, for a user who compares them with flent's.
         *
         * @return e.g. {@code "flent raw_values (99 points)"}
         */
        public String source() {
            return (raw ? "flent raw_values (" + samples.size() + " points)"
                    : "flent's interpolated results grid (" + samples.size() + " points; the file has no raw values"
                    + " for this series)") + (Double.isNaN(meanValue) ? ""
                    : "; mean from the series metadata MEAN_VALUE, as flent -f stats");
        }
    }

    /**
     * Reads every series.
     *
     * @param file the data file, gzip-compressed or not (told by its first bytes)
     * @return the series' samples by name, in the file's order (raw values where the file has them)
     * @throws MalformedLogException if the file is not flent data
     */
    public static Map<String, Samples> read(Path file) {
        Map<String, Samples> samples = new LinkedHashMap<>();
        readSeries(file).forEach((name, series) -> samples.put(name, series.samples()));
        return samples;
    }

    /**
     * Reads every series with where its values and mean come from.
     *
     * @param file the data file, gzip-compressed or not (told by its first bytes)
     * @return the series by name, in the file's order
     * @throws MalformedLogException if the file is not flent data
     * @since 0.4.0
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
    public static Map<String, Series> readSeries(Path file) {
        try (InputStream in = LogLines.openStream(file);
             JsonParser parser = JsonFiles.open(in)) {
            Map<String, Series> series = read(parser, file);
            JsonFiles.end(parser, file, "one flent data object");
            return series;
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new MalformedLogException(file, line, "not valid JSON (" + JsonFiles.reason(e)
                    + "); expected a flent data file", e);
        } catch (IOException e) {
            throw new MalformedLogException(file, 0, "cannot read (" + e.getMessage()
                    + "); expected a flent data file (.flent.gz)", e);
        }
    }

    /** The raw points of one series: each numeric key's values with their times. */
    private static final class RawSeries {
        final Map<String, double[][]> byKey = new LinkedHashMap<>();
    }

    private static Map<String, Series> read(JsonParser parser, Path file) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new MalformedLogException(file, JsonFiles.line(parser), "expected a JSON object: a flent data file");
        }
        double[] x = null;
        Map<String, double[]> results = null;
        Map<String, RawSeries> raw = new LinkedHashMap<>();
        Map<String, Map<String, Double>> meta = new HashMap<>();
        Map<String, Map<String, String>> metaTexts = new HashMap<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            JsonFiles.once(seen, parser, file);
            String field = parser.currentName();
            parser.nextToken();
            if (field.equals("x_values")) {
                x = numbers(parser, file, "x_values");
            } else if (field.equals("results") && parser.currentToken() == JsonToken.START_OBJECT) {
                results = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    if (results.containsKey(name)) {
                        throw new MalformedLogException(file, JsonFiles.line(parser), "the series \"" + name
                                + "\" is given twice; which one holds?");
                    }
                    results.put(name, numbers(parser, file, name));
                }
            } else if (field.equals("raw_values") && parser.currentToken() == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    if (raw.containsKey(name)) {
                        throw new MalformedLogException(file, JsonFiles.line(parser), "the raw series \"" + name
                                + "\" is given twice; which one holds?");
                    }
                    raw.put(name, rawSeries(parser, file, name));
                }
            } else if (field.equals("metadata") && parser.currentToken() == JsonToken.START_OBJECT) {
                metadata(parser, file, meta, metaTexts);
            } else {
                parser.skipChildren();
            }
        }
        if (x == null || results == null) {
            throw new MalformedLogException(file, 0, "no " + (x == null ? "\"x_values\"" : "\"results\"")
                    + ": not a flent data file");
        }
        double t0 = Double.POSITIVE_INFINITY;
        for (RawSeries series : raw.values()) {
            for (double[][] points : series.byKey.values()) {
                for (double t : points[0]) {
                    t0 = Math.min(t0, t);
                }
            }
        }
        Map<String, Series> series = new LinkedHashMap<>();
        for (Map.Entry<String, double[]> result : results.entrySet()) {
            String name = result.getKey();
            double[] y = result.getValue();
            if (y.length != x.length) {
                throw new MalformedLogException(file, 0, "series \"" + name + "\" has " + y.length
                        + " values for " + x.length + " x_values");
            }
            double[][] points = rawPoints(raw, name);
            Samples.Builder samples = new Samples.Builder(name, "");
            if (points != null) {
                for (int i = 0; i < points[0].length; i++) {
                    samples.add(points[0][i] - t0, points[1][i]);
                }
            } else {
                for (int i = 0; i < y.length; i++) {
                    if (!Double.isNaN(y[i])) {
                        samples.add(x[i], y[i]);
                    }
                }
            }
            Map<String, Double> own = meta.getOrDefault(name, Map.of());
            double mean = own.getOrDefault("MEAN_VALUE", Double.NaN);
            series.put(name, new Series(samples.build(), points != null, mean == 0 ? Double.NaN : mean,
                    metaTexts.getOrDefault(name, Map.of()).getOrDefault("UNITS", "")));
        }
        return series;
    }

    /** The raw points of a series as flent finds them: its own {@code val}, else {@code A}'s {@code key} for {@code A::key}. */
    private static double[][] rawPoints(Map<String, RawSeries> raw, String name) {
        RawSeries own = raw.get(name);
        if (own != null) {
            double[][] points = own.byKey.get("val");
            return points == null || points[0].length == 0 ? null : points;
        }
        int split = name.lastIndexOf("::");
        if (split > 0) {
            RawSeries parent = raw.get(name.substring(0, split));
            if (parent != null) {
                double[][] points = parent.byKey.get(name.substring(split + 2));
                return points == null || points[0].length == 0 ? null : points;
            }
        }
        return null;
    }

    /** An array of raw points: objects with a time {@code t} and numeric fields; a point without {@code t} is left out. */
    private static RawSeries rawSeries(JsonParser parser, Path file, String name) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw new MalformedLogException(file, JsonFiles.line(parser), "raw series \"" + name + "\" must be an array");
        }
        Map<String, double[]> times = new LinkedHashMap<>();
        Map<String, double[]> values = new LinkedHashMap<>();
        Map<String, Integer> sizes = new HashMap<>();
        long count = 0;
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token != JsonToken.START_OBJECT) {
                throw new MalformedLogException(file, JsonFiles.line(parser), "raw series \"" + name + "\" holds "
                        + token + " where a point object was expected");
            }
            Limits.checkCount(++count, file, JsonFiles.line(parser), "raw points in \"" + name + "\"");
            Map<String, Double> point = JsonFiles.flatObject(parser, file, null);
            Double t = point.get("t");
            if (t == null) {
                continue;
            }
            for (Map.Entry<String, Double> value : point.entrySet()) {
                String key = value.getKey();
                if (key.equals("t")) {
                    continue;
                }
                int size = sizes.getOrDefault(key, 0);
                double[] ts = times.computeIfAbsent(key, k -> new double[16]);
                double[] vs = values.computeIfAbsent(key, k -> new double[16]);
                if (size == ts.length) {
                    ts = Arrays.copyOf(ts, 2 * size);
                    vs = Arrays.copyOf(vs, 2 * size);
                    times.put(key, ts);
                    values.put(key, vs);
                }
                ts[size] = t;
                vs[size] = value.getValue();
                sizes.put(key, size + 1);
            }
        }
        RawSeries series = new RawSeries();
        for (String key : times.keySet()) {
            int size = sizes.get(key);
            series.byKey.put(key, new double[][] {Arrays.copyOf(times.get(key), size), Arrays.copyOf(values.get(key), size)});
        }
        return series;
    }

    /** Keeps {@code metadata.SERIES_META}: each series' numeric and text fields. */
    private static void metadata(JsonParser parser, Path file, Map<String, Map<String, Double>> meta,
                                 Map<String, Map<String, String>> texts) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if (field.equals("SERIES_META") && parser.currentToken() == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    if (parser.nextToken() == JsonToken.START_OBJECT) {
                        Map<String, String> text = new HashMap<>();
                        meta.put(name, JsonFiles.flatObject(parser, file, text));
                        texts.put(name, text);
                    } else {
                        parser.skipChildren();
                    }
                }
            } else {
                parser.skipChildren();
            }
        }
    }

    /** An array of numbers and nulls (NaN). */
    private static double[] numbers(JsonParser parser, Path file, String name) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw new MalformedLogException(file, JsonFiles.line(parser), "\"" + name + "\" must be an array");
        }
        double[] values = new double[64];
        int size = 0;
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token == null) {
                throw new MalformedLogException(file, JsonFiles.line(parser), "\"" + name + "\" is not closed: the"
                        + " file ends inside it");
            }
            Limits.checkCount(size + 1L, file, JsonFiles.line(parser), "values in \"" + name + "\"");
            if (size == values.length) {
                values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 8L, 2L * size));
            }
            values[size++] = switch (token) {
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> JsonFiles.finite(parser, file, name);
                case VALUE_NULL -> Double.NaN;
                default -> throw new MalformedLogException(file, JsonFiles.line(parser), "\"" + name
                        + "\" holds " + token + " where a number or null was expected");
            };
        }
        return Arrays.copyOf(values, size);
    }
}
