package org.triscale.results.internal.model;

import org.triscale.results.internal.common.AtomicFiles;
import org.triscale.results.internal.common.FileNames;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a {@link TestResult} as JSON, atomically, to {@code <folder>/<class>.<method>.json}, and
 * reads it back. Reading is defensive: no polymorphic typing, a size limit, and the
 * {@code schemaVersion} checked before anything else; unknown fields (added by later versions)
 * are ignored.
 */
public final class JsonResults {
    /** Largest result file read, in bytes. */
    public static final long MAX_BYTES = 256L * 1024 * 1024;

    /** Key of the deepest JSON nesting read from results, partial results and histories (default 64). */
    public static final String MAX_NESTING_KEY = "triscale.json.maxNestingDepth";
    /** Key of the longest JSON string read (default 16 MiB: notes and messages are far shorter). */
    public static final String MAX_STRING_KEY = "triscale.json.maxStringLength";
    /** Key of the most characters of one JSON number read (default 100). */
    public static final String MAX_NUMBER_KEY = "triscale.json.maxNumberLength";

    private static final ObjectMapper MAPPER = mapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * A mapper for files TriScale wrote and reads back, possibly damaged or hostile: bounded
     * nesting, string and number lengths (Jackson's {@code StreamReadConstraints}, raised by the
     * keys above), a key given twice refused, unknown fields (of later versions) ignored.
     *
     * @return a new mapper
     */
    public static ObjectMapper mapper() {
        return mapperBuilder().build();
    }

    /**
     * The builder of {@link #mapper()}, for a reader that adds features of its own without
     * Jackson's deprecated mutators of a built mapper.
     *
     * @return a new builder
     */
    public static com.fasterxml.jackson.databind.json.JsonMapper.Builder mapperBuilder() {
        com.fasterxml.jackson.core.JsonFactory factory = com.fasterxml.jackson.core.JsonFactory.builder()
                .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
                        .maxNestingDepth(Integer.getInteger(MAX_NESTING_KEY, 64))
                        .maxStringLength(Integer.getInteger(MAX_STRING_KEY, 16 << 20))
                        .maxNumberLength(Integer.getInteger(MAX_NUMBER_KEY, 100)).build())
                .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        return com.fasterxml.jackson.databind.json.JsonMapper.builder(factory)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS); // an enum is its text, not an index
    }

    /** Longest invalid value a message quotes; a longer one is cut (a hostile file could hold anything). */
    static final int MAX_QUOTED = 40;

    /**
     * Why a file is not valid JSON of the expected shape, with its line and column, without
     * echoing the file's content (a token of a hostile file could hold anything) beyond an
     * enumerated field's invalid value, quoted short and printable, with the values it may hold:
     * {@code the field series[2].stopReason is "done"; expected decided, precision or maxCount}.
     *
     * @param file the file
     * @param e    Jackson's error
     * @param what what the file should be, e.g. "a TriScale result"
     * @return the error to throw
     */
    public static IOException unreadable(Path file, com.fasterxml.jackson.core.JsonProcessingException e, String what) {
        com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
        String where = at == null || at.getLineNr() < 1 ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr();
        String why;
        if (e instanceof com.fasterxml.jackson.core.exc.StreamConstraintsException) {
            why = e.getOriginalMessage() + " (raise with -D" + MAX_NESTING_KEY + ", -D" + MAX_STRING_KEY + " or -D"
                    + MAX_NUMBER_KEY + ")";
        } else if (e instanceof com.fasterxml.jackson.databind.exc.InvalidFormatException format
                && format.getTargetType() != null && format.getTargetType().isEnum() && !format.getPath().isEmpty()) {
            why = "the field " + path(format.getPath()) + " is " + quoted(format.getValue()) + "; expected "
                    + texts(format.getTargetType());
        } else if (e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException mismatch) {
            why = "a value has the wrong type or form at " + (mismatch.getPath().isEmpty() ? "the top" : path(mismatch.getPath()));
        } else if (e instanceof com.fasterxml.jackson.databind.exc.InvalidDefinitionException) {
            // Not the file's fault: this build cannot bind its own types (e.g. a package not open to Jackson).
            why = "TriScale could not bind its own types to it (" + e.getOriginalMessage() + "); please report this";
        } else if (String.valueOf(e.getOriginalMessage()).startsWith("Duplicate field")) {
            why = "a key is given twice in one object";
        } else {
            why = "malformed JSON";
        }
        return new IOException(file + where + ": not " + what + ": " + why, e);
    }

    private JsonResults() {
    }

    /**
     * A path of Jackson's references as messages write it, e.g. {@code series[2].stopReason}.
     *
     * @param path the references, outermost first
     * @return the path's text
     */
    public static String path(List<com.fasterxml.jackson.databind.JsonMappingException.Reference> path) {
        StringBuilder text = new StringBuilder();
        for (com.fasterxml.jackson.databind.JsonMappingException.Reference step : path) {
            if (step.getFieldName() == null) {
                text.append('[').append(step.getIndex()).append(']');
            } else {
                text.append(text.length() == 0 ? "" : ".").append(step.getFieldName());
            }
        }
        return text.toString();
    }

    /** An invalid value as a message quotes it: at most {@link #MAX_QUOTED} characters, printable ASCII. */
    private static String quoted(Object value) {
        if (!(value instanceof String text)) {
            return String.valueOf(value);
        }
        StringBuilder quoted = new StringBuilder("\"");
        for (int i = 0; i < Math.min(text.length(), MAX_QUOTED); i++) {
            char c = text.charAt(i);
            quoted.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return quoted.append(text.length() > MAX_QUOTED ? "…\" (" + text.length() + " characters)" : "\"").toString();
    }

    /**
     * The values an enum is written as (its constants' {@code @JsonProperty}, else their names), as
     * a message lists them: {@code A or B}, {@code A, B or C}.
     *
     * @param type an enum
     * @return its values as the files hold them, listed
     */
    public static String texts(Class<?> type) {
        Object[] constants = type.getEnumConstants();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < constants.length; i++) {
            String name = ((Enum<?>) constants[i]).name();
            com.fasterxml.jackson.annotation.JsonProperty written;
            try {
                written = type.getField(name).getAnnotation(com.fasterxml.jackson.annotation.JsonProperty.class);
            } catch (NoSuchFieldException impossible) { // every constant is a public field of its enum
                throw new IllegalStateException(impossible);
            }
            text.append(i == 0 ? "" : i == constants.length - 1 ? " or " : ", ")
                    .append(written == null || written.value().isEmpty() ? name : written.value());
        }
        return text.toString();
    }

    /**
     * The file name of a test method's result.
     *
     * @param testClass  fully qualified class name
     * @param testMethod method name
     * @return {@code <class>.<method>.json}
     */
    public static String fileName(String testClass, String testMethod) {
        return FileNames.stem(testClass + "." + testMethod) + ".json";
    }

    /**
     * Writes the result.
     *
     * @param result the result
     * @param folder the folder, created if needed
     * @return the file written
     * @throws IOException if the file cannot be written
     */
    public static Path write(TestResult result, Path folder) throws IOException {
        Path file = FileNames.inside(folder, fileName(result.testClass(), result.testKey()));
        AtomicFiles.write(file, temp -> MAPPER.writeValue(temp.toFile(), result));
        return file;
    }

    /**
     * Reads a result written by {@link #write(TestResult, Path)}.
     *
     * @param file the JSON file
     * @return the result
     * @throws IOException if the file cannot be read, is larger than {@link #MAX_BYTES}, is not a
     *                     result, or has another schema version
     */
    public static TestResult read(Path file) throws IOException {
        long size = Files.size(file);
        if (size > MAX_BYTES) {
            throw new IOException(file + " has " + size + " bytes, more than the " + MAX_BYTES
                    + " a TriScale result may have; it is not read");
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw unreadable(file, e, "a TriScale result");
        }
        JsonNode version = tree == null ? null : tree.get("schemaVersion");
        if (version == null || !version.canConvertToInt()) {
            throw new IOException(file + " is not a TriScale result: it has no integer schemaVersion");
        }
        if (version.asInt() != TestResult.SCHEMA_VERSION) {
            throw new IOException(file + " has schemaVersion " + version.asInt() + "; this version reads "
                    + TestResult.SCHEMA_VERSION + ". Use the matching TriScale version, or rerun the test");
        }
        TestResult result;
        try {
            result = MAPPER.treeToValue(tree, TestResult.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw unreadable(file, e, "a TriScale result");
        }
        ResultChecks.check(result, file);
        return result;
    }
}
