package org.triscale.cli.csv;

/**
 * A CSV file that cannot be read as numeric columns: missing, unreadable, malformed, or with a
 * cell that is not a number. The message is one line naming the file and, where known, the line
 * and the column.
 */
public final class CsvDataException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message one-line description
     */
    public CsvDataException(String message) {
        super(message);
    }

    /**
     * Creates the exception with its cause.
     *
     * @param message one-line description
     * @param cause   the underlying error
     */
    public CsvDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
