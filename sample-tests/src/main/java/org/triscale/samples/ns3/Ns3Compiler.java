package org.triscale.samples.ns3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Compiles a C++ scenario once per content into {@code <cache>/<sha256>/<name>}. The key hashes the
 * source, the compile command and the installation (compiler version, ns-3 folders and library
 * names), so any change recompiles and nothing stale is reused. The build happens in a private
 * temporary folder that is then renamed atomically into place: readers see a complete executable
 * or nothing. A lock (per JVM, then a file lock across JVMs) makes concurrent callers wait for one
 * compilation instead of repeating it; should locking be unavailable, the atomic rename still keeps
 * the cache consistent (the loser's build is discarded).
 */
final class Ns3Compiler {
    private static final ConcurrentHashMap<Path, Object> IN_PROCESS_LOCKS = new ConcurrentHashMap<>();
    private static final int MAX_COMPILER_OUTPUT = 20_000;

    /** Outcome of {@link #ensureCompiled}. */
    record Result(Path executable, String cacheKey, boolean compiledNow) {
    }

    private final Ns3Installation installation;
    private final Path cacheDirectory;
    private final Duration compileBound;

    Ns3Compiler(Ns3Installation installation, Path cacheDirectory, Duration compileBound) {
        this.installation = installation;
        this.cacheDirectory = cacheDirectory.toAbsolutePath().normalize();
        this.compileBound = compileBound;
    }

    /** The command, with paths relative to the build folder so that it does not depend on where the cache is. */
    List<String> command(String name) {
        return installation.compileCommand(Path.of(name + ".cc"), Path.of(name));
    }

    String cacheKey(String name, String source) {
        return cacheKey(source, command(name), installation);
    }

    static String cacheKey(String source, List<String> command, Ns3Installation installation) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            update(digest, "source", source);
            update(digest, "command", String.join("\u0000", command));
            update(digest, "compiler", installation.compilerVersion());
            update(digest, "installation", installation.toString());
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static void update(MessageDigest digest, String label, String value) {
        // Length-prefixed fields: no two different inputs hash the same byte string.
        for (String part : new String[] {label, value}) {
            byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
            digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
            digest.update((byte) ':');
            digest.update(bytes);
        }
    }

    // The file lock is held for its try block and never read: javac's "try" lint says so, by design.
    @SuppressWarnings("try")
    Result ensureCompiled(String name, String source) {
        String key = cacheKey(name, source);
        Path target = cacheDirectory.resolve(key);
        Path executable = target.resolve(name);
        if (Files.isExecutable(executable)) {
            return new Result(executable, key, false);
        }
        Object lock = IN_PROCESS_LOCKS.computeIfAbsent(target, path -> new Object());
        synchronized (lock) {
            if (Files.isExecutable(executable)) {
                return new Result(executable, key, false);
            }
            try {
                Files.createDirectories(cacheDirectory);
                try (FileChannel channel = FileChannel.open(cacheDirectory.resolve(key + ".lock"),
                        StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                     FileLock ignored = channel.lock()) {
                    if (Files.isExecutable(executable)) {
                        return new Result(executable, key, false);
                    }
                    compileInto(target, name, source);
                    return new Result(executable, key, true);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot use the ns-3 build cache " + cacheDirectory + ": " + e.getMessage()
                        + "; choose a writable folder with -D" + Ns3.CACHE_PROPERTY + "=<dir>", e);
            }
        }
    }

    private void compileInto(Path target, String name, String source) throws IOException {
        Path build = Files.createTempDirectory(cacheDirectory, ".build-");
        try {
            Files.writeString(build.resolve(name + ".cc"), source, StandardCharsets.UTF_8);
            List<String> command = command(name);
            Path log = build.resolve("compile.log");
            Process process = new ProcessBuilder(command).directory(build.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(Processes.nullFile()))
                    .start();
            boolean finished;
            try {
                finished = process.waitFor(compileBound.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Processes.kill(process);
                Thread.currentThread().interrupt();
                throw new Ns3CompilationException("interrupted while compiling the ns-3 scenario", command, "");
            }
            if (!finished) {
                Processes.kill(process);
                throw new Ns3CompilationException("the compiler did not finish within " + compileBound, command,
                        Processes.tail(log, MAX_COMPILER_OUTPUT));
            }
            if (process.exitValue() != 0 || !Files.isExecutable(build.resolve(name))) {
                throw new Ns3CompilationException("the ns-3 scenario " + name + ".cc does not compile against ns-3 "
                        + installation.version() + " (exit code " + process.exitValue() + ")", command,
                        Processes.tail(log, MAX_COMPILER_OUTPUT));
            }
            Files.writeString(build.resolve("command.txt"), String.join(" ", command) + "\n" + installation + "\n");
            publish(build, target, name);
        } finally {
            deleteTree(build);
        }
    }

    /** Renames the finished build into place; if another process got there first, keeps theirs. */
    static void publish(Path build, Path target, String name) throws IOException {
        try {
            Files.move(build, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system of " + target.getParent() + " cannot rename atomically", e);
        } catch (FileSystemException e) {
            // Linux reports an occupied target as "Directory not empty", not as a typed exception.
            if (Files.isExecutable(target.resolve(name))) {
                return;
            }
            if (Files.exists(target)) {
                throw new IOException(target + " exists but holds no executable " + name
                        + "; delete that folder to rebuild", e);
            }
            throw e;
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(Processes::deleteQuietly);
        } catch (IOException | UncheckedIOException e) {
            // a leftover temporary folder is harmless
        }
    }
}
