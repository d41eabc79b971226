package org.triscale.cli.batch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.OptionalInt;

/**
 * The JSON settings shared by the batch protocol and the commands' {@code --json} output.
 *
 * <p>Doubles are read with Jackson's fast, correctly rounded parser and written as the shortest
 * decimal that reads back as the same double (Schubfach), so values round-trip exactly on every
 * JDK. NaN is written as {@code null}, as in the reference vectors.
 */
public final class Json {
    /**
     * The mapper: no polymorphic typing, fast double parsing and shortest double writing; nesting
     * and number lengths bounded (a request is flat arrays of numbers; the line length is bounded
     * by {@code --max-line-length}), a key given twice refused.
     */
    public static final JsonMapper MAPPER = JsonMapper.builder(com.fasterxml.jackson.core.JsonFactory.builder()
                    .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
                            .maxNestingDepth(64).maxNumberLength(100).build()).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .build();

    private Json() {
    }

    /**
     * Returns a new empty object.
     *
     * @return the object
     */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /**
     * Puts a double, or {@code null} when it is NaN.
     *
     * @param node  the object
     * @param name  the field name
     * @param value the value
     * @return {@code node}
     */
    public static ObjectNode putNumber(ObjectNode node, String name, double value) {
        if (Double.isNaN(value)) {
            node.putNull(name);
        } else {
            node.put(name, value);
        }
        return node;
    }

    /**
     * Puts an index, or {@code null} when it is absent.
     *
     * @param node  the object
     * @param name  the field name
     * @param index the index
     * @return {@code node}
     */
    public static ObjectNode putIndex(ObjectNode node, String name, OptionalInt index) {
        if (index.isPresent()) {
            node.put(name, index.getAsInt());
        } else {
            node.putNull(name);
        }
        return node;
    }

    /**
     * Writes an object on one line.
     *
     * @param node the object
     * @return its JSON text, without line breaks
     */
    public static String write(ObjectNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }
}
