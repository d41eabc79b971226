package org.triscale.testbed.linux;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs set-up commands ({@code ip}, {@code tc}, {@code sysctl}) with a timeout, killing the process tree on timeout. */
final class Commands {
    private Commands() {
    }

    /** The outcome of one command: exit code (-1 on timeout) and its merged output. */
    record Outcome(List<String> command, int exitCode, String output) {
        boolean ok() {
            return exitCode == 0;
        }

        /** @return "cmd → first line of the output", for skip and error messages */
        String describe() {
            String first = output.strip().lines().findFirst().orElse("exit " + exitCode);
            return String.join(" ", command) + " → " + first;
        }
    }

    static Outcome run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            byte[] out = process.getInputStream().readNBytes(1 << 20);
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                killTree(process.toHandle());
                return new Outcome(command, -1, "timed out after 10 s");
            }
            return new Outcome(command, process.exitValue(), new String(out));
        } catch (IOException e) {
            return new Outcome(command, 127, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(command, -1, "interrupted");
        }
    }

    static String check(List<String> command) {
        Outcome outcome = run(command);
        if (!outcome.ok()) {
            throw new IllegalStateException("test-bed set-up failed: " + outcome.describe());
        }
        return outcome.output();
    }

    /** Kills a process and all its descendants, children first seen before the parent dies. */
    static void killTree(ProcessHandle root) {
        List<ProcessHandle> descendants = root.descendants().toList();
        root.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }
}
