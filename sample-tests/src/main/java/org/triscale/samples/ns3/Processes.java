package org.triscale.samples.ns3;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Small helpers to run and stop external processes. */
final class Processes {
    private Processes() {
    }

    /**
     * Runs a short command and returns its output lines (standard output and error), or an empty list if
     * it cannot start, fails or outlives the bound; used for probes such as {@code g++ --version}.
     */
    static List<String> runQuietly(List<String> command, long timeoutSeconds) {
        Path output = null;
        Process process = null;
        try {
            output = Files.createTempFile("triscale-probe-", ".txt");
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullFile())).start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                kill(process);
                return List.of();
            }
            return process.exitValue() == 0 ? Files.readAllLines(output, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (process != null) {
                kill(process);
            }
            return List.of();
        } finally {
            deleteQuietly(output);
        }
    }

    /** Kills a process and its descendants and waits briefly for it to go. */
    static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static java.io.File nullFile() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    static void deleteQuietly(Path path) {
        if (path != null) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                // a leftover temporary file is harmless
            }
        }
    }

    /** Reads at most the last {@code maxChars} characters of a text file. */
    static String tail(Path file, int maxChars) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            return text.length() <= maxChars ? text : "...(" + (text.length() - maxChars) + " characters cut)...\n"
                    + text.substring(text.length() - maxChars);
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }
}
