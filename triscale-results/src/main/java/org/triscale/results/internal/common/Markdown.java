package org.triscale.results.internal.common;

/**
 * Escapes user strings (test, metric, unit, label and comparison names, messages that quote them)
 * for the Markdown the product writes: {@code summary.md}, {@code summary/<test>.md} and what is
 * appended to {@code $GITHUB_STEP_SUMMARY}. A CommonMark renderer must show them as the text they
 * are, never as HTML ({@code <script>}, {@code <svg onload=...>}), links, emphasis, a code span's
 * end or a table's cell separator. Every Markdown writer goes through this class.
 *
 * <p>Inline text backslash-escapes the ASCII punctuation that starts inline markup (CommonMark
 * allows a backslash before any ASCII punctuation, which then renders as itself); line breaks
 * become spaces, so a value stays in its table cell or list item. A code span gets a fence longer
 * than any run of backticks in its content (CommonMark's rule), so the content cannot close it.
 */
public final class Markdown {
    /** The characters that start inline markup or raw HTML, or separate table cells. */
    private static final String SPECIAL = "\\`*_[]<>&|~!";

    private Markdown() {
    }

    /**
     * A user string as inline Markdown text: one line, every markup character escaped.
     *
     * @param text the text, may be null
     * @return the escaped text; {@code "null"} for null
     */
    public static String text(String text) {
        String line = oneLine(text);
        StringBuilder escaped = new StringBuilder(line.length() + 8);
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (SPECIAL.indexOf(c) >= 0) {
                escaped.append('\\');
            }
            escaped.append(c);
        }
        return escaped.toString();
    }

    /**
     * A user string as a code span, on one line: shown literally, with a fence its content cannot
     * close. Not for table cells (a pipe there still separates cells): use {@link #text} there.
     *
     * @param text the text, may be null
     * @return the code span
     */
    public static String code(String text) {
        String line = oneLine(text);
        String fence = "`".repeat(longestRun(line, '`') + 1);
        // A space on each side when the content starts or ends with a backtick (or is blank), as CommonMark strips one.
        boolean pad = line.isBlank() || line.startsWith("`") || line.endsWith("`");
        return fence + (pad ? " " : "") + line + (pad ? " " : "") + fence;
    }

    /**
     * The fence of a fenced code block for this content: more backticks than any run in it (at
     * least three), so no line of the content closes the block.
     *
     * @param content the block's content
     * @return the fence
     */
    public static String fence(String content) {
        return "`".repeat(Math.max(3, longestRun(content == null ? "" : content, '`') + 1));
    }

    private static String oneLine(String text) {
        return String.valueOf(text).replace("\r\n", " ").replace('\r', ' ').replace('\n', ' ').replace('\0', '\uFFFD');
    }

    private static int longestRun(String text, char c) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == c ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
