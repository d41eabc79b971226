package org.triscale.testbed;

import org.apiguardian.api.API;

import java.nio.file.Path;

/**
 * A log or data file that cannot be read: the message names the file and, where known, the line,
 * says what is wrong, and how the file should look. Whatever of the file it quotes, every control
 * character (a NUL, an escape, a line break), U+FFFE, U+FFFF and half a surrogate pair is shown as
 * <code>&#92;uXXXX</code>, so a log line holding a NUL reads visibly and none reaches a terminal.
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
        super(visible(file + (line > 0 ? ":" + line : "") + ": " + what));
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
        super(visible(file + (line > 0 ? ":" + line : "") + ": " + what), cause);
    }

    private static String visible(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.append(c).append(text.charAt(++i));
            } else if (Character.isISOControl(c) || c == '\uFFFE' || c == '\uFFFF' || Character.isSurrogate(c)) {
                out.append(String.format(java.util.Locale.ROOT, "\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
