package org.triscale.samples;

import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.testbed.ExternalRun;
import org.triscale.testbed.Iperf3Json;

/**
 * A real TCP stack under test: iperf3 between two network namespaces joined by a veth pair, the
 * sender's side shaped to 20 Mbit/s by a token-bucket filter ({@code tc qdisc ... tbf}) with at
 * most 20 ms of queue. Each run is one 2 s iperf3 transfer, started with {@link ExternalRun}
 * (timeout, output in {@code target/triscale/runs/}) and read with {@link Iperf3Json}.
 *
 * <p>Needs root, {@code iperf3}, {@code ip} and {@code tc} ({@code apt-get install iperf3
 * iproute2}); skipped with that message otherwise. Traffic stays inside the two namespaces this
 * class creates, on addresses of the benchmarking range 198.18.0.0/15; they are removed after the
 * class, also when a run fails, and namespaces left by a killed earlier JVM are removed first.
 * About 12 s in all, so the class name ends in {@code Tests}, outside the quick sample pattern.
 *
 * <p>The first 0.5 s of each transfer are left out (slow start fills the socket buffer, which
 * iperf3's sender counts as sent). Metrics: the median of the throughput intervals and the 95th
 * percentile of the smoothed RTT. Measured here: 14–23 Mbit/s per interval, RTT 2–25 ms.
 */
@Iperf3NamespaceTests.RequiresRootAndIperf3
@ResourceLock("network-namespaces")
class Iperf3NamespaceTests {
    private static final String PREFIX = "triscale-";
    private static final Pattern OURS = Pattern.compile(PREFIX + "(\\d+)-[ab]");
    private static final String SENDER = PREFIX + ProcessHandle.current().pid() + "-a";
    private static final String RECEIVER = PREFIX + ProcessHandle.current().pid() + "-b";
    private static final String RECEIVER_ADDRESS = "198.18.0.2";
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(15);
    private static Process server;

    @BeforeAll
    static void createNamespaces() throws Exception {
        removeStaleNamespaces();
        run("ip", "netns", "add", SENDER);
        run("ip", "netns", "add", RECEIVER);
        run("ip", "link", "add", "veth-a", "netns", SENDER, "type", "veth", "peer", "name", "veth-b", "netns", RECEIVER);
        run("ip", "-n", SENDER, "addr", "add", "198.18.0.1/30", "dev", "veth-a");
        run("ip", "-n", RECEIVER, "addr", "add", RECEIVER_ADDRESS + "/30", "dev", "veth-b");
        run("ip", "-n", SENDER, "link", "set", "veth-a", "up");
        run("ip", "-n", RECEIVER, "link", "set", "veth-b", "up");
        run("tc", "-n", SENDER, "qdisc", "add", "dev", "veth-a", "root", "tbf", "rate", "20mbit", "burst", "20kb",
                "latency", "20ms");
        Path log = ExternalRun.DEFAULT_RUNS_DIRECTORY.resolve("Iperf3NamespaceTests/server.log");
        Files.createDirectories(log.getParent());
        server = new ProcessBuilder("ip", "netns", "exec", RECEIVER, "iperf3", "--server", "--bind", RECEIVER_ADDRESS)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        for (int i = 0; i < 100 && !Files.readString(log).contains("Server listening"); i++) {
            Thread.sleep(50);
        }
    }

    @AfterAll
    static void removeNamespaces() throws Exception {
        if (server != null) {
            server.destroyForcibly();
            server.waitFor(5, TimeUnit.SECONDS);
        }
        // Deleting a namespace removes its end of the veth pair, and with it the other end.
        deleteNamespace(SENDER);
        deleteNamespace(RECEIVER);
    }

    // robustness = 1 (10 runs): one run starved by a busy machine does not decide the KPIs alone.
    @Runs(kpiPercentile = 75, kpiConfidence = 75, robustness = 1)
    @Metric(name = "throughput", unit = "Mbit/s", bounds = {0, 25})
    @Metric(name = "rtt", samplePercentile = 95, unit = "ms", bounds = {0, 100})
    @Kpi(metric = "throughput", percentile = 25, atLeast = 12)
    @Kpi(metric = "rtt", percentile = 75, atMost = 60)
    void tcpOverAShapedLink(RunContext run) throws InterruptedException {
        ExternalRun.Result result = ExternalRun.command("ip", "netns", "exec", SENDER,
                        "iperf3", "--client", RECEIVER_ADDRESS, "--time", "2", "--interval", "0.25", "--json")
                .timeout(RUN_TIMEOUT)
                .build()
                .run("Iperf3NamespaceTests/series-" + run.series() + "/run-" + run.run(), run);
        Iperf3Json.Report report = Iperf3Json.read(result.stdout());
        run.testBed("iperf3", report.version());
        run.testBed("link", "veth, tbf 20mbit burst 20kb latency 20ms");
        for (Iperf3Json.Interval interval : report.intervals()) {
            if (interval.start() < 0.5) {
                continue;
            }
            run.recordSample("throughput", interval.end(), interval.bitsPerSecond() / 1e6);
            for (Iperf3Json.Stream stream : interval.streams()) {
                run.recordSample("rtt", interval.end(), stream.rttMicros() / 1000);
            }
        }
    }

    private static void removeStaleNamespaces() throws IOException, InterruptedException {
        for (String line : run("ip", "netns", "list").lines().toList()) {
            Matcher name = OURS.matcher(line.split("\\s+")[0]);
            if (name.matches() && ProcessHandle.of(Long.parseLong(name.group(1))).isEmpty()) {
                deleteNamespace(name.group());
            }
        }
    }

    private static void deleteNamespace(String name) throws IOException, InterruptedException {
        Process delete = new ProcessBuilder("ip", "netns", "delete", name).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        delete.waitFor(10, TimeUnit.SECONDS);
    }

    /** Runs a set-up command, returning its output; fails with that output when it fails. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output.strip());
        }
        return output;
    }

    /** Enabled for root with iperf3, ip and tc on the PATH; disabled with what is missing otherwise. */
    @Target(ElementType.TYPE)
    @Retention(RetentionPolicy.RUNTIME)
    @ExtendWith(RequiresRootAndIperf3.Condition.class)
    @interface RequiresRootAndIperf3 {
        /** Checks the user and the PATH. */
        final class Condition implements ExecutionCondition {
            @Override
            public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
                List<String> missing = new ArrayList<>();
                if (!"root".equals(System.getProperty("user.name"))) {
                    missing.add("root (network namespaces need it)");
                }
                for (String tool : List.of("iperf3", "ip", "tc")) {
                    if (!onPath(tool)) {
                        missing.add(tool);
                    }
                }
                if (!missing.isEmpty()) {
                    return ConditionEvaluationResult.disabled("iperf3 over network namespaces needs "
                            + String.join(", ", missing) + "; install with 'apt-get install iperf3 iproute2' and run as root");
                }
                // Root in a container without CAP_NET_ADMIN cannot create namespaces: try once.
                String probe = PREFIX + ProcessHandle.current().pid() + "-probe";
                try {
                    run("ip", "netns", "add", probe);
                    deleteNamespace(probe);
                    return ConditionEvaluationResult.enabled("root with iperf3, ip and tc, network namespaces allowed");
                } catch (IOException | IllegalStateException e) {
                    return ConditionEvaluationResult.disabled("cannot create a network namespace (" + e.getMessage()
                            + "); run as root with CAP_NET_ADMIN, e.g. outside a container or in a privileged one");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return ConditionEvaluationResult.disabled("interrupted while probing for network namespaces");
                }
            }

            private static boolean onPath(String tool) {
                String path = System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/sbin";
                for (String directory : path.split(":")) {
                    if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, tool))) {
                        return true;
                    }
                }
                return false;
            }
        }
    }
}
