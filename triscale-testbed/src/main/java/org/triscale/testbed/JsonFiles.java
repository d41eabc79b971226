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
    /**
     * Bounded: nesting, string and number lengths ({@link Limits}). Keys given twice are refused
     * by the readers in the objects whose values they use ({@link #flatObject}, {@link #once}), not
     * by the parser: iperf 3.x itself writes {@code sock_bufsize} twice in {@code "start"}.
     */
    static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Limits.MAX_STRING)
                    .maxNestingDepth(Limits.MAX_NESTING).maxNumberLength(Limits.MAX_NUMBER_LENGTH).build())
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
        return flatObject(parser, file, texts, true);
    }

    /** As {@link #flatObject(JsonParser, Path, Map)}; {@code strict}: a key given twice is an error. */
    static Map<String, Double> flatObject(JsonParser parser, Path file, Map<String, String> texts, boolean strict)
            throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw new MalformedLogException(file, line(parser), "expected a JSON object, found " + parser.currentToken());
        }
        Map<String, Double> fields = new HashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            if (strict && (fields.containsKey(name) || texts != null && texts.containsKey(name))) {
                throw twice(parser, file, name);
            }
            JsonToken value = parser.nextToken();
            switch (value) {
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> fields.put(name, finite(parser, file, name));
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

    /** Adds a key to those seen in one object; a key seen before is refused (the last would win silently). */
    static void once(java.util.Set<String> seen, JsonParser parser, Path file) throws IOException {
        if (!seen.add(parser.currentName())) {
            throw twice(parser, file, parser.currentName());
        }
    }

    private static MalformedLogException twice(JsonParser parser, Path file, String name) {
        return new MalformedLogException(file, line(parser), "the key \"" + (name.length() > 60
                ? name.substring(0, 57) + "..." : name) + "\" is given twice in one object; which one holds?");
    }

    /** The current number, refused when it overflows a double (e.g. {@code 1e999}). */
    static double finite(JsonParser parser, Path file, String name) throws IOException {
        double value = parser.getDoubleValue();
        if (!Double.isFinite(value)) {
            throw new MalformedLogException(file, line(parser), "\"" + name + "\" holds a number beyond the range of"
                    + " a double (" + value + ")");
        }
        return value;
    }

    /** Refuses anything after the document's one value: concatenated reports, trailing data. */
    static void end(JsonParser parser, Path file, String expected) throws IOException {
        if (parser.nextToken() != null) {
            throw new MalformedLogException(file, line(parser), "more than one JSON value: a second starts here, after"
                    + " the end of the first (JSON lines, one object per line, or concatenated reports); expected "
                    + expected + " alone (for JSON lines use --format jsonl)");
        }
    }

    /** Whether the file's first character other than white space is '{' (JSON rather than text). */
    static boolean startsWithBrace(Path file) {
        try (InputStream in = LogLines.openStream(file)) {
            int b;
            while ((b = in.read()) >= 0) {
                if (b == '{') {
                    return true;
                }
                if (b != ' ' && b != '\t' && b != '\n' && b != '\r' && b != 0xEF && b != 0xBB && b != 0xBF) {
                    return false;
                }
            }
            return false;
        } catch (IOException e) {
            throw new MalformedLogException(file, 0, "cannot read: " + e.getMessage(), e);
        }
    }

    /** The message of a JSON error: what Jackson says, without echoing more than a short token. */
    static String reason(com.fasterxml.jackson.core.JsonProcessingException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        message = message.length() > 200 ? message.substring(0, 197) + "..." : message;
        if (message.contains("String value length")) {
            message += "; raise it with -D" + Limits.STRING_KEY + "=...";
        }
        return message;
    }
}
