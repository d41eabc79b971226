package org.triscale.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Loads the reference vectors of the original Python TriScale from the test classpath. */
// A helper of the tests in other packages: its JsonNode comes from Jackson, on the tests' class path only (by design).
@SuppressWarnings("exports")
public final class ReferenceVectors {
    private static final String RESOURCE = "/triscale-vectors.json";
    private static JsonNode root;

    private ReferenceVectors() {
    }

    /** The whole file. */
    public static synchronized JsonNode root() {
        if (root == null) {
            try (InputStream in = ReferenceVectors.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RESOURCE + " is missing from the test classpath");
                }
                root = new ObjectMapper().readTree(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return root;
    }

    /** The cases of one operation, in file order. */
    public static List<JsonNode> cases(String op) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode c : root().get("cases")) {
            if (c.get("op").asText().equals(op)) {
                out.add(c);
            }
        }
        return out;
    }

    /** A number, {@code null} standing for NaN. */
    public static double number(JsonNode node) {
        return node == null || node.isNull() ? Double.NaN : node.asDouble();
    }

    /** An array of numbers, {@code null} entries standing for NaN. */
    public static double[] numbers(JsonNode node) {
        double[] out = new double[node.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = number(node.get(i));
        }
        return out;
    }

    /** An optional [min, max] pair. */
    public static ValueRange range(JsonNode node) {
        return node == null || node.isNull() ? null : ValueRange.of(node.get(0).asDouble(), node.get(1).asDouble());
    }
}
