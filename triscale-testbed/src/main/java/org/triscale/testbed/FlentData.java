package org.triscale.testbed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Reads a flent data file ({@code *.flent.gz}, or the uncompressed JSON): every series of its
 * {@code results} (e.g. {@code "Ping (ms) ICMP"}, {@code "TCP download"}) against its
 * {@code x_values} (seconds from the test start). Missing points ({@code null}, where a tool gave
 * no value for that step) are left out. The JSON is streamed; raw values and metadata are skipped.
 */
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
             InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             JsonParser parser = JsonFiles.open(in)) {
            return read(parser, file);
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new MalformedLogException(file, line, "not valid JSON (" + e.getOriginalMessage()
                    + "); expected a flent data file", e);
        } catch (IOException e) {
            throw new MalformedLogException(file, 0, "cannot read (" + e.getMessage()
                    + "); expected a flent data file (.flent.gz)", e);
        }
    }

    private static Map<String, Samples> read(JsonParser parser, Path file) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new MalformedLogException(file, JsonFiles.line(parser), "expected a JSON object: a flent data file");
        }
        double[] x = null;
        Map<String, double[]> results = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if (field.equals("x_values")) {
                x = numbers(parser, file, "x_values");
            } else if (field.equals("results") && parser.currentToken() == JsonToken.START_OBJECT) {
                results = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
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
        List<Double> values = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            switch (token) {
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> values.add(parser.getDoubleValue());
                case VALUE_NULL -> values.add(Double.NaN);
                default -> throw new MalformedLogException(file, JsonFiles.line(parser), "\"" + name
                        + "\" holds " + token + " where a number or null was expected");
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
