package org.triscale.testbed;

import org.apiguardian.api.API;
import org.triscale.junit.RunContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One run of an external program (a simulator, a traffic generator, a script driving a test bed),
 * started with the run's seed in its arguments, in a working folder of its own, with a timeout.
 *
 * <pre>{@code
 * ExternalRun sim = ExternalRun.command("./my-sim", "--seed={seed32}", "--out=flows.xml")
 *         .timeout(Duration.ofMinutes(2))
 *         .build();
 * ExternalRun.Result result = sim.run("cubic/series-1/run-3", run);   // run: the test's RunContext
 * FlowMonitorXml.read(result.directory().resolve("flows.xml"));
 * }</pre>
 *
 * <p>Arguments and environment values may hold the placeholders of {@link Seeds#substitute}.
 * Standard output and error go to {@code stdout.log} and {@code stderr.log} in the run's folder
 * (never to a pipe that could fill up and block the program); their last bytes are kept in the
 * {@link Result} and in the message of an {@link ExternalRunException}, and given a
 * {@link RunContext} ({@link #run(String, RunContext)}) in the run's notes of the JSON result.
 * On timeout, on interruption of the calling thread, when the JVM shuts down, and after the
 * program exits, the process and all its descendants are killed, so no orphan keeps running or
 * holds the test bed. On Linux the program is started with {@code setsid}, so that its process
 * group holds even double-forked grandchildren whose parent link is gone; elsewhere (or without
 * {@code setsid}, or with {@code -Dtriscale.externalRun.noSetsid=true}) the descendants still
 * linked to it are killed. What cannot be reached: a process that left the group and session
 * itself ({@code setsid}, {@code setpgid}), and anything after a {@code kill -9} of the JVM.
 *
 * <p>A run folder is always inside the runs folder: run names are checked
 * ({@link #run(String, long)}), links are not followed, and a rerun deletes only a folder this
 * class created (it holds a {@code .triscale-run} file).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class ExternalRun {
    /**
     * Where run folders go unless {@link Builder#runsDirectory} or the launch's output folder
     * ({@code triscale.output.dir}, then {@code <output.dir>/runs}) says otherwise.
     */
    public static final Path DEFAULT_RUNS_DIRECTORY = Path.of("target", "triscale", "runs");
    /** The key of the launch's output folder, read as a system property by {@link #run(String, long)}. */
    static final String OUTPUT_DIR = "triscale.output.dir";

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(ExternalRun::killTree),
                "triscale-external-run-cleanup"));
    }

    private final List<String> command;
    private final Map<String, String> environment;
    /** The folder {@link Builder#runsDirectory} set, or null: then under the launch's output folder. */
    private final Path runsDirectory;
    private final Duration timeout;
    private final Set<Integer> acceptedExitCodes;
    private final int tailBytes;

    private ExternalRun(Builder builder) {
        this.command = List.copyOf(builder.command);
        this.environment = Map.copyOf(builder.environment);
        this.runsDirectory = builder.runsDirectory;
        this.timeout = builder.timeout;
        this.acceptedExitCodes = Set.copyOf(builder.acceptedExitCodes);
        this.tailBytes = builder.tailBytes;
    }

    /**
     * Starts describing a run of a program.
     *
     * @param program   the program, a path or a name found on the PATH
     * @param arguments its arguments, which may hold seed placeholders
     * @return a builder
     */
    public static Builder command(String program, String... arguments) {
        return new Builder(program, arguments);
    }

    /**
     * Runs the program once and waits for it.
     *
     * @param runName names the run's folder under the runs directory, e.g.
     *                {@code "MyTest/cubic/series-1/run-3"}: segments separated by single {@code /},
     *                each of letters, digits and {@code . _ -}, not starting with {@code .} or
     *                {@code -}, at most 100 characters a segment and 200 in all
     * @throws IllegalArgumentException if the run name is not such a name, or its folder exists
     *                              but was not created by this class
     * @param seed    the run's seed, substituted into the arguments and environment
     * @return the run's result, with an accepted exit code
     * @throws ExternalRunException if the program cannot start, exceeds the timeout, or ends with
     *                              an exit code the policy does not accept
     * @throws InterruptedException if the calling thread is interrupted; the process tree is
     *                              killed first
     */
    public Result run(String runName, long seed) throws InterruptedException {
        // Without a RunContext, the output folder can only come from a system property
        // (Maven's -Dtriscale.output.dir=... reaches the forked test JVM as one).
        String outputDir = System.getProperty(OUTPUT_DIR);
        Path launchOutput = outputDir == null || outputDir.isBlank() ? null : Path.of(outputDir);
        return run(runName, seed, launchOutput);
    }

    private Result run(String runName, long seed, Path launchOutput) throws InterruptedException {
        Path directory = prepare(runName, runsDirectory != null ? runsDirectory
                : launchOutput != null ? launchOutput.resolve("runs") : DEFAULT_RUNS_DIRECTORY);
        List<String> substituted = command.stream().map(argument -> Seeds.substitute(argument, seed)).toList();
        Path stdout = directory.resolve("stdout.log");
        Path stderr = directory.resolve("stderr.log");
        List<String> launched = new ArrayList<>();
        Path setsid = SETSID;
        if (setsid != null) {
            // The program leads a session and process group of its own, so that every process it
            // starts, even one that double-forked away from it, can be killed with the group.
            checkStartable(substituted.get(0));
            launched.add(setsid.toString());
        }
        launched.addAll(substituted);
        ProcessBuilder builder = new ProcessBuilder(launched)
                .directory(directory.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        environment.forEach((key, value) -> builder.environment().put(key, Seeds.substitute(value, seed)));
        long started = System.nanoTime();
        Process process;
        try {
            Files.writeString(directory.resolve("command.txt"), String.join(" ", substituted) + "\n");
            process = builder.start();
        } catch (IOException e) {
            throw new ExternalRunException("cannot start " + substituted.get(0) + " (" + e.getMessage()
                    + "); is it installed, executable and on the PATH?", null, e);
        }
        LIVE.add(process);
        boolean finished;
        try {
            finished = process.waitFor(saturatedNanos(timeout), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            killTree(process);
            LIVE.remove(process);
            throw e;
        }
        // On timeout the tree is killed; after a normal exit, what the program left running in
        // its process group (background jobs, daemons) is killed too, so that nothing outlives the run.
        killTree(process);
        LIVE.remove(process);
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        Result result = new Result(substituted, directory, finished ? process.exitValue() : -1, !finished, elapsed,
                stdout, stderr, tail(stdout, tailBytes), tail(stderr, tailBytes));
        if (!finished) {
            throw new ExternalRunException(describe(result) + " did not finish within " + timeout
                    + " and was killed with its child processes" + tails(result), result, null);
        }
        if (!acceptedExitCodes.contains(result.exitCode())) {
            throw new ExternalRunException(describe(result) + " exited with code " + result.exitCode()
                    + " (accepted: " + new TreeSet<>(acceptedExitCodes) + ")"
                    + tails(result), result, null);
        }
        return result;
    }

    /**
     * Runs the program once for a run of a TriScale test: {@link #run(String, long)} with the
     * run's seed, and the ends of standard error and output (what {@link Result#stderrTail()} and
     * {@link Result#stdoutTail()} hold) kept as the run's notes ({@link RunContext#note}), named
     * {@code "<runName> stderr"} and {@code "<runName> stdout"}: they go into the run's entry of
     * the JSON result, and into its failure message when the run fails. Empty output leaves no note.
     *
     * @param runName names the run's folder, as for {@link #run(String, long)}
     * @param run     the TriScale run: gives the seed and takes the notes
     * @return the run's result, with an accepted exit code
     * @throws ExternalRunException if the program cannot start, exceeds the timeout, or ends with
     *                              an exit code the policy does not accept (the notes are kept first)
     * @throws InterruptedException if the calling thread is interrupted; the process tree is
     *                              killed first
     */
    // RunContext is the extension's, an optional module: this method is for tests that have it (by design).
    @SuppressWarnings("exports")
    public Result run(String runName, RunContext run) throws InterruptedException {
        Objects.requireNonNull(run, "run");
        Result result;
        try {
            result = run(runName, run.seed(), run.outputDirectory());
        } catch (ExternalRunException e) {
            e.result().ifPresent(partial -> note(run, runName, partial));
            throw e;
        }
        note(run, runName, result);
        return result;
    }

    private static void note(RunContext run, String runName, Result result) {
        note(run, runName + " stderr", result.stderrTail());
        note(run, runName + " stdout", result.stdoutTail());
    }

    private static void note(RunContext run, String name, String tail) {
        if (!tail.isEmpty()) {
            // A note's name has at most 100 characters; the end of the run name tells runs apart.
            run.note(name.length() <= 100 ? name : name.substring(name.length() - 100), tail);
        }
    }

    /** The longest run name, and the longest segment of one: folder names stay far below the 255 bytes of file systems. */
    static final int MAX_RUN_NAME = 200;
    static final int MAX_SEGMENT = 100;
    /** Marks a folder this runner created, the only kind a rerun may delete. */
    static final String MARKER = ".triscale-run";
    private static final java.util.regex.Pattern SEGMENT = java.util.regex.Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]*");

    /**
     * Checks a run name: segments separated by single {@code /}, each starting with a letter, digit
     * or {@code _} and holding only letters, digits and {@code . _ -}; so no absolute name, no
     * {@code .} or {@code ..}, no empty segment, no backslash, at most 200 characters.
     */
    static void checkRunName(String runName) {
        String problem = null;
        if (runName == null || runName.isEmpty()) {
            problem = "is empty";
        } else if (runName.length() > MAX_RUN_NAME) {
            problem = "has " + runName.length() + " characters, more than " + MAX_RUN_NAME;
        } else {
            for (String segment : runName.split("/", -1)) {
                if (segment.length() > MAX_SEGMENT) {
                    problem = "has a segment of " + segment.length() + " characters, more than " + MAX_SEGMENT;
                    break;
                }
                if (!SEGMENT.matcher(segment).matches()) {
                    problem = segment.isEmpty() ? "has an empty segment (a leading, trailing or doubled '/')"
                            : "has the segment '" + printable(segment) + "'";
                    break;
                }
            }
        }
        if (problem != null) {
            throw new IllegalArgumentException("runName '" + printable(String.valueOf(runName)) + "' " + problem
                    + "; a run name is segments separated by '/', each of letters, digits and . _ - not starting"
                    + " with '.' or '-' (so no absolute name, '.' or '..'), at most " + MAX_RUN_NAME
                    + " characters, e.g. \"MyTest/series-1/run-3\"");
        }
    }

    private static String printable(String text) {
        String shown = text.length() > 60 ? text.substring(0, 57) + "..." : text;
        StringBuilder out = new StringBuilder();
        shown.codePoints().forEach(c -> {
            if (Character.isISOControl(c)) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }

    private Path prepare(String runName, Path runsDirectory) {
        checkRunName(runName);
        Path root = runsDirectory.toAbsolutePath().normalize();
        Path directory = root.resolve(runName).normalize();
        if (!directory.startsWith(root) || directory.equals(root)) {
            // checkRunName makes this impossible; kept so that no later change can delete outside the runs folder
            throw new IllegalArgumentException("runName '" + runName + "' resolves outside the runs folder " + root);
        }
        try {
            Files.createDirectories(root);
            Path realRoot = root.toRealPath();
            // A segment that is a symbolic link could lead outside the runs folder: refuse it.
            Path walked = root;
            for (Path segment : root.relativize(directory)) {
                walked = walked.resolve(segment);
                if (Files.isSymbolicLink(walked)) {
                    throw new IllegalArgumentException("the run folder " + directory + " goes through the symbolic link "
                            + walked + "; run folders are not followed through links, remove it or choose another name");
                }
            }
            if (Files.exists(directory, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                if (!directory.toRealPath().startsWith(realRoot)) {
                    throw new IllegalArgumentException("the run folder " + directory + " is outside the runs folder " + root);
                }
                if (!Files.isDirectory(directory, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        || !Files.isRegularFile(directory.resolve(MARKER), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    throw new IllegalArgumentException("the run folder " + directory + " exists but was not created by "
                            + "ExternalRun (no " + MARKER + " file in it); it is left alone: remove it or choose another"
                            + " run name");
                }
                // A rerun replaces the folder, so no file of an earlier run is mistaken for this one's.
                // Files.walk does not follow links: a link in the folder is deleted, never its target.
                try (Stream<Path> old = Files.walk(directory)) {
                    for (Path path : old.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(path);
                    }
                }
            }
            Files.createDirectories(directory);
            Files.createFile(directory.resolve(MARKER));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the run folder " + directory, e);
        }
        return directory;
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** {@code setsid} of util-linux, when this is Linux and it is installed; null otherwise. */
    static final Path SETSID = findSetsid();

    private static Path findSetsid() {
        if (!System.getProperty("os.name", "").startsWith("Linux")
                || Boolean.getBoolean("triscale.externalRun.noSetsid")) {
            return null;
        }
        for (String candidate : List.of("/usr/bin/setsid", "/bin/setsid")) {
            Path path = Path.of(candidate);
            if (Files.isExecutable(path)) {
                return path;
            }
        }
        return null;
    }

    /** Whether a program can be started, checked before {@code setsid} is asked to, so the message stays ours. */
    private static void checkStartable(String program) {
        boolean found;
        if (program.contains("/")) {
            found = Files.isExecutable(Path.of(program)) && !Files.isDirectory(Path.of(program));
        } else {
            String path = System.getenv().getOrDefault("PATH", "");
            found = Arrays.stream(path.split(java.io.File.pathSeparator)).filter(folder -> !folder.isEmpty())
                    .map(folder -> Path.of(folder, program))
                    .anyMatch(file -> Files.isExecutable(file) && !Files.isDirectory(file));
        }
        if (!found) {
            throw new ExternalRunException("cannot start " + program + " (not found or not executable)"
                    + "; is it installed, executable and on the PATH?", null, null);
        }
    }

    /** A timeout in nanoseconds, at most {@code Long.MAX_VALUE} (292 years) instead of an overflow. */
    static long saturatedNanos(Duration timeout) {
        return timeout.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : timeout.toNanos();
    }

    /**
     * Kills a process and every descendant: the descendants are listed first, as they lose their
     * parent link once it dies; then, when the process was started by {@code setsid}, its whole
     * process group, which also holds the double-forked processes whose parent link is gone. What
     * cannot be reached: a process that called {@code setsid} or {@code setpgid} itself after
     * leaving the tree.
     */
    static void killTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (SETSID != null) {
            killGroup(process.pid());
        }
    }

    /**
     * Sends SIGKILL to the process group led by {@code pid}. Linux does not reuse a pid while a
     * process group of that number exists, so this reaches only the run's own processes.
     */
    private static void killGroup(long pid) {
        try {
            Process kill = new ProcessBuilder("kill", "-KILL", "--", "-" + pid)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!kill.waitFor(5, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
            }
        } catch (IOException e) {
            // no kill command: the descendants were killed above, the group cannot be reached
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String describe(Result result) {
        return "'" + String.join(" ", result.command()) + "' (run folder " + result.directory() + ")";
    }

    private static String tails(Result result) {
        StringBuilder text = new StringBuilder();
        if (!result.stderrTail().isBlank()) {
            text.append("; end of stderr:\n").append(result.stderrTail().strip());
        }
        if (!result.stdoutTail().isBlank()) {
            text.append("\n; end of stdout:\n").append(result.stdoutTail().strip());
        }
        return text.toString();
    }

    /** The last {@code bytes} bytes of a file, from the first whole line, as text. */
    static String tail(Path file, int bytes) {
        try (FileChannel channel = FileChannel.open(file)) {
            long size = channel.size();
            long from = Math.max(0, size - bytes);
            ByteBuffer buffer = ByteBuffer.allocate((int) (size - from));
            while (buffer.hasRemaining() && channel.read(buffer, from + buffer.position()) > 0) {
                // read until full
            }
            String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
            int firstBreak = text.indexOf('\n');
            return from > 0 && firstBreak >= 0 ? text.substring(firstBreak + 1) : text;
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * The outcome of one run.
     *
     * @param command    the command as run, placeholders replaced
     * @param directory  the run's working folder
     * @param exitCode   the exit code, −1 when the run timed out
     * @param timedOut   whether the run was killed at its timeout
     * @param elapsed    wall-clock time from start to exit
     * @param stdout     the file holding standard output
     * @param stderr     the file holding standard error
     * @param stdoutTail the last bytes of standard output (at most the builder's tail size)
     * @param stderrTail the last bytes of standard error
     */
    public record Result(List<String> command, Path directory, int exitCode, boolean timedOut, Duration elapsed,
                         Path stdout, Path stderr, String stdoutTail, String stderrTail) {
        /** Copies the command. */
        public Result {
            command = List.copyOf(command);
        }
    }

    /** Describes an {@link ExternalRun}; {@link #build()} checks it. */
    public static final class Builder {
        private final List<String> command = new ArrayList<>();
        private final Map<String, String> environment = new LinkedHashMap<>();
        private Path runsDirectory;
        private Duration timeout = Duration.ofMinutes(10);
        private Set<Integer> acceptedExitCodes = Set.of(0);
        private int tailBytes = 4096;

        private Builder(String program, String... arguments) {
            if (program == null || program.isBlank()) {
                throw new IllegalArgumentException("program must be a path or a name on the PATH, got '" + program + "'");
            }
            command.add(program);
            for (String argument : arguments) {
                command.add(Objects.requireNonNull(argument, "arguments must not be null"));
            }
        }

        /**
         * Sets an environment variable of the process; the value may hold seed placeholders.
         *
         * @param name  the variable
         * @param value its value
         * @return this builder
         */
        public Builder environment(String name, String value) {
            environment.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * Sets the folder under which each run gets its own folder (default
         * {@code <triscale.output.dir>/runs}: the output folder of the run's {@link RunContext}
         * for {@link ExternalRun#run(String, RunContext)}, the system property {@code triscale.output.dir}
         * for {@link ExternalRun#run(String, long)}, else {@code target/triscale/runs}; relative to the
         * working directory of the JVM).
         *
         * @param directory the folder
         * @return this builder
         */
        public Builder runsDirectory(Path directory) {
            runsDirectory = Objects.requireNonNull(directory, "directory");
            return this;
        }

        /**
         * Sets the time after which the process tree is killed and the run fails (default 10 minutes).
         *
         * @param limit a positive duration
         * @return this builder
         */
        public Builder timeout(Duration limit) {
            if (limit == null || limit.isNegative() || limit.isZero()) {
                throw new IllegalArgumentException("timeout must be positive, got " + limit
                        + "; give the longest a healthy run takes, with a margin");
            }
            timeout = limit;
            return this;
        }

        /**
         * Sets the exit codes that count as success (default: 0 only), e.g. for tools that exit 1
         * when they found something worth reporting.
         *
         * @param codes the accepted codes
         * @return this builder
         */
        public Builder acceptExitCodes(int... codes) {
            if (codes.length == 0) {
                throw new IllegalArgumentException("give at least one accepted exit code");
            }
            acceptedExitCodes = new TreeSet<>();
            for (int code : codes) {
                acceptedExitCodes.add(code);
            }
            return this;
        }

        /**
         * Sets how many bytes of the end of stdout and stderr are kept for results and messages (default 4,096).
         *
         * @param bytes from 0 to 1 MiB
         * @return this builder
         */
        public Builder tailBytes(int bytes) {
            if (bytes < 0 || bytes > 1 << 20) {
                throw new IllegalArgumentException("tailBytes must be in [0, 1048576], got " + bytes);
            }
            tailBytes = bytes;
            return this;
        }

        /**
         * Builds the description.
         *
         * @return the external run
         */
        public ExternalRun build() {
            return new ExternalRun(this);
        }
    }
}
