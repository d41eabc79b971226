package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Runs /bin/sh scripts: seeds, folders, output files, exit codes, timeouts and interruption. */
@EnabledOnOs({OS.LINUX, OS.MAC})
@Timeout(60)
class ExternalRunTest {
    @TempDir
    Path runs;

    private ExternalRun.Builder sh(String script) {
        return ExternalRun.command("/bin/sh", "-c", script).runsDirectory(runs);
    }

    @Test
    void substitutesTheSeedAndCapturesOutputInTheRunFolder() throws Exception {
        ExternalRun run = sh("echo seed={seed} seed32={seed32} hex={seedHex} env=$RUN_SEED; pwd; echo oops >&2")
                .environment("RUN_SEED", "{seed32}")
                .build();
        ExternalRun.Result result = run.run("MyTest/series-1/run-2", -2L);
        Path folder = runs.resolve("MyTest/series-1/run-2").toAbsolutePath();
        assertThat(result.directory()).isEqualTo(folder);
        assertThat(result.exitCode()).isZero();
        assertThat(result.timedOut()).isFalse();
        assertThat(result.stdout()).isEqualTo(folder.resolve("stdout.log"));
        assertThat(Files.readString(result.stdout())).startsWith("seed=-2 seed32=" + Seeds.unsigned32(-2L)
                + " hex=fffffffffffffffe env=" + Seeds.unsigned32(-2L) + "\n");
        assertThat(result.stdoutTail()).contains(folder.toRealPath().toString());
        assertThat(result.stderrTail()).isEqualTo("oops\n");
        assertThat(Files.readString(folder.resolve("command.txt"))).contains("seed32=" + Seeds.unsigned32(-2L));
    }

    @Test
    void withoutARunContextTheOutputFolderComesFromTheSystemProperty() throws Exception {
        String before = System.getProperty("triscale.output.dir");
        System.setProperty("triscale.output.dir", runs.resolve("out").toString());
        try {
            ExternalRun.Result result = ExternalRun.command("/bin/sh", "-c", "true").build().run("p/run-1", 1);
            assertThat(result.directory()).isEqualTo(runs.resolve("out/runs/p/run-1").toAbsolutePath());
            // A runs folder set on the builder wins over the launch's output folder.
            assertThat(sh("true").build().run("p/run-1", 1).directory()).isEqualTo(runs.resolve("p/run-1").toAbsolutePath());
        } finally {
            if (before == null) {
                System.clearProperty("triscale.output.dir");
            } else {
                System.setProperty("triscale.output.dir", before);
            }
        }
    }

    @Test
    void aRerunReplacesTheFolder() throws Exception {
        sh("touch stale").build().run("r", 1);
        ExternalRun.Result second = sh("ls").build().run("r", 1);
        assertThat(Files.exists(second.directory().resolve("stale"))).isFalse();
    }

    @Test
    void aRejectedExitCodeFailsWithTheEndOfStandardError() throws InterruptedException {
        ExternalRun run = sh("i=0; while [ $i -lt 500 ]; do echo line $i >&2; i=$((i+1)); done; exit 3")
                .tailBytes(100).build();
        ExternalRunException failure = catchThrowableOfType(ExternalRunException.class, () -> run.run("fails", 1));
        assertThat(failure).hasMessageContaining("exited with code 3").hasMessageContaining("line 499")
                .hasMessageNotContaining("line 400");
        ExternalRun.Result result = failure.result().orElseThrow();
        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.stderrTail().length()).isLessThanOrEqualTo(100);
        assertThat(sh("exit 3").acceptExitCodes(0, 3).build().run("accepted", 1).exitCode()).isEqualTo(3);
    }

    @Test
    void aTimeoutKillsTheWholeProcessTree() throws Exception {
        // The script starts a grandchild in the background and records its pid.
        ExternalRun run = sh("sleep 30 & echo $! > child.pid; sleep 30").timeout(Duration.ofMillis(700)).build();
        long started = System.nanoTime();
        ExternalRunException failure = catchThrowableOfType(ExternalRunException.class, () -> run.run("slow", 1));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(20));
        assertThat(failure).hasMessageContaining("did not finish within PT0.7S and was killed");
        assertThat(failure.result().orElseThrow().timedOut()).isTrue();
        assertDead(runs.resolve("slow/child.pid"));
    }

    @Test
    void interruptingTheCallerKillsTheTreeAndPropagates() throws Exception {
        ExternalRun run = sh("sleep 30 & echo $! > child.pid; sleep 30").build();
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                run.run("interrupted", 1);
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        caller.start();
        Path pidFile = runs.resolve("interrupted/child.pid");
        while (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()) {
            Thread.sleep(20);
        }
        caller.interrupt();
        caller.join(20_000);
        assertThat(outcome.get()).isInstanceOf(InterruptedException.class);
        assertDead(pidFile);
    }

    private static void assertDead(Path pidFile) throws IOException, InterruptedException {
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        for (int i = 0; i < 100 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false); i++) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid %d alive", pid).isFalse();
    }

    @Test
    void hostileRunNamesNeverTouchAnythingOutsideTheRunsFolder(@TempDir Path outside) throws Exception {
        Path victim = Files.writeString(outside.resolve("precious.txt"), "keep me");
        Path runsFolder = outside.resolve("runs");
        ExternalRun run = ExternalRun.command("/bin/sh", "-c", "true").runsDirectory(runsFolder).build();
        for (String name : List.of(outside.toString(), ".", "..", "./", "x/../..", "../" + outside.getFileName())) {
            assertThatThrownBy(() -> run.run(name, 1)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("runName");
        }
        assertThat(Files.readString(victim)).isEqualTo("keep me");
        // A folder the runner did not create is never emptied, even under its runs folder.
        Path foreign = Files.createDirectories(runsFolder.resolve("foreign"));
        Files.writeString(foreign.resolve("data.csv"), "1,2");
        assertThatThrownBy(() -> run.run("foreign", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("was not created by ExternalRun");
        assertThat(foreign.resolve("data.csv")).exists();
        // A link inside the runs folder is not followed out of it.
        Files.createSymbolicLink(runsFolder.resolve("link"), outside);
        assertThatThrownBy(() -> run.run("link/x", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("symbolic link");
        assertThatThrownBy(() -> run.run("link", 1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Files.readString(victim)).isEqualTo("keep me");
        // A link planted in a run folder is deleted on rerun, its target kept.
        run.run("mine", 1);
        Files.createSymbolicLink(runsFolder.resolve("mine/out"), outside);
        run.run("mine", 1);
        assertThat(Files.readString(victim)).isEqualTo("keep me");
    }

    @Test
    void aTimeoutOfCenturiesDoesNotOverflow() throws Exception {
        ExternalRun run = sh("true").timeout(Duration.ofDays(400L * 365)).build();
        assertThat(run.run("long-timeout", 1).exitCode()).isZero();
        assertThat(ExternalRun.saturatedNanos(Duration.ofDays(400L * 365))).isEqualTo(Long.MAX_VALUE);
        assertThat(ExternalRun.saturatedNanos(Duration.ofSeconds(2))).isEqualTo(2_000_000_000L);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aDoubleForkedGrandchildIsKilledOnTimeout() throws Exception {
        // The subshell forks the grandchild and exits at once: the grandchild has lost its parent
        // link to the program, so only its process group reaches it.
        ExternalRun run = sh("( sleep 30 & echo $! > grandchild.pid ) ; sleep 30").timeout(Duration.ofMillis(700)).build();
        assertThatThrownBy(() -> run.run("double-fork", 1)).isInstanceOf(ExternalRunException.class)
                .hasMessageContaining("did not finish");
        assertDead(runs.resolve("double-fork/grandchild.pid"));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void backgroundProcessesDoNotOutliveANormalExit() throws Exception {
        ExternalRun run = sh("( sleep 30 & echo $! > grandchild.pid ) ; sleep 30 & echo $! > child.pid; exit 0").build();
        assertThat(run.run("background", 1).exitCode()).isZero();
        assertDead(runs.resolve("background/grandchild.pid"));
        assertDead(runs.resolve("background/child.pid"));
    }

    @Test
    void aMissingProgramSaysSo() {
        ExternalRun run = ExternalRun.command("no-such-program-xyz", "{seed}").runsDirectory(runs).build();
        assertThatThrownBy(() -> run.run("missing", 1)).isInstanceOf(ExternalRunException.class)
                .hasMessageStartingWith("cannot start no-such-program-xyz")
                .hasMessageContaining("is it installed, executable and on the PATH?");
    }

    @Test
    void badDescriptionsAreRefused() {
        for (String name : List.of("", "../escape", "a/../../b", "spaces are bad", ".", "..", "a/.", "a/..",
                "/tmp/abs", "a//b", "a/", "back\\slash", ".hidden", "-option", "tab\tname", "x".repeat(101),
                "a/".repeat(100) + "a")) {
            assertThatThrownBy(() -> sh("true").build().run(name, 1)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("runName");
        }
        assertThatThrownBy(() -> sh("true").timeout(Duration.ZERO)).hasMessageContaining("timeout must be positive");
        assertThatThrownBy(() -> sh("true").acceptExitCodes()).hasMessageContaining("at least one");
        assertThatThrownBy(() -> sh("true").tailBytes(-1)).hasMessageContaining("tailBytes");
        assertThatThrownBy(() -> ExternalRun.command(" ")).hasMessageContaining("program");
    }
}
