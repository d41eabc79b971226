package org.triscale.results.internal.gate;

import org.triscale.results.internal.common.InvalidRecordException;
import org.triscale.results.internal.common.AtomicFiles;

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
        if (Files.isDirectory(file)) {
            throw new IOException("baseline file " + file + " is a directory; name a file in @Baseline(file), or"
                    + " move the directory away");
        }
        // A baseline folder given by configuration may be restored by a cache: no link out of it is followed.
        Path open = org.triscale.results.internal.common.FileNames.notLinkedOut(file, "baseline file");
        long size;
        byte[] bytes;
        try {
            size = Files.size(open);
            bytes = size > MAX_BYTES ? null : readNoFollow(open);
        } catch (IOException e) {
            // Some reasons ("Is a directory", "Permission denied") come without the file's name.
            throw new IOException("baseline file " + file + " cannot be read (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + ")", e);
        }
        if (bytes == null) {
            throw new InvalidRecordException("baseline file " + file + " has " + size + " bytes, more than the "
                    + MAX_BYTES + " a baseline may have; it is not read");
        }
        return SequelRecords.parse(new String(bytes, StandardCharsets.UTF_8), "baseline file " + file);
    }

    private static byte[] readNoFollow(Path file) throws IOException {
        try (java.io.InputStream in = Files.newInputStream(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return in.readNBytes((int) MAX_BYTES + 1);
        }
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
