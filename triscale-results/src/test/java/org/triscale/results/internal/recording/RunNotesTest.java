package org.triscale.results.internal.recording;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A run's notes: bounded in number and size, named without control characters, their texts
 * cleaned of what an XML report cannot hold, and their excerpt in a failure message one line.
 */
class RunNotesTest {

    @Test
    void notesAreKeptByNameInTheOrderOfTheirNamesAndANameMayBeReused() {
        RunNotes notes = new RunNotes();
        notes.put("stderr", "first");
        notes.put("cpu", "0.5");
        notes.put("stderr", "second");

        assertThat(notes.entries()).containsExactly(Map.entry("cpu", "0.5"), Map.entry("stderr", "second"));
        assertThatThrownBy(() -> notes.entries().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aBadNameIsRefusedNamingWhatIsWrongWithControlCharactersShownAsQuestionMarks() {
        RunNotes notes = new RunNotes();

        assertThatThrownBy(() -> notes.put(null, "x")).hasMessage("note(null, ...): the name must be 1 to 100"
                + " characters without control characters, e.g. \"stderr\"");
        assertThatThrownBy(() -> notes.put(" ", "x")).hasMessage("note(\" \", ...): the name must be 1 to 100"
                + " characters without control characters, e.g. \"stderr\"");
        assertThatThrownBy(() -> notes.put("std\u0007err", "x")).hasMessage("note(\"std?err\", ...): the name must be"
                + " 1 to 100 characters without control characters (found U+0007 at position 4), e.g. \"stderr\"");
        assertThatThrownBy(() -> notes.put("x".repeat(101), "x")).hasMessageStartingWith("note(\"xxx")
                .hasMessageContaining("the name must be 1 to 100 characters");
        notes.put("x".repeat(100), "the longest name");
        assertThat(notes.entries()).hasSize(1);
    }

    @Test
    void aNullTextIsRefusedAndAnEmptyOneKept() {
        RunNotes notes = new RunNotes();

        assertThatThrownBy(() -> notes.put("stderr", null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("note(\"stderr\", null): the text is null; give a text, empty if there is nothing to say");
        notes.put("stderr", "");
        assertThat(notes.entries()).containsEntry("stderr", "");
    }

    @Test
    void aRunHasAtMost32NotesButMayStillReplaceOne() {
        RunNotes notes = new RunNotes();
        for (int i = 0; i < RunNotes.MAX_NOTES; i++) {
            notes.put(String.format("n%02d", i), "v");
        }

        assertThatThrownBy(() -> notes.put("one-more", "v")).hasMessageStartingWith("note(\"one-more\", ...): the run"
                        + " already has 32 notes (n00, n01, ")
                .hasMessageEndingWith(", n31); reuse a name or combine notes");
        notes.put("n05", "replaced");
        assertThat(notes.entries()).hasSize(32).containsEntry("n05", "replaced");
    }

    @Test
    void cleaningKeepsLineBreaksTabsAndPairsAndReplacesWhatXmlCannotHold() {
        assertThat(RunNotes.clean("a\tb\nc")).isEqualTo("a\tb\nc");
        assertThat(RunNotes.clean("a\r\nb")).isEqualTo("a\nb");
        assertThat(RunNotes.clean("10%\r20%\r")).isEqualTo("10%\n20%\n");
        assertThat(RunNotes.clean("bell\u0007 nul\u0000 \uFFFE\uFFFF")).isEqualTo("bell\uFFFD nul\uFFFD \uFFFD\uFFFD");
        assertThat(RunNotes.clean("emoji \uD83D\uDE00 broken \uD83D end \uDE00")).isEqualTo(
                "emoji \uD83D\uDE00 broken \uFFFD end \uFFFD");
        assertThat(RunNotes.clean("<tag attr=\"&\">")).isEqualTo("<tag attr=\"&\">");
    }

    @Test
    void aLongTextKeepsItsEndBehindAMarkAndStaysWithinTheLimit() {
        String text = "head " + "x".repeat(RunNotes.MAX_TEXT) + " tail";

        String kept = RunNotes.clean(text);

        assertThat(kept).hasSize(RunNotes.MAX_TEXT).startsWith("[...]x").endsWith("x tail");
        assertThat(RunNotes.clean("y".repeat(RunNotes.MAX_TEXT))).isEqualTo("y".repeat(RunNotes.MAX_TEXT));
    }

    @Test
    void theExcerptIsOneLineWithTheEndOfEachNote() {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("cpu", "  load\n 0.93\t ");
        notes.put("stderr", "start " + "z".repeat(300) + " Killed");

        String excerpt = RunNotes.excerpt(notes);

        assertThat(excerpt).isEqualTo(" [notes: cpu: load 0.93; stderr: ..." + "z".repeat(193) + " Killed]");
        assertThat(excerpt).doesNotContain("\n").doesNotContain("\t");
        assertThat(RunNotes.excerpt(Map.of())).isEmpty();
    }
}
