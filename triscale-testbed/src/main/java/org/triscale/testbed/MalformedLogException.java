package org.triscale.testbed;

import org.apiguardian.api.API;

import java.nio.file.Path;

/**
 * A log or data file that cannot be read: the message names the file and, where known, the line,
 * says what is wrong, and how the file should look.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class MalformedLogException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception for a place in a file.
     *
     * @param file the file
     * @param line the 1-based line, or 0 when not known
     * @param what what is wrong
     */
    public MalformedLogException(Path file, long line, String what) {
        super(file + (line > 0 ? ":" + line : "") + ": " + what);
    }

    /**
     * Creates the exception for a place in a file, with the underlying error.
     *
     * @param file  the file
     * @param line  the 1-based line, or 0 when not known
     * @param what  what is wrong
     * @param cause the underlying error
     */
    public MalformedLogException(Path file, long line, String what, Throwable cause) {
        super(file + (line > 0 ? ":" + line : "") + ": " + what, cause);
    }
}
