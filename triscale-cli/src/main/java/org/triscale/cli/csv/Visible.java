package org.triscale.cli.csv;

/**
 * Input text as an error message shows it: every character a terminal or a log would not show as
 * itself — C0 and C1 controls (NUL, ESC, a line break), DEL, the non-characters U+FFFE and U+FFFF,
 * half a surrogate pair and the bidirectional controls that reorder what follows — is written as
 * <code>&#92;uXXXX</code>, so a cell holding a NUL reads <code>'&#92;u0000'</code>, not an empty-looking {@code ''},
 * and no input can move the cursor or recolour the terminal.
 */
public final class Visible {
    /** The most characters of an input an error message shows before "...". */
    public static final int MAX_SHOWN = 40;

    private Visible() {
    }

    /**
     * @param text input text, or null
     * @return the text with every invisible character as <code>&#92;uXXXX</code>; "null" for null
     */
    public static String of(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
            if (pair) {
                out.append(c).append(text.charAt(++i));
            } else if (invisible(c)) {
                out.append(String.format(java.util.Locale.ROOT, "\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * As {@link #of(String)}, cut after {@value #MAX_SHOWN} characters of the input (never inside
     * an escape) with "..." added.
     *
     * @param text input text, or null
     * @return the visible text, at most {@value #MAX_SHOWN} input characters of it
     */
    public static String shortened(String text) {
        if (text == null || text.codePointCount(0, text.length()) <= MAX_SHOWN) {
            return of(text);
        }
        return of(text.substring(0, text.offsetByCodePoints(0, MAX_SHOWN - 3))) + "...";
    }

    private static boolean invisible(char c) {
        return Character.isISOControl(c) || c == '\uFFFE' || c == '\uFFFF' || Character.isSurrogate(c)
                || c == '\u200E' || c == '\u200F' || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }
}
