package org.triscale.testbed.linux;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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

    /** The bound of every set-up command. */
    static final long TIMEOUT_SECONDS = 10;

    static Outcome run(List<String> command) {
        return run(command, TIMEOUT_SECONDS);
    }

    static Outcome run(List<String> command, long timeoutSeconds) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            // Read while waiting, so a command that hangs with its output open is still bounded.
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return process.getInputStream().readNBytes(1 << 20);
                } catch (IOException e) {
                    return new byte[0];
                }
            });
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                killTree(process.toHandle());
                return new Outcome(command, -1, "timed out after " + timeoutSeconds + " s");
            }
            byte[] bytes;
            try {
                bytes = out.get(timeoutSeconds, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // A descendant still holds the output open; what the command itself said is enough.
                bytes = new byte[0];
            }
            return new Outcome(command, process.exitValue(), new String(bytes));
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
