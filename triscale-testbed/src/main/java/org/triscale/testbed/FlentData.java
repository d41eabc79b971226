package org.triscale.testbed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Reads a flent data file ({@code *.flent.gz}, or the uncompressed JSON): every series of its
 * {@code results} (e.g. {@code "Ping (ms) ICMP"}, {@code "TCP download"}) against its
 * {@code x_values} (seconds from the test start). Missing points ({@code null}, where a tool gave
 * no value for that step) are left out. The JSON is streamed; raw values and metadata are skipped.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class FlentData {
    private FlentData() {
    }

    /**
     * Reads every series.
     *
     * @param file the data file, gzip-compressed when its name ends in {@code .gz}
     * @return the series by name, in the file's order
     * @throws MalformedLogException if the file is not flent data
     */
    public static Map<String, Samples> read(Path file) {
        try (InputStream raw = LogLines.openStream(file);
             InputStream in = file.getFileName().toString().endsWith(".gz")
                     ? Limits.boundedDecompressed(gunzip(raw, file), file) : raw;
             JsonParser parser = JsonFiles.open(in)) {
            Map<String, Samples> series = read(parser, file);
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

    private static InputStream gunzip(InputStream raw, Path file) throws IOException {
        try {
            return new GZIPInputStream(raw);
        } catch (java.io.EOFException e) {
            raw.close();
            throw new MalformedLogException(file, 0, "empty or truncated: no gzip data; expected a flent data file"
                    + " (.flent.gz) as flent writes it", e);
        } catch (java.util.zip.ZipException e) {
            raw.close();
            throw new MalformedLogException(file, 0, "not gzip data (" + e.getMessage() + "); expected a flent data"
                    + " file (.flent.gz), or give the uncompressed JSON a name without .gz", e);
        }
    }

    private static Map<String, Samples> read(JsonParser parser, Path file) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new MalformedLogException(file, JsonFiles.line(parser), "expected a JSON object: a flent data file");
        }
        double[] x = null;
        Map<String, double[]> results = null;
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
            } else {
                parser.skipChildren();
            }
        }
        if (x == null || results == null) {
            throw new MalformedLogException(file, 0, "no " + (x == null ? "\"x_values\"" : "\"results\"")
                    + ": not a flent data file");
        }
        Map<String, Samples> series = new LinkedHashMap<>();
        for (Map.Entry<String, double[]> result : results.entrySet()) {
            double[] y = result.getValue();
            if (y.length != x.length) {
                throw new MalformedLogException(file, 0, "series \"" + result.getKey() + "\" has " + y.length
                        + " values for " + x.length + " x_values");
            }
            Samples.Builder samples = new Samples.Builder(result.getKey(), "");
            for (int i = 0; i < y.length; i++) {
                if (!Double.isNaN(y[i])) {
                    samples.add(x[i], y[i]);
                }
            }
            series.put(result.getKey(), samples.build());
        }
        return series;
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
