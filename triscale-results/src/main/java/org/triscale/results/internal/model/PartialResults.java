package org.triscale.results.internal.model;

import org.triscale.results.internal.common.AtomicFiles;
import org.triscale.results.internal.common.FileNames;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a {@link PartialResult} atomically to
 * {@code <folder>/partial/<class>.<method>.shard-<k>-of-<K>.partial.json} and reads it back. The
 * name holds the shard, so that the shards' files never collide when their artifacts are unpacked
 * into one folder, and ends in {@code .partial.json}, so that it is never taken for a full result.
 * Reading is as defensive as for full results: a size limit, the {@code partialSchemaVersion}
 * checked first, no polymorphic typing.
 */
public final class PartialResults {
    /** The end of every partial result's file name. */
    public static final String SUFFIX = ".partial.json";
    /** The subfolder of {@code triscale.output.dir} that holds the partial results. */
    public static final String FOLDER = "partial";

    private static final ObjectMapper MAPPER = JsonResults.mapper().enable(SerializationFeature.INDENT_OUTPUT);

    private PartialResults() {
    }

    /**
     * The file name of a shard's partial result.
     *
     * @param testClass  fully qualified class name
     * @param testMethod method name
     * @param index      k
     * @param count      K
     * @return {@code <class>.<method>.shard-<k>-of-<K>.partial.json}
     */
    public static String fileName(String testClass, String testMethod, int index, int count) {
        return FileNames.stem(testClass + "." + testMethod) + ".shard-" + index + "-of-" + count + SUFFIX;
    }

    /**
     * Writes the partial result.
     *
     * @param result       the partial result
     * @param outputFolder the folder of the results ({@code triscale.output.dir}); the file goes to its
     *                     {@value #FOLDER} subfolder, created if needed
     * @return the file written
     * @throws IOException if the file cannot be written
     */
    public static Path write(PartialResult result, Path outputFolder) throws IOException {
        Path file = FileNames.inside(outputFolder.resolve(FOLDER), fileName(result.testClass(), result.testKey(),
                result.shard().index(), result.shard().count()));
        AtomicFiles.write(file, temp -> MAPPER.writeValue(temp.toFile(), result));
        return file;
    }

    /**
     * Reads a partial result.
     *
     * @param file the file
     * @return the partial result
     * @throws IOException if the file cannot be read, is too large, is not a partial result, or has
     *                     another version
     */
    public static PartialResult read(Path file) throws IOException {
        long size = Files.size(file);
        if (size > JsonResults.MAX_BYTES) {
            throw new IOException(file + " has " + size + " bytes, more than the " + JsonResults.MAX_BYTES
                    + " a TriScale result may have; it is not read");
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw JsonResults.unreadable(file, e, "a partial TriScale result");
        }
        JsonNode version = tree == null ? null : tree.get("partialSchemaVersion");
        if (version == null || !version.canConvertToInt()) {
            throw new IOException(file + " is not a partial TriScale result: it has no integer partialSchemaVersion"
                    + (tree != null && tree.has("schemaVersion") ? " (it is a full result: a verdict, not a shard)"
                    : ""));
        }
        if (version.asInt() != PartialResult.SCHEMA_VERSION) {
            throw new IOException(file + " has partialSchemaVersion " + version.asInt() + "; this version reads "
                    + PartialResult.SCHEMA_VERSION + ". Merge with the TriScale version that ran the shards");
        }
        PartialResult result;
        try {
            result = MAPPER.treeToValue(tree, PartialResult.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw JsonResults.unreadable(file, e, "a partial TriScale result");
        }
        ResultChecks.check(result, file);
        return result;
    }
}
