package org.triscale.testbed.linux;

import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Kernel mutants of Linux's CUBIC: its module parameters ({@code /sys/module/tcp_cubic/parameters}:
 * {@code beta} in 1024ths, default 717 = 0.7; {@code fast_convergence} and {@code hystart}, 1 or 0)
 * set to other values for a run, so that a suite on the Linux test bed can be checked against a
 * CUBIC that backs off too little, has no fast convergence or no HyStart, as the emulator's
 * {@code CcaMutant} does for its CUBIC. The parameters are host-wide: every CUBIC connection of the
 * host sees them while they are set, so tests that set them must not run beside other kernel
 * samples (put them under the same {@code @ResourceLock("network-namespaces")}), and one JVM holds
 * them at a time.
 *
 * <p>The original values are restored by {@link #close()}, by a shutdown hook, and after a killed
 * JVM by the next {@link #set}: before it writes anything it records the originals and its PID in a
 * state file ({@code triscale-tcp_cubic.state} in the temporary folder), which a later JVM finds
 * when that PID is gone, restores and deletes (as {@link LinuxTestBed} deletes the namespaces of a
 * dead JVM). {@link #unavailable()} says why the parameters cannot be set here (not root, no
 * {@code tcp_cubic} module, not writable), for a test to skip with the reason.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class KernelCubicParameters implements AutoCloseable {
    /** The parameters that may be set, with their valid ranges: beta in 1024ths, the others 0 or 1. */
    private static final Map<String, int[]> VALID = validRanges();
    private static final Path SYSFS = Path.of("/sys/module/tcp_cubic/parameters");
    private static final Path STATE = Path.of(System.getProperty("java.io.tmpdir"), "triscale-tcp_cubic.state");
    private static KernelCubicParameters active;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(KernelCubicParameters::closeActive, "triscale-tcp_cubic-restore"));
    }

    private final Path directory;
    private final Path stateFile;
    private final Map<String, String> originals;
    private boolean closed;

    private KernelCubicParameters(Path directory, Path stateFile, Map<String, String> originals) {
        this.directory = directory;
        this.stateFile = stateFile;
        this.originals = originals;
    }

    private static Map<String, int[]> validRanges() {
        Map<String, int[]> m = new LinkedHashMap<>();
        m.put("beta", new int[] {1, 1023});
        m.put("fast_convergence", new int[] {0, 1});
        m.put("hystart", new int[] {0, 1});
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * The parameters that may be set: {@code beta} (1 to 1023, in 1024ths), {@code fast_convergence}
     * and {@code hystart} (0 or 1).
     *
     * @return the names
     */
    public static java.util.Set<String> names() {
        return VALID.keySet();
    }

    /**
     * Why kernel CUBIC's parameters cannot be set on this host, if they cannot.
     *
     * @return the reason, or empty when {@link #set} can work
     */
    public static Optional<String> unavailable() {
        return unavailable(SYSFS, ProcessHandle.current().info().user().orElse(""));
    }

    static Optional<String> unavailable(Path directory, String user) {
        if (!Files.isDirectory(directory)) {
            return Optional.of(directory + " does not exist: the tcp_cubic module is not loaded (modprobe tcp_cubic)");
        }
        for (String name : VALID.keySet()) {
            Path file = directory.resolve(name);
            if (!Files.isRegularFile(file)) {
                return Optional.of(file + " does not exist: this kernel's CUBIC has no parameter " + name);
            }
            if (!Files.isWritable(file)) {
                return Optional.of(file + " is not writable" + ("root".equals(user) ? "" : " (not root: run as root)"));
            }
        }
        return Optional.empty();
    }

    /**
     * Sets kernel CUBIC's parameters until {@link #close()}, after restoring what a dead JVM left.
     *
     * @param values parameter name → value, e.g. {@code Map.of("beta", 921)} for beta 0.9
     * @return the handle that restores the originals; use it in try-with-resources
     * @throws IllegalArgumentException on an unknown parameter or a value out of range, naming the valid ones
     * @throws IllegalStateException if the parameters cannot be set here ({@link #unavailable()}) or
     *                               are set already, by this JVM or another live one
     */
    public static KernelCubicParameters set(Map<String, Integer> values) {
        Optional<String> reason = unavailable();
        if (reason.isPresent()) {
            throw new IllegalStateException("cannot set kernel CUBIC's parameters: " + reason.get());
        }
        return set(SYSFS, STATE, values);
    }

    static synchronized KernelCubicParameters set(Path directory, Path stateFile, Map<String, Integer> values) {
        check(values);
        if (active != null && !active.closed) {
            throw new IllegalStateException("kernel CUBIC's parameters are set already by this JVM; close that "
                    + "KernelCubicParameters first and run such tests one at a time (@ResourceLock(\"network-namespaces\"))");
        }
        restoreLeftovers(directory, stateFile);
        Map<String, String> originals = new LinkedHashMap<>();
        for (String name : values.keySet()) {
            originals.put(name, read(directory.resolve(name)));
        }
        List<String> state = new ArrayList<>(List.of("pid " + ProcessHandle.current().pid()));
        originals.forEach((k, v) -> state.add(k + " " + v));
        writeAtomically(stateFile, String.join("\n", state) + "\n");
        KernelCubicParameters handle = new KernelCubicParameters(directory, stateFile, originals);
        active = handle;
        try {
            values.forEach((k, v) -> write(directory.resolve(k), Integer.toString(v)));
        } catch (RuntimeException e) {
            handle.close();
            throw e;
        }
        return handle;
    }

    private static void check(Map<String, Integer> values) {
        if (values == null || values.isEmpty()) {
            throw new IllegalArgumentException("give at least one of kernel CUBIC's parameters " + VALID.keySet()
                    + ", e.g. Map.of(\"beta\", 921)");
        }
        values.forEach((name, value) -> {
            int[] range = VALID.get(name);
            if (range == null) {
                throw new IllegalArgumentException("kernel CUBIC has no parameter '" + name + "' that may be set; valid: "
                        + VALID.keySet());
            }
            if (value == null || value < range[0] || value > range[1]) {
                throw new IllegalArgumentException("kernel CUBIC's " + name + " must be in [" + range[0] + ", "
                        + range[1] + "], got " + value + (name.equals("beta") ? " (1024ths: 717 is 0.7)" : ""));
            }
        });
    }

    /** Restores and deletes the state file of a JVM that is gone; refuses one that is alive. */
    static void restoreLeftovers(Path directory, Path stateFile) {
        if (!Files.exists(stateFile, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.isRegularFile(stateFile, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalStateException(stateFile + " is not a regular file; remove it");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(stateFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + stateFile + ": " + e.getMessage(), e);
        }
        long pid = lines.isEmpty() ? -1 : parsePid(lines.get(0), stateFile);
        if (pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            throw new IllegalStateException("kernel CUBIC's parameters are set by the live process " + pid
                    + " (" + stateFile + "); wait for it to end");
        }
        for (String line : lines.subList(1, lines.size())) {
            String[] kv = line.strip().split(" ");
            if (kv.length == 2 && VALID.containsKey(kv[0]) && kv[1].matches("\\d{1,4}")) {
                write(directory.resolve(kv[0]), kv[1]);
            }
        }
        try {
            Files.delete(stateFile);
        } catch (IOException e) {
            throw new IllegalStateException("cannot delete " + stateFile + ": " + e.getMessage(), e);
        }
    }

    private static long parsePid(String line, Path stateFile) {
        if (!line.matches("pid \\d{1,10}")) {
            throw new IllegalStateException(stateFile + " does not start with 'pid <n>': not ours; remove it");
        }
        return Long.parseLong(line.substring(4));
    }

    /**
     * The values in force now.
     *
     * @return parameter name → value as the kernel shows it
     */
    public Map<String, String> current() {
        Map<String, String> now = new LinkedHashMap<>();
        for (String name : VALID.keySet()) {
            now.put(name, read(directory.resolve(name)));
        }
        return now;
    }

    /**
     * The values this handle replaced, which {@link #close()} writes back.
     *
     * @return parameter name → original value
     */
    public Map<String, String> originals() {
        return Map.copyOf(originals);
    }

    /** Writes the original values back and deletes the state file. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        originals.forEach((k, v) -> write(directory.resolve(k), v));
        try {
            Files.deleteIfExists(stateFile);
        } catch (IOException e) {
            throw new IllegalStateException("cannot delete " + stateFile + ": " + e.getMessage(), e);
        }
        closed = true;
    }

    private static synchronized void closeActive() {
        if (active != null) {
            active.close();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII).strip();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static void write(Path file, String value) {
        try {
            // sysfs files are written in place: a rename cannot replace them.
            Files.writeString(file, value + "\n", StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + value + " to " + file + ": " + e.getMessage(), e);
        }
    }

    private static void writeAtomically(Path file, String text) {
        try {
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "triscale-tcp_cubic", ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
