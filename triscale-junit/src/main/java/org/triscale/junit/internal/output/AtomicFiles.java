package org.triscale.junit.internal.output;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes files atomically: to a temporary file in the same folder, then moved into place. */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes content to a file. */
    @FunctionalInterface
    public interface Writer {
        /**
         * Writes the content.
         *
         * @param file the (temporary) file to write
         * @throws Exception if writing fails
         */
        void write(Path file) throws Exception;
    }

    /**
     * Writes {@code target} atomically, creating its folder if needed. Readers see the old file or
     * the new one, never a half-written one; the temporary file is removed on failure.
     *
     * @param target the file to write
     * @param writer writes the content into the path it is given
     * @throws IOException if the folder cannot be created or the file cannot be written
     */
    public static void write(Path target, Writer writer) throws IOException {
        Path folder = target.toAbsolutePath().getParent();
        Files.createDirectories(folder);
        Path temp = Files.createTempFile(folder, "." + target.getFileName(), ".tmp");
        try {
            writer.write(temp);
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        } catch (Exception e) {
            Files.deleteIfExists(temp);
            throw new IOException("could not write " + target + ": " + e.getMessage(), e);
        }
    }
}
