package org.triscale.results.internal.recording;

import org.triscale.results.internal.common.Limits;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The notes of one run ({@code RunContext.note}): bounded in number and size, each text cleaned
 * of the control characters that JSON escapes but XML reports cannot hold.
 */
public final class RunNotes {
    /**
     * The note of a run that the host, not the test bed, may have limited (a Linux test bed whose
     * CPU was saturated while its flows stayed below the bottleneck): the verdict names such runs.
     */
    public static final String HOST_LIMITED = "host-limited";
    static final int MAX_NOTES = 32;
    static final int MAX_NAME = 100;
    static final int MAX_TEXT = 4_096;
    /** How much of each note a failure message shows. */
    static final int EXCERPT = 200;
    private static final String CUT = "[...]";

    private final Map<String, String> notes = new TreeMap<>();

    public void put(String name, String text) {
        String invalid = name == null ? null : Limits.invalidCharacter(name);
        if (name == null || name.isBlank() || name.length() > MAX_NAME || invalid != null) {
            throw new IllegalArgumentException("note(" + (name == null ? "null" : "\""
                    + name.replaceAll("\\p{Cntrl}", "?") + "\"") + ", ...): the name must be 1 to " + MAX_NAME
                    + " characters without control characters" + (invalid == null ? "" : " (found " + invalid + ")")
                    + ", e.g. \"stderr\"");
        }
        if (text == null) {
            throw new IllegalArgumentException("note(\"" + name + "\", null): the text is null; give a text, "
                    + "empty if there is nothing to say");
        }
        if (!notes.containsKey(name) && notes.size() == MAX_NOTES) {
            throw new IllegalArgumentException("note(\"" + name + "\", ...): the run already has " + MAX_NOTES
                    + " notes (" + String.join(", ", notes.keySet()) + "); reuse a name or combine notes");
        }
        notes.put(name, clean(text));
    }

    /** The notes by name, in the order of their names. */
    public Map<String, String> entries() {
        return Collections.unmodifiableMap(new TreeMap<>(notes));
    }

    /** Keeps line breaks and tabs, replaces other control characters and broken surrogate pairs, keeps the end. */
    static String clean(String text) {
        String kept = text.length() <= MAX_TEXT ? text : CUT + text.substring(text.length() - MAX_TEXT + CUT.length());
        StringBuilder out = new StringBuilder(kept.length());
        for (int i = 0; i < kept.length(); i++) {
            char c = kept.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < kept.length() && Character.isLowSurrogate(kept.charAt(i + 1))) {
                out.append(c).append(kept.charAt(++i));
            } else if (c == '\n' || c == '\t' || !(Character.isISOControl(c) || Character.isSurrogate(c)
                    || c == 0xFFFE || c == 0xFFFF)) {
                out.append(c);
            } else if (c == '\r') {
                // "\r\n" is one line break; a lone '\r' (a progress bar's) becomes one.
                if (i + 1 == kept.length() || kept.charAt(i + 1) != '\n') {
                    out.append('\n');
                }
            } else {
                out.append('\uFFFD');
            }
        }
        return out.toString();
    }

    /**
     * The notes for a failure message, on one line: {@code " [notes: stderr: ...end of the text]"},
     * each text's last {@value #EXCERPT} characters with white space runs as one space; empty
     * without notes.
     */
    public static String excerpt(Map<String, String> notes) {
        if (notes.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder(" [notes: ");
        boolean first = true;
        for (Map.Entry<String, String> note : notes.entrySet()) {
            String oneLine = note.getValue().strip().replaceAll("\\s+", " ");
            String end = oneLine.length() <= EXCERPT ? oneLine : "..." + oneLine.substring(oneLine.length() - EXCERPT);
            text.append(first ? "" : "; ").append(note.getKey()).append(": ").append(end);
            first = false;
        }
        return text.append(']').toString();
    }
}
