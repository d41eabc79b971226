package org.triscale.results.internal.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ProjectPathsTest {
    @TempDir
    Path folder;

    @Test
    void resolvesRelativePathsInsideTheBase() {
        Path base = folder.resolve("module");

        assertThat(ProjectPaths.inside(base, "src/test/resources/fct.json", "f"))
                .isEqualTo(base.resolve("src/test/resources/fct.json"));
        assertThat(ProjectPaths.inside(base, "./a/./b.json", "f")).isEqualTo(base.resolve("a/b.json"));
    }

    @Test
    void rejectsPathsThatLeaveTheBase() {
        Path base = folder.resolve("module");

        assertThatThrownBy(() -> ProjectPaths.inside(base, "../x.json", "@Baseline(file = \"../x.json\")"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("@Baseline(file = \"../x.json\") contains '..'; a path in an annotation must stay inside"
                        + " the module's folder");
        assertThatThrownBy(() -> ProjectPaths.inside(base, "a/../../x.json", "f")).hasMessageContaining("'..'");
        assertThatThrownBy(() -> ProjectPaths.inside(base, folder.resolve("x.json").toString(), "f"))
                .hasMessageContaining("f is absolute");
        assertThatThrownBy(() -> ProjectPaths.inside(base, " ", "f")).hasMessageContaining("f is blank");
        assertThatThrownBy(() -> ProjectPaths.inside(base, "a\0b", "f")).hasMessageContaining("not a valid path");
    }

    @Test
    void rejectsSymbolicLinksLeadingOutside() throws IOException {
        Path base = Files.createDirectories(folder.resolve("module"));
        Path outside = Files.createDirectories(folder.resolve("outside"));
        try {
            Files.createSymbolicLink(base.resolve("link"), outside);
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "symbolic links are not available here");
        }

        assertThatThrownBy(() -> ProjectPaths.inside(base, "link/fct.json", "f"))
                .hasMessageContaining("leaves the module's folder").hasMessageContaining("through a symbolic link");
    }
}
