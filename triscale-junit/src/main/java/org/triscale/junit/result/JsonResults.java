package org.triscale.junit.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Path;

/** Writes a {@link TestResult} as JSON, atomically, to {@code <folder>/<class>.<method>.json}. */
public final class JsonResults {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

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
}
