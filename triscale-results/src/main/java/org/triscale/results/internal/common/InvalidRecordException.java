package org.triscale.results.internal.common;

import java.io.IOException;

/** A baseline file or history line that cannot be used; the message names the file and what is wrong. */
public final class InvalidRecordException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong, naming the file
     */
    public InvalidRecordException(String message) {
        super(message);
    }

    /**
     * Creates the exception with its cause.
     *
     * @param message what is wrong, naming the file
     * @param cause   the parser's exception
     */
    public InvalidRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
