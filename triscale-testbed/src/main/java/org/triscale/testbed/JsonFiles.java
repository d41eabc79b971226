package org.triscale.testbed;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Streaming JSON reading shared by the parsers: no tree of the whole document is built. */
final class JsonFiles {
    static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(1 << 20).build())
            .build();

    private JsonFiles() {
    }

    static JsonParser open(InputStream in) throws IOException {
        return FACTORY.createParser(in);
    }

    static long line(JsonParser parser) {
        return parser.currentLocation().getLineNr();
    }

    /**
     * Reads the object the parser is at (its START_OBJECT is current) into its numeric and boolean
     * fields (true as 1, false as 0); strings are kept in {@code texts} when given; nested values are skipped.
     */
    static Map<String, Double> flatObject(JsonParser parser, Path file, Map<String, String> texts) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw new MalformedLogException(file, line(parser), "expected a JSON object, found " + parser.currentToken());
        }
        Map<String, Double> fields = new HashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (value) {
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> fields.put(name, parser.getDoubleValue());
                case VALUE_TRUE -> fields.put(name, 1.0);
                case VALUE_FALSE -> fields.put(name, 0.0);
                case VALUE_STRING -> {
                    if (texts != null) {
                        texts.put(name, parser.getText());
                    }
                }
                case START_OBJECT, START_ARRAY -> parser.skipChildren();
                default -> { }
            }
        }
        return fields;
    }
}
