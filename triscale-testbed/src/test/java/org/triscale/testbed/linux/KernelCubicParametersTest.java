package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kernel CUBIC's parameters are set and restored, also after a killed JVM, on a folder laid out as
 * {@code /sys/module/tcp_cubic/parameters}; one test sets the real ones for a moment, where this host
 * allows it (root, the module loaded), and checks that the kernel's values come back.
 */
class KernelCubicParametersTest {
    @TempDir
    Path dir;
    Path sysfs;
    Path state;

    @BeforeEach
    void fakeSysfs() throws IOException {
        sysfs = Files.createDirectories(dir.resolve("parameters"));
        Files.writeString(sysfs.resolve("beta"), "717\n");
        Files.writeString(sysfs.resolve("fast_convergence"), "1\n");
        Files.writeString(sysfs.resolve("hystart"), "1\n");
        state = dir.resolve("tcp_cubic.state");
    }

    @Test
    void setsTheValuesAndRestoresThemOnClose() throws IOException {
        try (KernelCubicParameters p = KernelCubicParameters.set(sysfs, state, Map.of("beta", 921, "hystart", 0))) {
            assertThat(p.current()).containsEntry("beta", "921").containsEntry("hystart", "0")
                    .containsEntry("fast_convergence", "1");
            assertThat(p.originals()).isEqualTo(Map.of("beta", "717", "hystart", "1"));
            assertThat(Files.readString(state)).startsWith("pid " + ProcessHandle.current().pid() + "\n")
                    .contains("beta 717\n");
            assertThatThrownBy(() -> KernelCubicParameters.set(sysfs, state, Map.of("beta", 800)))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("set already by this JVM");
        }
        assertThat(Files.readString(sysfs.resolve("beta")).strip()).isEqualTo("717");
        assertThat(Files.readString(sysfs.resolve("hystart")).strip()).isEqualTo("1");
        assertThat(state).doesNotExist();
    }

    @Test
    void theStateOfAKilledJvmIsRestoredByTheNextOne() throws IOException {
        // What a JVM killed while it held beta = 921 leaves behind; a PID that cannot be alive.
        Files.writeString(sysfs.resolve("beta"), "921\n");
        Files.writeString(state, "pid 2147483646\nbeta 717\n");

        try (KernelCubicParameters p = KernelCubicParameters.set(sysfs, state, Map.of("fast_convergence", 0))) {
            assertThat(p.current()).containsEntry("beta", "717").containsEntry("fast_convergence", "0");
        }
        assertThat(Files.readString(sysfs.resolve("fast_convergence")).strip()).isEqualTo("1");
        assertThat(state).doesNotExist();
    }

    @Test
    void aLiveOwnerIsNotOverridden() throws IOException {
        long parent = ProcessHandle.current().parent().orElseThrow().pid();
        Files.writeString(state, "pid " + parent + "\nbeta 717\n");

        assertThatThrownBy(() -> KernelCubicParameters.set(sysfs, state, Map.of("beta", 921)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("live process " + parent);
        assertThat(Files.readString(sysfs.resolve("beta")).strip()).isEqualTo("717");
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsWritten() throws IOException {
        assertThatThrownBy(() -> KernelCubicParameters.set(sysfs, state, Map.of("bic_scale", 41)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("kernel CUBIC has no parameter 'bic_scale' that may be set; valid: [beta, fast_convergence, hystart]");
        assertThatThrownBy(() -> KernelCubicParameters.set(sysfs, state, Map.of("beta", 1024)))
                .hasMessage("kernel CUBIC's beta must be in [1, 1023], got 1024 (1024ths: 717 is 0.7)");
        assertThatThrownBy(() -> KernelCubicParameters.set(sysfs, state, Map.of("hystart", 2)))
                .hasMessage("kernel CUBIC's hystart must be in [0, 1], got 2");
        assertThatThrownBy(() -> KernelCubicParameters.set(sysfs, state, Map.of())).hasMessageContaining("Map.of(\"beta\", 921)");
        assertThat(state).doesNotExist();
        assertThat(Files.readString(sysfs.resolve("beta")).strip()).isEqualTo("717");
    }

    @Test
    void saysWhyItCannotWorkHere() throws IOException {
        assertThat(KernelCubicParameters.unavailable(dir.resolve("none"), "root")).get().asString()
                .contains("the tcp_cubic module is not loaded");
        Files.delete(sysfs.resolve("hystart"));
        assertThat(KernelCubicParameters.unavailable(sysfs, "root")).get().asString()
                .contains("has no parameter hystart");
        assertThat(KernelCubicParameters.names()).containsExactly("beta", "fast_convergence", "hystart");
    }

    @Test
    void theKernelsOwnParametersAreSetAndRestored() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(KernelCubicParameters.unavailable().isEmpty(),
                () -> KernelCubicParameters.unavailable().orElse(""));
        Path real = Path.of("/sys/module/tcp_cubic/parameters");
        String beta = Files.readString(real.resolve("beta")).strip();
        String target = "717".equals(beta) ? "921" : "717";
        try (KernelCubicParameters p = KernelCubicParameters.set(Map.of("beta", Integer.parseInt(target)))) {
            assertThat(Files.readString(real.resolve("beta")).strip()).isEqualTo(target);
            assertThat(p.originals()).isEqualTo(Map.of("beta", beta));
        }
        assertThat(Files.readString(real.resolve("beta")).strip()).isEqualTo(beta);
    }
}
