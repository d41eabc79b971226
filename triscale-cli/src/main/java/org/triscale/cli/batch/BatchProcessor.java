package org.triscale.cli.batch;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;

/**
 * Runs the batch protocol: one JSON request per line in, one JSON response per line out, in
 * order and flushed per line. Blank lines are skipped. A line that cannot be answered (bad JSON,
 * unknown op, missing field, invalid value) gets {@code {"id": <id or null>, "error": "<one line>"}}
 * and the next line is answered as usual.
 */
public final class BatchProcessor {
    private static final ObjectReader READER = Json.MAPPER.reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);

    /**
     * Default longest request line, in characters: 16 Mi, room for about 800,000 numbers, and
     * held with its parsed tree in well under 256 MB of heap.
     */
    public static final int DEFAULT_MAX_LINE_LENGTH = 16 * 1024 * 1024;

    private final BatchOps ops;
    private final int maxLineLength;

    /**
     * Creates a processor with the {@linkplain #DEFAULT_MAX_LINE_LENGTH default line limit}.
     *
     * @param ops the operations to offer
     */
    public BatchProcessor(BatchOps ops) {
        this(ops, DEFAULT_MAX_LINE_LENGTH);
    }

    /**
     * Creates a processor.
     *
     * @param ops           the operations to offer
     * @param maxLineLength longest request line in characters, at least 1; a longer line gets an
     *                      error response and is not held in memory
     * @throws IllegalArgumentException if {@code maxLineLength} is below 1
     */
    public BatchProcessor(BatchOps ops, int maxLineLength) {
        if (maxLineLength < 1) {
            throw new IllegalArgumentException("the maximum line length must be >= 1 character, got " + maxLineLength);
        }
        this.ops = ops;
        this.maxLineLength = maxLineLength;
    }

    /**
     * Answers every line of {@code in} on {@code out} until the end of the input.
     *
     * @param in  the requests, one per line
     * @param out where the responses go
     * @return the number of responses written
     * @throws IOException if reading fails, or if writing fails (a closed standard output): then
     *                     no further request is read
     */
    public long run(Reader in, PrintWriter out) throws IOException {
        RequestLines lines = new RequestLines(in, maxLineLength);
        long answered = 0;
        RequestLines.Line line;
        while ((line = lines.next()) != null) {
            String response;
            if (line.tooLong()) {
                response = error(null, "request line " + line.number() + " has " + line.length()
                        + " characters, more than the limit of " + maxLineLength + "; split the request (or raise"
                        + " the limit with --max-line-length)");
            } else if (line.text().isBlank()) {
                continue;
            } else {
                response = answer(line.text());
            }
            out.println(response);
            // PrintWriter keeps write errors to itself: without this check a closed output would
            // be computed for until the input ends, and the exit code would say success.
            if (out.checkError()) {
                throw new IOException("cannot write the response to request line " + line.number()
                        + " (is the output closed?); stopped after " + answered + " response(s)");
            }
            answered++;
        }
        return answered;
    }

    /**
     * Answers one request.
     *
     * @param line one JSON object
     * @return the response, one line of JSON
     */
    public String answer(String line) {
        JsonNode request;
        try {
            request = READER.readTree(line);
        } catch (JsonProcessingException e) {
            JsonLocation where = e.getLocation();
            String column = where == null || where.getColumnNr() < 0 ? "" : " at column " + where.getColumnNr();
            return error(null, "invalid JSON" + column + ": " + e.getOriginalMessage());
        }
        if (request == null || !request.isObject()) {
            return error(null, "a request must be a JSON object {\"id\": ..., \"op\": ..., ...}");
        }
        JsonNode id = request.has("id") ? exactId(request.get("id"), line) : NullNode.getInstance();
        try {
            ObjectNode response = Json.object();
            response.set("id", id);
            response.setAll(apply(new BatchRequest((ObjectNode) request)));
            return Json.write(response);
        } catch (IllegalArgumentException e) {
            return error(id, e.getMessage());
        } catch (RuntimeException e) {
            // Bad input no check foresaw (or a bug): still one line naming it, and the next request is answered.
            return error(id, "cannot process the request: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")") + "; the request is of an unexpected"
                    + " form: check it (if it is sound, please report this message)");
        }
    }

    private ObjectNode apply(BatchRequest request) {
        if (request.has("dataset")) {
            throw new IllegalArgumentException("field 'dataset' is not supported in batch; give the values inline "
                    + "(x, y or data)");
        }
        String op = request.text("op");
        BatchOp batchOp = ops.find(op).orElseThrow(() -> new IllegalArgumentException("unknown op \"" + op
                + "\"; known ops: " + String.join(", ", ops.names())));
        return batchOp.apply(request);
    }

    /**
     * The id as the request wrote it. A number with a fraction or an exponent is held as a double,
     * which would turn {@code 1e400} into Infinity (written {@code "Infinity"}) and
     * {@code 0.10000000000000000001} into {@code 0.1}: such an id is echoed with its own digits.
     */
    static JsonNode exactId(JsonNode id, String line) {
        if (!id.isFloatingPointNumber()) {
            return id; // integers are held exactly (as BigInteger beyond long); strings and the rest as given
        }
        try (JsonParser parser = Json.MAPPER.createParser(line)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return id;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("id")) {
                    return value == JsonToken.VALUE_NUMBER_FLOAT ? new RawNumberNode(parser.getText()) : id;
                }
                parser.skipChildren();
            }
        } catch (IOException e) {
            // The line parsed once already; keep the parsed id.
        }
        return id;
    }

    /** A JSON number written with the digits it was read with (a valid JSON number token). */
    private static final class RawNumberNode extends com.fasterxml.jackson.databind.node.ValueNode {
        private static final long serialVersionUID = 1L;
        private final String text;

        RawNumberNode(String text) {
            this.text = text;
        }

        @Override
        public JsonToken asToken() {
            return JsonToken.VALUE_NUMBER_FLOAT;
        }

        @Override
        public com.fasterxml.jackson.databind.node.JsonNodeType getNodeType() {
            return com.fasterxml.jackson.databind.node.JsonNodeType.NUMBER;
        }

        @Override
        public String asText() {
            return text;
        }

        @Override
        public void serialize(com.fasterxml.jackson.core.JsonGenerator generator,
                              com.fasterxml.jackson.databind.SerializerProvider provider) throws IOException {
            generator.writeNumber(text);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof RawNumberNode raw && raw.text.equals(text);
        }

        @Override
        public int hashCode() {
            return text.hashCode();
        }
    }

    private static String error(JsonNode id, String message) {
        ObjectNode response = Json.object();
        response.set("id", id == null ? NullNode.getInstance() : id);
        response.put("error", oneLine(message));
        return Json.write(response);
    }

    static String oneLine(String message) {
        return message == null ? "unknown error" : message.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
