package org.triscale.junit.internal.output;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a {@link TestResult} as JSON, atomically, to {@code <folder>/<class>.<method>.json}, and
 * reads it back. Reading is defensive: no polymorphic typing, a size limit, and the
 * {@code schemaVersion} checked before anything else; unknown fields (added by later versions)
 * are ignored.
 */
public final class JsonResults {
    /** Largest result file read, in bytes. */
    public static final long MAX_BYTES = 256L * 1024 * 1024;

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private JsonResults() {
    }

    /**
     * The file name of a test method's result.
     *
     * @param testClass  fully qualified class name
     * @param testMethod method name
     * @return {@code <class>.<method>.json}
     */
    public static String fileName(String testClass, String testMethod) {
        return testClass + "." + testMethod + ".json";
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
        Path file = folder.resolve(fileName(result.testClass(), result.testMethod()));
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
        JsonNode tree = MAPPER.readTree(file.toFile());
        JsonNode version = tree == null ? null : tree.get("schemaVersion");
        if (version == null || !version.canConvertToInt()) {
            throw new IOException(file + " is not a TriScale result: it has no integer schemaVersion");
        }
        if (version.asInt() != TestResult.SCHEMA_VERSION) {
            throw new IOException(file + " has schemaVersion " + version.asInt() + "; this version reads "
                    + TestResult.SCHEMA_VERSION + ". Use the matching TriScale version, or rerun the test");
        }
        return MAPPER.treeToValue(tree, TestResult.class);
    }
}
