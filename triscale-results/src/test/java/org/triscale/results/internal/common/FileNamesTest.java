package org.triscale.results.internal.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * File names derived from a result's names stay one segment inside their folder and short enough
 * for every file system; files are never read or written through a link out of their folder.
 */
class FileNamesTest {
    @TempDir
    Path dir;

    @Test
    void ordinaryNamesAndGridCellsAreKeptAsTheyAre() {
        assertThat(FileNames.stem("org.example.CubicTest.fct")).isEqualTo("org.example.CubicTest.fct");
        assertThat(FileNames.stem("org.example.CcaTest.fct[rttMs=40,loss=+1]"))
                .isEqualTo("org.example.CcaTest.fct[rttMs=40,loss=+1]");
        assertThat(FileNames.stem("Outer$Inner.ß_測試-1")).isEqualTo("Outer$Inner.ß_測試-1");
    }

    @Test
    void separatorsControlsSpacesAndALeadingDotBecomeUnderscores() {
        assertThat(FileNames.stem("../../etc/passwd")).isEqualTo("_._.._etc_passwd");
        assertThat(FileNames.stem("a\\b c\u0000d\ne")).isEqualTo("a_b_c_d_e");
        assertThat(FileNames.stem(".hidden")).isEqualTo("_hidden");
        assertThat(FileNames.stem("")).isEqualTo("_");
        assertThat(FileNames.stem(null)).isEqualTo("_");
    }

    @Test
    void aLongStemIsCutOnACharacterAndEndsInAHashSoThatLongNamesStayDistinct() {
        String base = "測".repeat(100);
        String a = FileNames.stem(base + "a");
        String b = FileNames.stem(base + "b");

        assertThat(a.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(FileNames.MAX_STEM_BYTES);
        assertThat(a).isNotEqualTo(b).matches("(測)+-[0-9a-f]{16}");
        // The same text gives the same stem: a result is found again under its name.
        assertThat(FileNames.stem(base + "a")).isEqualTo(a);
        String exact = "x".repeat(FileNames.MAX_STEM_BYTES);
        assertThat(FileNames.stem(exact)).isEqualTo(exact);
        assertThat(FileNames.stem(exact + "y")).matches("x{163}-[0-9a-f]{16}");
    }

    @Test
    void aNameIsResolvedInsideItsFolderOrRefused() {
        assertThat(FileNames.inside(dir, "a.json")).isEqualTo(dir.resolve("a.json"));
        for (String name : new String[] {"../a.json", "sub/a.json", "..", "."}) {
            assertThatThrownBy(() -> FileNames.inside(dir, name)).as(name)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the file name '" + name + "' leaves the folder " + dir.toAbsolutePath().normalize()
                            + "; a name derived from a result must be one file name inside it");
        }
    }

    @Test
    void aLinkOutOfTheFolderIsNotReadable() throws IOException {
        Path inside = Files.createDirectories(dir.resolve("results"));
        Path secret = Files.writeString(dir.resolve("secret.json"), "{}");
        Path own = Files.writeString(inside.resolve("own.json"), "{}");
        Path out = inside.resolve("out.json");
        Path in = inside.resolve("in.json");
        Path dangling = inside.resolve("dangling.json");
        assumeTrue(link(out, secret) && link(in, own) && link(dangling, dir.resolve("none")), "no symbolic links here");

        assertThat(FileNames.readableInside(inside, own)).isTrue();
        assertThat(FileNames.readableInside(inside, in)).isTrue();
        assertThat(FileNames.readableInside(inside, out)).isFalse();
        assertThat(FileNames.readableInside(inside, dangling)).isFalse();
        assertThat(FileNames.readableInside(inside, inside.resolve("gone.json"))).isFalse();
    }

    @Test
    void aFileIsOpenedInPlaceOnlyWhenItIsNoLinkOutOfItsFolder() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("history"));
        Path target = Files.writeString(folder.resolve("real.jsonl"), "");
        Path elsewhere = Files.writeString(dir.resolve("elsewhere.jsonl"), "");
        Path in = folder.resolve("in.jsonl");
        Path out = folder.resolve("out.jsonl");
        Path dangling = folder.resolve("dangling.jsonl");
        assumeTrue(link(in, target) && link(out, elsewhere) && link(dangling, folder.resolve("none")),
                "no symbolic links here");

        assertThat(FileNames.notLinkedOut(folder.resolve("new.jsonl"), "history"))
                .isEqualTo(folder.resolve("new.jsonl").toAbsolutePath().normalize());
        assertThat(FileNames.notLinkedOut(in, "history")).isEqualTo(target.toRealPath());
        assertThatThrownBy(() -> FileNames.notLinkedOut(out, "history")).isInstanceOf(IOException.class)
                .hasMessage("history " + out + " is a symbolic link that leads out of its folder "
                        + folder.toAbsolutePath().normalize() + "; TriScale neither reads nor writes a file through"
                        + " such a link: remove the link (a restored cache may have planted it)");
        assertThatThrownBy(() -> FileNames.notLinkedOut(dangling, "baseline")).isInstanceOf(IOException.class)
                .hasMessage("baseline " + dangling + " is a symbolic link that leads to no file; TriScale does not"
                        + " follow links out of its folder: remove the link");
        assertThat(Files.readString(elsewhere)).isEmpty();
    }

    private static boolean link(Path link, Path target) {
        try {
            Files.createSymbolicLink(link, target);
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
