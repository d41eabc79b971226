package org.triscale.docs;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CHANGELOG.md stays release notes a user reads before upgrading: one line per user-visible
 * change, short lines, a short file. The development detail belongs to the git history.
 */
class ChangelogTest {
    /** The longest the whole file may be, in characters. */
    static final int MAX_CHARACTERS = 25_000;
    /** The longest one line may be, in characters. */
    static final int MAX_LINE = 300;

    @Test
    void theChangelogIsReleaseNotes() throws Exception {
        String text = Files.readString(DocsPages.ROOT.resolve("CHANGELOG.md"), StandardCharsets.UTF_8);
        assertThat(text.length()).as("characters of CHANGELOG.md (move detail to the commit messages)")
                .isLessThanOrEqualTo(MAX_CHARACTERS);
        List<String> longLines = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].codePointCount(0, lines[i].length()) > MAX_LINE) {
                longLines.add("CHANGELOG.md:" + (i + 1) + " has " + lines[i].length() + " characters");
            }
        }
        assertThat(longLines).as("lines over %d characters: one change per line, said briefly", MAX_LINE).isEmpty();
        assertThat(text).doesNotContain("Internal:");
    }
}
