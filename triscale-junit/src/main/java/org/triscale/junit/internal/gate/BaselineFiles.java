package org.triscale.junit.internal.gate;

import org.triscale.junit.internal.output.AtomicFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads and writes baseline files: one {@link SequelRecord} per test method, indented JSON,
 * written atomically (temporary file moved into place). Reading never modifies the file.
 */
public final class BaselineFiles {
    /** Largest baseline file read, in bytes. */
    public static final long MAX_BYTES = 16L * 1024 * 1024;

    private BaselineFiles() {
    }

    /**
     * Reads a baseline file.
     *
     * @param file the file
     * @return the record, validated
     * @throws InvalidRecordException if the file is too large, not JSON, from another schema version
     *                                or misses fields; the message names the file
     * @throws IOException            if the file cannot be read
     */
    public static SequelRecord read(Path file) throws IOException {
        long size = Files.size(file);
        if (size > MAX_BYTES) {
            throw new InvalidRecordException("baseline file " + file + " has " + size + " bytes, more than the "
                    + MAX_BYTES + " a baseline may have; it is not read");
        }
        String json = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        return SequelRecords.parse(json, "baseline file " + file);
    }

    /**
     * Writes a baseline file atomically, creating its folder.
     *
     * @param file   the file
     * @param record the sequel, written without its history fields
     * @throws IOException if it cannot be written; the old file, if any, is then unchanged
     */
    public static void write(Path file, SequelRecord record) throws IOException {
        byte[] json = SequelRecords.PRETTY.writeValueAsBytes(record.asBaseline());
        AtomicFiles.write(file, temp -> Files.write(temp, json));
    }
}
