package org.triscale.results.internal.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Atomic writes: the mode of the new file, long names, stale temporary files, messages. */
class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aReplacedFileKeepsItsModeAndANewFileGetsTheUmasksDefault() throws IOException {
        // Before, every written file had the 0600 of a temporary file.
        Path existing = Files.writeString(dir.resolve("result.json"), "old");
        Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rw-r-----"));
        AtomicFiles.write(existing, temp -> Files.writeString(temp, "new"));
        assertThat(Files.readString(existing)).isEqualTo("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(existing))).isEqualTo("rw-r-----");

        Path plain = Files.createFile(dir.resolve("plain"));
        Path created = dir.resolve("created.json");
        AtomicFiles.write(created, temp -> Files.writeString(temp, "x"));
        assertThat(Files.getPosixFilePermissions(created)).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    /**
     * A file planted as a link to a file elsewhere is replaced by the written file: the linked
     * file keeps its content and its mode, and the new file does not take the linked file's mode.
     */
    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aLinkAtTheTargetIsReplacedNotWrittenThrough() throws IOException {
        Path outside = Files.writeString(Files.createDirectories(dir.resolve("elsewhere")).resolve("secret"), "keep");
        Files.setPosixFilePermissions(outside, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path target = Files.createSymbolicLink(Files.createDirectories(dir.resolve("results")).resolve("r.json"),
                outside);
        Path plain = Files.createFile(dir.resolve("plain"));

        AtomicFiles.write(target, temp -> Files.writeString(temp, "new"));

        assertThat(Files.readString(outside)).isEqualTo("keep");
        assertThat(Files.isSymbolicLink(target)).isFalse();
        assertThat(Files.readString(target)).isEqualTo("new");
        assertThat(Files.getPosixFilePermissions(target)).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    @Test
    void aTargetNameOf255CharactersCanBeWritten() throws IOException {
        // Before, the temporary name was the target's plus about 24 characters: too long from 232 on.
        Path target = dir.resolve("r".repeat(250) + ".json");
        AtomicFiles.write(target, temp -> Files.writeString(temp, "x"));
        assertThat(target).hasContent("x");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void staleTemporaryFilesOfDeadProcessesAreRemovedOthersAreKept() throws Exception {
        Process finished = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-version").redirectErrorStream(true).start();
        finished.getInputStream().readAllBytes();
        finished.waitFor();
        Path stale = Files.writeString(dir.resolve(".triscale-" + finished.pid() + "-k3j2.tmp"), "half");
        Path live = Files.writeString(dir.resolve(".triscale-" + ProcessHandle.current().pid() + "-a1.tmp"), "busy");
        Path foreign = Files.writeString(dir.resolve(".other.tmp"), "not ours");
        // Earlier versions named them after the target, without a process id: deleted once old.
        Path earlier = Files.writeString(dir.resolve(".fct.json8812345678901234.tmp"), "half");
        Files.setLastModifiedTime(earlier, FileTime.fromMillis(System.currentTimeMillis() - 7_200_000));
        Path recent = Files.writeString(dir.resolve(".fct.json5512345678901234.tmp"), "busy");
        AtomicFiles.write(dir.resolve("baseline.json"), temp -> Files.writeString(temp, "{}"));
        assertThat(stale).doesNotExist();
        assertThat(live).exists();
        assertThat(foreign).exists();
        assertThat(earlier).doesNotExist();
        assertThat(recent).exists();
        assertThat(AtomicFiles.isOwnTemp(stale.getFileName().toString())).isTrue();
    }

    @Test
    void filesUnderSrcGetTheirTemporaryFileInTheBuildFolder() throws IOException {
        Path base = ProjectPaths.baseDir();
        assertThat(AtomicFiles.tempFolder(base.resolve("src/test/java"))).isEqualTo(base.resolve("target"));
        assertThat(AtomicFiles.tempFolder(dir)).isEqualTo(dir);
    }

    @Test
    void aFailedWriteNamesTheTargetAndLeavesNoTemporaryFile() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("taken"));
        Files.writeString(folder.resolve("inside"), "x");
        assertThatThrownBy(() -> AtomicFiles.write(folder, temp -> Files.writeString(temp, "x")))
                .isInstanceOf(IOException.class).hasMessageStartingWith("cannot write " + folder + ": ");
        assertThatThrownBy(() -> AtomicFiles.write(dir.resolve("b.json"), temp -> {
            throw new IllegalStateException("serialiser failed");
        })).isInstanceOf(IllegalStateException.class);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(folder);
        }
    }
}
