package org.triscale.testbed.linux;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
        return run(command, "", timeoutSeconds);
    }

    /** Runs a command with {@code input} on its standard input (the lines of a {@code -batch -}). */
    static Outcome run(List<String> command, String input, long timeoutSeconds) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            try (var stdin = process.getOutputStream()) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            }
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

    private static final Pattern FAILED_LINE = Pattern.compile("Command failed -:(\\d+)");

    /**
     * One process of a batched set-up: {@code command} with {@code lines} on its standard input
     * ({@code ip -batch -}, {@code tc -batch -}), or without input when {@code lines} is empty.
     *
     * @param command   the program and its arguments
     * @param lines     the batch's lines, or empty
     * @param tolerated whether it may fail
     */
    record Batch(List<String> command, List<String> lines, boolean tolerated) {
        Batch {
            command = List.copyOf(command);
            lines = List.copyOf(lines);
        }
    }

    /**
     * The processes that run set-up commands with a few processes instead of one per command
     * ({@code ip -batch}, {@code tc -batch}, one {@code sysctl} per namespace), in an order that keeps
     * what each depends on before it: namespaces, then the veth pairs (created from the host into
     * them), then per namespace (in order of first mention) its {@code ip -n} commands, its
     * {@code tc -n} commands and its sysctls, each group in the given order; {@code tolerated}
     * commands one by one at the end. A list with another kind of command runs one by one, in order.
     */
    static List<Batch> plan(List<List<String>> commands, Predicate<List<String>> tolerated) {
        List<String> namespaces = new ArrayList<>();
        List<String> veths = new ArrayList<>();
        Map<String, Map<String, List<String>>> perNamespace = new LinkedHashMap<>();
        List<Batch> later = new ArrayList<>();
        for (List<String> c : commands) {
            String head = c.size() >= 3 ? c.get(0) + " " + c.get(1) + " " + c.get(2) : "";
            if (tolerated.test(c)) {
                later.add(new Batch(c, List.of(), true));
            } else if (head.equals("ip netns add") && c.size() == 4) {
                namespaces.add(String.join(" ", c.subList(1, 4)));
            } else if (head.equals("ip link add")) {
                veths.add(String.join(" ", c.subList(1, c.size())));
            } else if ((c.get(0).equals("ip") || c.get(0).equals("tc")) && c.get(1).equals("-n") && c.size() > 3) {
                perNamespace.computeIfAbsent(c.get(2), k -> new LinkedHashMap<>())
                        .computeIfAbsent(c.get(0), k -> new ArrayList<>()).add(String.join(" ", c.subList(3, c.size())));
            } else if (head.equals("ip netns exec") && c.size() == 8 && c.subList(4, 7).equals(List.of("sysctl", "-q", "-w"))) {
                perNamespace.computeIfAbsent(c.get(3), k -> new LinkedHashMap<>())
                        .computeIfAbsent("sysctl", k -> new ArrayList<>()).add(c.get(7));
            } else {
                return commands.stream().map(command -> new Batch(command, List.of(), tolerated.test(command))).toList();
            }
        }
        List<Batch> plan = new ArrayList<>();
        addBatch(plan, List.of("ip"), namespaces);
        addBatch(plan, List.of("ip"), veths);
        perNamespace.forEach((ns, tools) -> {
            addBatch(plan, List.of("ip", "-n", ns), tools.getOrDefault("ip", List.of()));
            addBatch(plan, List.of("tc", "-n", ns), tools.getOrDefault("tc", List.of()));
            if (tools.containsKey("sysctl")) {
                List<String> sysctl = new ArrayList<>(List.of("ip", "netns", "exec", ns, "sysctl", "-q", "-w"));
                sysctl.addAll(tools.get("sysctl"));
                plan.add(new Batch(sysctl, List.of(), false));
            }
        });
        plan.addAll(later);
        return plan;
    }

    private static void addBatch(List<Batch> plan, List<String> tool, List<String> lines) {
        if (!lines.isEmpty()) {
            List<String> command = new ArrayList<>(tool);
            command.addAll(List.of("-batch", "-"));
            plan.add(new Batch(command, lines, false));
        }
    }

    /**
     * Runs set-up commands as {@link #plan} groups them.
     *
     * @throws IllegalStateException naming the first command that failed and what it said
     */
    static void checkAll(List<List<String>> commands, Predicate<List<String>> tolerated) {
        for (Batch batch : plan(commands, tolerated)) {
            if (batch.tolerated()) {
                run(batch.command());
            } else if (batch.lines().isEmpty()) {
                check(batch.command());
            } else {
                Outcome outcome = run(batch.command(), String.join("\n", batch.lines()) + "\n", TIMEOUT_SECONDS);
                if (!outcome.ok()) {
                    // The line the tool names ("Command failed -:N") is the command reported.
                    Matcher failed = FAILED_LINE.matcher(outcome.output());
                    int n = failed.find() ? Integer.parseInt(failed.group(1)) : 0;
                    String line = n >= 1 && n <= batch.lines().size() ? batch.lines().get(n - 1) : String.join("; ", batch.lines());
                    List<String> named = new ArrayList<>(batch.command().subList(0, batch.command().size() - 2));
                    named.add(line);
                    throw new IllegalStateException("test-bed set-up failed: "
                            + new Outcome(named, outcome.exitCode(), outcome.output()).describe());
                }
            }
        }
    }

    /** Kills a process and all its descendants, children first seen before the parent dies. */
    static void killTree(ProcessHandle root) {
        List<ProcessHandle> descendants = root.descendants().toList();
        root.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }
}
