package org.triscale.samples.ns3;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The ns-3 backend: finds ns-3, compiles the dumbbell scenario once into a cache, runs it with a seed
 * and a wall-clock bound, and returns the parsed {@link Ns3Trace}.
 *
 * <p>In a test:
 * <pre>{@code
 * Ns3 ns3 = Ns3.requireOrSkip(TestAbortedException::new);   // skip without ns-3, unless required
 * Ns3Trace trace = ns3.run(scenario, context.seed(), Duration.ofSeconds(60));
 * }</pre>
 *
 * <p>Configuration (system properties): {@value #BACKEND_PROPERTY}{@code =ns3} makes a missing ns-3
 * a failure instead of a skip; {@value #PREFIX_PROPERTY} points at an ns-3 installation or build
 * folder; {@value #COMPILER_PROPERTY} names the C++ compiler; {@value #CACHE_PROPERTY} moves the
 * build cache (default {@code target/ns3-cache} under the working directory).
 */
public final class Ns3 {
    /** System property naming the sample suite's backend; {@code ns3} makes ns-3 mandatory. */
    public static final String BACKEND_PROPERTY = "triscale.samples.backend";
    /** System property: an ns-3 installation prefix or build folder to use instead of the system's. */
    public static final String PREFIX_PROPERTY = "triscale.ns3.prefix";
    /** System property: the C++ compiler (name on the PATH or path); default g++. */
    public static final String COMPILER_PROPERTY = "triscale.ns3.cxx";
    /** System property: folder of the compiled-scenario cache. */
    public static final String CACHE_PROPERTY = "triscale.ns3.cache";

    static final String SCENARIO = "dumbbell";
    private static final Duration COMPILE_BOUND = Duration.ofMinutes(10);
    private static final int MAX_ERROR_OUTPUT = 10_000;

    private final Ns3Installation installation;
    private final Ns3Compiler compiler;

    private Ns3(Ns3Installation installation, Path cacheDirectory) {
        this.installation = installation;
        this.compiler = new Ns3Compiler(installation, cacheDirectory, COMPILE_BOUND);
    }

    /** Detection runs once per JVM: it starts a few processes. */
    private static final class Detected {
        static final Ns3Availability AVAILABILITY = Ns3Detector.detect(Ns3Detector.fromEnvironment());
    }

    /**
     * Whether ns-3 and a C++ compiler are installed (detected once per JVM).
     *
     * @return the availability, with a message saying what was found or how to install ns-3
     */
    public static Ns3Availability availability() {
        return Detected.AVAILABILITY;
    }

    /**
     * Whether the configuration demands ns-3: system property {@value #BACKEND_PROPERTY} or environment
     * variable {@code TRISCALE_SAMPLES_BACKEND} equal to {@code ns3}.
     *
     * @return true if a missing ns-3 must fail the tests
     */
    public static boolean required() {
        String value = System.getProperty(BACKEND_PROPERTY);
        if (value == null || value.isBlank()) {
            value = System.getenv("TRISCALE_SAMPLES_BACKEND");
        }
        return value != null && value.trim().toLowerCase(Locale.ROOT).equals("ns3");
    }

    /**
     * The backend if ns-3 is installed; otherwise a skip, or a failure when {@link #required()}.
     *
     * @param skip turns the "how to install" message into the exception that skips a test, e.g.
     *             {@code TestAbortedException::new} for JUnit
     * @param <E>  the skip exception type
     * @return the backend with the default cache folder
     * @throws Ns3UnavailableException if ns-3 is missing and required
     */
    public static <E extends RuntimeException> Ns3 requireOrSkip(Function<String, E> skip) {
        return requireOrSkip(required(), skip);
    }

    /**
     * Like {@link #requireOrSkip(Function)} with the decision given, e.g. from a JUnit configuration
     * parameter.
     *
     * @param required true if a missing ns-3 must fail
     * @param skip     turns the message into the exception that skips a test
     * @param <E>      the skip exception type
     * @return the backend with the default cache folder
     * @throws Ns3UnavailableException if ns-3 is missing and required
     */
    public static <E extends RuntimeException> Ns3 requireOrSkip(boolean required, Function<String, E> skip) {
        return decide(availability(), required, skip);
    }

    static <E extends RuntimeException> Ns3 decide(Ns3Availability availability, boolean required,
                                                   Function<String, E> skip) {
        Objects.requireNonNull(skip, "skip");
        if (availability.available()) {
            return using(availability.installation().orElseThrow(), defaultCacheDirectory());
        }
        if (required) {
            throw new Ns3UnavailableException(availability.message() + " (" + BACKEND_PROPERTY
                    + "=ns3 makes a missing ns-3 a failure)");
        }
        throw Objects.requireNonNull(skip.apply(availability.message()), "skip returned null");
    }

    /**
     * The backend for a given installation and cache folder.
     *
     * @param installation   ns-3 and compiler to use
     * @param cacheDirectory folder for compiled scenarios (created if missing)
     * @return the backend
     */
    public static Ns3 using(Ns3Installation installation, Path cacheDirectory) {
        Objects.requireNonNull(installation, "installation");
        Objects.requireNonNull(cacheDirectory, "cacheDirectory");
        return new Ns3(installation, cacheDirectory);
    }

    /**
     * The cache folder: system property {@value #CACHE_PROPERTY}, else {@code target/ns3-cache} under
     * the working directory (the module folder under Maven).
     *
     * @return the folder
     */
    public static Path defaultCacheDirectory() {
        String configured = System.getProperty(CACHE_PROPERTY);
        return configured != null && !configured.isBlank() ? Path.of(configured.trim())
                : Path.of("target", "ns3-cache");
    }

    /**
     * The ns-3 run number for a seed: the seed's 64 bits read as an unsigned number, so every long maps
     * to its own run in ns-3's {@code RngRun} range [0, 2^64 - 1].
     *
     * @param seed any seed, e.g. {@code RunContext.seed()}
     * @return the decimal run number
     */
    public static String runNumber(long seed) {
        return Long.toUnsignedString(seed);
    }

    /**
     * The installation this backend uses.
     *
     * @return the installation
     */
    public Ns3Installation installation() {
        return installation;
    }

    /**
     * The compiled scenario, compiling it first if the cache lacks it.
     *
     * @return the executable
     * @throws Ns3CompilationException with the compiler's output if the scenario does not compile
     */
    public Path executable() {
        return compiler.ensureCompiled(SCENARIO, scenarioSource()).executable();
    }

    Ns3Compiler compiler() {
        return compiler;
    }

    /**
     * Runs a scenario. The bound covers the simulator process only; compiling (first use) comes before.
     *
     * @param scenario  what to simulate
     * @param seed      the run's seed, passed as {@code --RngRun=}{@link #runNumber(long)}
     * @param timeBound wall-clock bound of the run, positive
     * @return the parsed output
     * @throws Ns3TimeoutException     if the run exceeds the bound (the process is killed)
     * @throws Ns3RunException         if the simulator fails or prints malformed output
     * @throws Ns3CompilationException if the scenario does not compile
     */
    public Ns3Trace run(Ns3Scenario scenario, long seed, Duration timeBound) {
        Objects.requireNonNull(scenario, "scenario");
        return run(scenario.arguments(), scenario.toString(), seed, timeBound);
    }

    /** Runs the scenario with raw arguments; {@code description} names the run in messages. */
    Ns3Trace run(List<String> arguments, String description, long seed, Duration timeBound) {
        if (timeBound == null || timeBound.isNegative() || timeBound.isZero()) {
            throw new IllegalArgumentException("timeBound must be a positive duration, got " + timeBound
                    + "; give the wall-clock time a run may take, e.g. Duration.ofSeconds(60)");
        }
        Path executable = executable();
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(arguments);
        command.add("--RngRun=" + runNumber(seed));
        Path output = null;
        Path errors = null;
        try {
            output = Files.createTempFile("triscale-ns3-", ".out");
            errors = Files.createTempFile("triscale-ns3-", ".err");
            return runProcess(command, description, seed, timeBound, output, errors);
        } catch (IOException e) {
            throw new Ns3RunException("cannot run " + String.join(" ", command) + ": " + e.getMessage(), -1, "", e);
        } finally {
            Processes.deleteQuietly(output);
            Processes.deleteQuietly(errors);
        }
    }

    private static Ns3Trace runProcess(List<String> command, String description, long seed, Duration timeBound,
                                       Path output, Path errors) throws IOException {
        Process process = new ProcessBuilder(command).redirectOutput(output.toFile()).redirectError(errors.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Processes.nullFile())).start();
        try {
            if (!process.waitFor(timeBound.toNanos(), TimeUnit.NANOSECONDS)) {
                Processes.kill(process);
                throw new Ns3TimeoutException("ns-3 run exceeded its wall-clock bound of " + timeBound
                        + " and was killed (pid " + process.pid() + ", seed " + seed + ", " + description
                        + "); raise the bound or shorten the simulated time", timeBound, process.pid());
            }
        } catch (InterruptedException e) {
            Processes.kill(process);
            Thread.currentThread().interrupt();
            throw new Ns3RunException("interrupted while waiting for ns-3 (the process was killed)", -1, "", e);
        }
        int exitCode = process.exitValue();
        if (exitCode != 0) {
            String stderr = Processes.tail(errors, MAX_ERROR_OUTPUT);
            throw new Ns3RunException("ns-3 run failed with exit code " + exitCode + " (seed " + seed + ", "
                    + String.join(" ", command) + "):\n" + stderr, exitCode, stderr, null);
        }
        try (BufferedReader reader = Files.newBufferedReader(output, StandardCharsets.UTF_8)) {
            return Ns3Trace.parse(reader);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            String stderr = Processes.tail(errors, MAX_ERROR_OUTPUT);
            throw new Ns3RunException("cannot read the ns-3 output (seed " + seed + ", " + description + "): "
                    + e.getMessage() + (stderr.isBlank() ? "" : "\nstandard error:\n" + stderr), 0, stderr, e);
        }
    }

    static String scenarioSource() {
        try (InputStream in = Ns3.class.getResourceAsStream(SCENARIO + ".cc")) {
            if (in == null) {
                throw new IllegalStateException("resource " + SCENARIO + ".cc is missing next to " + Ns3.class.getName()
                        + "; the sample-tests build is broken");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the " + SCENARIO + ".cc resource", e);
        }
    }
}
