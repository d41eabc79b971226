package org.triscale.testbed.linux;

import org.apiguardian.api.API;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A test bed of Linux network namespaces joined by veth pairs through router namespaces, with
 * {@code htb}-shaped bottlenecks, senders with their own congestion control and ECN sysctl, and
 * addresses from the benchmarking range 198.18.0.0/15 only (RFC 2544): the part that a
 * {@link LinuxDumbbell} and a {@link LinuxParkingLot} share. Each sender sends to one receiver
 * ({@link #destination}); {@link TcpFlows} runs traffic on any of them.
 *
 * <p>Everything it creates lives in its namespaces, whose names start with
 * {@code tsl-<pid>-<start>-}, the JVM's process id and its start time (milliseconds, base 36): a
 * process id is reused once the ids wrap, the pair is not. {@link #close()} kills the processes
 * started by {@link #exec} with their descendants and any other process inside them, then deletes
 * them, as does a failed {@link BaseBuilder#build()} and a shutdown hook (which also deletes the
 * temporary folders of {@link TcpFlows}, {@code triscale-flows-<pid>-<start>-*}); namespaces and
 * temporary folders of an earlier JVM that is no longer alive (a {@code kill -9}, or a process id
 * now held by another process) are deleted the same way by {@link #removeStale()}, which the next
 * {@link BaseBuilder#build()} calls. {@link #leftovers()} lists what is left, for a check after the tests.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public abstract sealed class LinuxTestBed implements AutoCloseable permits LinuxDumbbell, LinuxParkingLot {
    /** The prefix of every namespace a test bed creates; the PID follows. */
    public static final String PREFIX = "tsl-";
    /** The prefix of the temporary folders of {@link TcpFlows}; the PID and start token follow. */
    static final String FLOWS_DIR_PREFIX = "triscale-flows-";
    /** A namespace of this version: {@code tsl-<pid>-<start token>-<counter>-<role>}. */
    private static final Pattern OURS = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-([0-9a-z]+)-\\d+-[a-z0-9]+");
    /** A namespace of an earlier version, without the start token: {@code tsl-<pid>-<counter>-<role>}. */
    private static final Pattern EARLIER = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-\\d+-[a-z0-9]+");
    /** A temporary folder of {@link TcpFlows}: {@code triscale-flows-<pid>-<start token>-<random>}. */
    private static final Pattern FLOWS_DIR = Pattern.compile(Pattern.quote(FLOWS_DIR_PREFIX) + "(\\d+)-([0-9a-z]+)-\\d+");
    /** A temporary folder of an earlier version, named with random digits only. */
    private static final Pattern EARLIER_FLOWS_DIR = Pattern.compile(Pattern.quote(FLOWS_DIR_PREFIX) + "\\d+");
    /** The age after which a folder of an earlier version, whose owner cannot be known, is deleted. */
    private static final Duration EARLIER_AGE = Duration.ofHours(1);
    /** This JVM's owner token: its process id and start time, e.g. {@code 123-lq2x8z0k}. */
    static final String OWNER = ProcessHandle.current().pid() + "-" + startToken(ProcessHandle.current());
    private static final Set<java.nio.file.Path> FLOWS_DIRS = ConcurrentHashMap.newKeySet();
    /** The highest bottleneck rate a test bed accepts. */
    public static final TcRate MAX_RATE = TcRate.mbps(500);
    /** The longest added delay a test bed accepts. */
    public static final Duration MAX_DELAY = Duration.ofSeconds(60);
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final Set<LinuxTestBed> OPEN = ConcurrentHashMap.newKeySet();
    private static final Set<ProcessHandle> STARTED = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            List.copyOf(OPEN).forEach(LinuxTestBed::close);
            // A SIGTERM ends the JVM without unwinding TcpFlows.run: its folder goes here.
            List.copyOf(FLOWS_DIRS).forEach(LinuxTestBed::deleteFolder);
        }, "triscale-testbed-cleanup"));
    }

    private final BaseBuilder<?, ?> settings;
    private final String prefix;
    private final List<String> namespaces = new ArrayList<>();
    private final Set<Process> processes = ConcurrentHashMap.newKeySet();
    private final Map<String, String> testBed = new LinkedHashMap<>();
    private volatile boolean closed;

    LinuxTestBed(BaseBuilder<?, ?> settings, String prefix) {
        this.settings = settings;
        this.prefix = prefix;
    }

    /** @return the prefix of this test bed's namespaces, e.g. {@code tsl-123-lq2x8z0k-0-} */
    String prefix() {
        return prefix;
    }

    /**
     * @param i the sender's index, from 0
     * @return the sender's namespace
     */
    public abstract String sender(int i);

    /**
     * @param i the sender's index, from 0
     * @return the sender's address
     */
    public abstract String sourceAddress(int i);

    /**
     * @param i the sender's index, from 0
     * @return the namespace of the receiver the sender's flows go to
     */
    public abstract String destination(int i);

    /**
     * @param i the sender's index, from 0
     * @return the address of the receiver the sender's flows go to
     */
    public abstract String destinationAddress(int i);

    /** @return what was set up, for {@code run.testBed(key, value)}: kernel, topology, rates, qdisc, delay, CCA per sender, offloads */
    public Map<String, String> testBed() {
        return Map.copyOf(testBed);
    }

    /**
     * Starts a process inside a namespace of this test bed ({@code ip netns exec}); {@link #close()}
     * kills it with its descendants if still running.
     *
     * @param namespace one of this test bed's namespaces (a sender's, a router's, a receiver's)
     * @param command   the program and its arguments
     * @return the started process, output merged into its input stream
     */
    public Process exec(String namespace, List<String> command) {
        Checks.notNull("namespace", namespace);
        Checks.notNull("command", command);
        checkOpen("exec");
        if (command.isEmpty() || command.stream().anyMatch(java.util.Objects::isNull)) {
            throw new IllegalArgumentException("command " + command + " must name a program and hold no null");
        }
        if (!namespaces.contains(namespace)) {
            throw new IllegalArgumentException("namespace " + namespace + " is not one of this test bed's " + namespaces);
        }
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        full.addAll(command);
        try {
            Process process = new ProcessBuilder(full).redirectErrorStream(true).start();
            processes.add(process);
            STARTED.add(process.toHandle());
            return process;
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot start " + String.join(" ", full) + ": " + e.getMessage(), e);
        }
    }

    /**
     * Kills the processes started here and every other process inside its namespaces, then deletes
     * the namespaces (and with them the veth pairs, which never leave them). Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        OPEN.remove(this);
        processes.forEach(p -> Commands.killTree(p.toHandle()));
        processes.clear();
        delete(List.copyOf(namespaces));
        namespaces.clear();
    }

    /** @return whether {@link #close()} was called */
    public boolean isClosed() {
        return closed;
    }

    /**
     * @param what the operation asked for, e.g. {@code TcpFlows.run}
     * @throws IllegalStateException when this test bed is closed
     */
    void checkOpen(String what) {
        if (closed) {
            throw new IllegalStateException(what + ": test bed " + getClass().getSimpleName() + " " + prefix
                    + "* is closed (its namespaces are deleted); run traffic inside the try-with-resources block"
                    + " that built it, or build a new one");
        }
    }

    /**
     * The congestion control of a sender's long flows: the one asked for, else the namespace's default.
     *
     * @param i the sender's index, from 0
     * @return the CCA name
     */
    public String congestionControl(int i) {
        String asked = settings.ccas.get(i);
        return asked != null ? asked : namespaceDefaultCca(i);
    }

    /**
     * The default congestion control of a sender's namespace, which the flows of a workload use:
     * the one asked for where the kernel allows it as a namespace's default, else the kernel's default.
     *
     * @param i the sender's index, from 0
     * @return the CCA name
     */
    public String namespaceDefaultCca(int i) {
        return testBed.get("cca.sender" + (i + 1) + ".namespaceDefault");
    }

    /** @return the bottleneck rate; of a test bed with several bottlenecks, the slowest */
    public TcRate rate() {
        return settings.slowestRate();
    }

    /** @return the number of sender namespaces */
    public int senders() {
        return settings.senderCount();
    }

    // A namespace is kept alive by the processes in it (and its veths with it): kill them first.
    private static void delete(List<String> names) {
        for (String namespace : names) {
            for (String pid : Commands.run(List.of("ip", "netns", "pids", namespace)).output().lines()
                    .map(String::strip).filter(l -> l.matches("\\d+")).toList()) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(Commands::killTree);
            }
        }
        if (!names.isEmpty()) {
            // One process for all; -force goes on past a namespace that is already gone.
            Commands.run(List.of("ip", "-force", "-batch", "-"),
                    names.stream().map(n -> "netns delete " + n + "\n").collect(java.util.stream.Collectors.joining()),
                    Commands.TIMEOUT_SECONDS);
        }
    }

    /**
     * Deletes what test beds of JVMs no longer alive left (a {@code kill -9}, a SIGTERM during a
     * run): namespaces named {@code tsl-<pid>-<start>-...}, after killing the processes left inside
     * them, and {@link TcpFlows}' temporary folders {@code triscale-flows-<pid>-<start>-*} in
     * {@code java.io.tmpdir}. The owner is gone when no process has the id, or the process that has
     * it started at another time (the id was reused). Names of earlier versions, without the start,
     * are deleted when no process has the id (namespaces) or when an hour old (folders, whose names
     * held no id). Nothing else is touched: other names, folders that are links, files inside that
     * are not regular files.
     *
     * @return the namespaces and folders deleted
     */
    public static List<String> removeStale() {
        List<String> removed = new ArrayList<>();
        Commands.Outcome list = Commands.run(List.of("ip", "netns", "list"));
        for (String line : list.output().lines().toList()) {
            String name = line.split("\\s+")[0];
            if (staleNamespace(name)) {
                removed.add(name);
            }
        }
        delete(removed);
        removed.addAll(removeStaleFolders(java.nio.file.Path.of(System.getProperty("java.io.tmpdir"))));
        return removed;
    }

    /** Whether a namespace name is one of this product's whose owner is gone. */
    static boolean staleNamespace(String name) {
        Matcher ours = OURS.matcher(name);
        if (ours.matches()) {
            return !alive(Long.parseLong(ours.group(1)), ours.group(2));
        }
        Matcher earlier = EARLIER.matcher(name);
        return earlier.matches() && ProcessHandle.of(Long.parseLong(earlier.group(1))).filter(ProcessHandle::isAlive).isEmpty();
    }

    /**
     * Deletes the stale temporary folders of {@link TcpFlows} in a folder.
     *
     * @param tmp the temporary folder, {@code java.io.tmpdir}
     * @return the folders deleted
     */
    static List<String> removeStaleFolders(java.nio.file.Path tmp) {
        List<String> removed = new ArrayList<>();
        List<java.nio.file.Path> candidates;
        try (var entries = java.nio.file.Files.newDirectoryStream(tmp, FLOWS_DIR_PREFIX + "*")) {
            candidates = new ArrayList<>();
            entries.forEach(candidates::add);
        } catch (java.io.IOException | RuntimeException e) {
            return removed;
        }
        for (java.nio.file.Path folder : candidates) {
            String name = folder.getFileName().toString();
            if (!java.nio.file.Files.isDirectory(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            Matcher ours = FLOWS_DIR.matcher(name);
            boolean stale;
            if (ours.matches()) {
                stale = !alive(Long.parseLong(ours.group(1)), ours.group(2));
            } else if (EARLIER_FLOWS_DIR.matcher(name).matches()) {
                try {
                    stale = java.nio.file.Files.getLastModifiedTime(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                            .toInstant().isBefore(java.time.Instant.now().minus(EARLIER_AGE));
                } catch (java.io.IOException e) {
                    stale = false;
                }
            } else {
                stale = false;
            }
            if (stale && deleteFolder(folder)) {
                removed.add(folder.toString());
            }
        }
        return removed;
    }

    /** Whether the process {@code pid} is alive and is the one that started at the time of {@code token}. */
    static boolean alive(long pid, String token) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .map(p -> startToken(p).equals(token) || startToken(p).equals(UNKNOWN_START))
                .orElse(false);
    }

    private static final String UNKNOWN_START = "0";

    /** A process's start time in milliseconds, base 36; "0" where the system does not tell it. */
    static String startToken(ProcessHandle process) {
        return process.info().startInstant().map(t -> Long.toString(t.toEpochMilli(), 36)).orElse(UNKNOWN_START);
    }

    /**
     * Creates a temporary folder for {@link TcpFlows}, named after this JVM, deleted by the shutdown
     * hook if the run does not end (a SIGTERM) and by {@link #removeStale()} after a {@code kill -9}.
     */
    static java.nio.file.Path createFlowsFolder() throws java.io.IOException {
        java.nio.file.Path folder = java.nio.file.Files.createTempDirectory(FLOWS_DIR_PREFIX + OWNER + "-");
        FLOWS_DIRS.add(folder);
        return folder;
    }

    /**
     * Deletes a folder made by {@link #createFlowsFolder()} and the regular files in it; a link or a
     * subfolder inside (which the product never makes) keeps it.
     *
     * @return whether the folder is gone
     */
    static boolean deleteFolder(java.nio.file.Path folder) {
        FLOWS_DIRS.remove(folder);
        try (var files = java.nio.file.Files.newDirectoryStream(folder)) {
            for (java.nio.file.Path file : files) {
                if (java.nio.file.Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    java.nio.file.Files.deleteIfExists(file);
                }
            }
            java.nio.file.Files.deleteIfExists(folder);
            return true;
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * What this JVM's test beds left behind, for a check after a test: namespaces still listed
     * (their veth pairs live only inside them) and processes started by {@link #exec} still alive,
     * with their descendants.
     *
     * @return one line per leftover; empty when everything was removed
     */
    public static List<String> leftovers() {
        List<String> left = new ArrayList<>();
        ownNamespaces().forEach(n -> left.add("namespace " + n));
        STARTED.removeIf(p -> !p.isAlive());
        for (ProcessHandle p : STARTED) {
            left.add("process " + p.pid() + " " + p.info().commandLine().orElse("?"));
            p.descendants().forEach(d -> left.add("process " + d.pid() + " " + d.info().commandLine().orElse("?")));
        }
        return left;
    }

    /** @return the names of this JVM's live namespaces (for leak checks) */
    public static List<String> ownNamespaces() {
        String mine = PREFIX + OWNER + "-";
        return Commands.run(List.of("ip", "netns", "list")).output().lines().map(l -> l.split("\\s+")[0])
                .filter(n -> n.startsWith(mine)).toList();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + testBed;
    }

    /**
     * The settings every test bed shares (rate, delay, loss, queue, ECN, offloads, CCAs), the
     * command lines for its pieces (a sender, a receiver, a router link, a bottleneck) and the
     * building: {@link #commands(String)} gives the command lines without running them,
     * {@link #build()} runs them.
     *
     * @param <B> the concrete builder, returned by the setters
     * @param <T> the test bed it builds
     */
    public abstract static sealed class BaseBuilder<B extends BaseBuilder<B, T>, T extends LinuxTestBed>
            permits LinuxDumbbell.Builder, LinuxParkingLot.Builder {
        TcRate rate = TcRate.mbps(50);
        private Duration delay = Duration.ZERO;
        private double lossPercent;
        Queue queue = Queue.pfifo(100);
        boolean ecn;
        // One segment per packet by default, so a queue limit in packets counts wire-sized packets
        // (veth passes a sender's 64 KB TSO segments unsplit to the router's queue otherwise).
        private int gsoMaxSize = 1514;
        private final Map<Integer, String> ccas = new LinkedHashMap<>();

        BaseBuilder() {
        }

        abstract B self();

        /** @return the number of senders */
        abstract int senderCount();

        /** @return the slowest bottleneck's rate */
        TcRate slowestRate() {
            return rate;
        }

        /** Adds the topology's commands (namespaces, links, routes, bottlenecks) for {@code prefix}. */
        abstract void topology(String prefix, List<List<String>> c);

        /** Adds the topology's fingerprint entries: {@code topology} and its bottleneck(s). */
        abstract void describe(Map<String, String> t);

        abstract T create(String prefix);

        /**
         * @param value the bottleneck rate (of every bottleneck), at most 500 Mbit/s
         * @return this builder
         */
        public B rate(TcRate value) {
            rate = checkRate("rate", value);
            return self();
        }

        static TcRate checkRate(String name, TcRate value) {
            Checks.notNull(name, value);
            if (value.bitsPerSecond() > MAX_RATE.bitsPerSecond()) {
                throw new IllegalArgumentException(name + " = " + value + " must be at most " + MAX_RATE
                        + ": beyond, a small machine's CPUs, not the bottleneck, limit the flows; give e.g. TcRate.mbps(50)");
            }
            return value;
        }

        /**
         * The added round-trip delay. netem is given whole microseconds: a delay that is not a whole
         * number of them is rounded up to the next one (1 ns becomes 1 us), so that a positive delay
         * never becomes netem's {@code 0us}; the fingerprint shows the delay applied.
         *
         * @param value the added round-trip delay of every sender (netem on the ACK path), from 0 to
         *              {@link #MAX_DELAY}; needs netem unless zero
         * @return this builder
         */
        public B delay(Duration value) {
            Checks.notNull("delay", value);
            if (value.isNegative() || value.compareTo(MAX_DELAY) > 0) {
                throw new IllegalArgumentException("delay = " + value + " must be from 0 to " + MAX_DELAY
                        + " (a run lasts at most 60 s); give e.g. Duration.ofMillis(20)");
            }
            delay = value;
            return self();
        }

        /**
         * @param percent random loss on every sender's data path, in [0, 100); needs netem unless zero
         * @return this builder
         */
        public B loss(double percent) {
            if (!(percent >= 0 && percent < 100)) {
                throw new IllegalArgumentException("loss = " + percent + " % must be in [0, 100)");
            }
            lossPercent = percent;
            return self();
        }

        /**
         * @param value the bottleneck's qdisc (of every bottleneck)
         * @return this builder
         */
        public B queue(Queue value) {
            queue = Checks.notNull("queue", value);
            return self();
        }

        /**
         * @param on ECN: marking in the queue and {@code net.ipv4.tcp_ecn=1} in every namespace
         * @return this builder
         */
        public B ecn(boolean on) {
            ecn = on;
            return self();
        }

        /**
         * @param bytes {@code gso_max_size} and {@code gro_max_size} of every veth end: 1514 (the default)
         *              keeps every packet at most one MTU, 65536 gives the kernel's large segments
         * @return this builder
         */
        public B gsoMaxSize(int bytes) {
            if (bytes < 1500 || bytes > 65536) {
                throw new IllegalArgumentException("gsoMaxSize = " + bytes + " must be in [1500, 65536]");
            }
            gsoMaxSize = bytes;
            return self();
        }

        /**
         * @param sender the sender's index, from 0
         * @param cca    a name from {@code tcp_available_congestion_control} ({@code cubic}, {@code bbr}, ...)
         * @return this builder
         */
        public B congestionControl(int sender, String cca) {
            Checks.notNull("cca", cca);
            if (sender < 0) {
                throw new IllegalArgumentException("congestionControl(" + sender + ", \"" + cca + "\"): sender must be"
                        + " at least 0 (the first sender is 0)");
            }
            if (!cca.matches("[a-z0-9_]+")) {
                throw new IllegalArgumentException("congestion control '" + cca + "' is not a kernel CCA name");
            }
            ccas.put(sender, cca);
            return self();
        }

        /** @return the CCAs per sender, in order; senders without one keep the kernel default */
        Map<Integer, String> ccas() {
            return ccas;
        }

        /**
         * The command lines {@link #build()} runs, for a test bed whose namespaces start with {@code prefix}.
         *
         * @param prefix the namespace prefix, e.g. {@code tsl-123-0-}
         * @return the commands, in order
         */
        public List<List<String>> commands(String prefix) {
            for (int sender : ccas.keySet()) {
                if (sender < 0 || sender >= senderCount()) {
                    throw new IllegalArgumentException("congestionControl(" + sender + ", ...) names no sender; senders = " + senderCount());
                }
            }
            List<List<String>> c = new ArrayList<>();
            topology(prefix, c);
            return c;
        }

        /** Creates namespaces with their loopback up; routers also forward. */
        static void namespaces(List<List<String>> c, List<String> hosts, List<String> routers) {
            List<String> all = new ArrayList<>(hosts);
            all.addAll(routers);
            for (String ns : all) {
                c.add(List.of("ip", "netns", "add", ns));
                c.add(List.of("ip", "-n", ns, "link", "set", "lo", "up"));
            }
            routers.forEach(rt -> c.add(sysctl(rt, "net.ipv4.ip_forward=1")));
        }

        /**
         * A veth pair from {@code a} to {@code b}, created inside them (never in the host's namespace),
         * with {@code /24} addresses {@code subnet.1} on {@code a} and {@code subnet.2} on {@code b}, both ends up.
         */
        void veth(List<List<String>> c, String a, String devA, String b, String devB, String subnet) {
            c.add(List.of("ip", "link", "add", devA, "netns", a, "type", "veth", "peer", "name", devB, "netns", b));
            c.add(List.of("ip", "-n", a, "addr", "add", subnet + ".1/24", "dev", devA));
            c.add(List.of("ip", "-n", b, "addr", "add", subnet + ".2/24", "dev", devB));
            link(c, a, devA);
            link(c, b, devB);
        }

        /**
         * A sender at {@code subnet.1} behind router {@code rt}'s {@code dev}: default route, netem
         * delay (router side, the ACK path) and loss (sender side, the data path) when asked, ECN,
         * no saved metrics, and its CCA as the namespace's default.
         */
        void sender(List<List<String>> c, int i, String ns, String rt, String dev, String subnet) {
            veth(c, ns, "eth0", rt, dev, subnet);
            c.add(List.of("ip", "-n", ns, "route", "add", "default", "via", subnet + ".2"));
            if (!delay.isZero()) {
                c.add(List.of("tc", "-n", rt, "qdisc", "add", "dev", dev, "root", "netem", "delay",
                        micros(delay) + "us", "limit", "100000"));
            }
            if (lossPercent > 0) {
                // Plain decimals: tc reads no exponent, and a small double prints as 1.0E-4.
                c.add(List.of("tc", "-n", ns, "qdisc", "add", "dev", "eth0", "root", "netem", "loss",
                        plain(lossPercent) + "%", "limit", "100000"));
            }
            c.add(sysctl(ns, "net.ipv4.tcp_ecn=" + (ecn ? 1 : 0)));
            // Runs on one test bed stay independent: no ssthresh or RTT carried over from a past connection.
            c.add(sysctl(ns, "net.ipv4.tcp_no_metrics_save=1"));
            String cca = ccas.get(i);
            if (cca != null) {
                c.add(sysctl(ns, "net.ipv4.tcp_congestion_control=" + cca));
            }
        }

        /** A receiver at {@code subnet.1} behind router {@code rt}'s {@code dev}, with its default route and ECN. */
        void receiver(List<List<String>> c, String ns, String rt, String dev, String subnet) {
            veth(c, ns, "eth0", rt, dev, subnet);
            c.add(List.of("ip", "-n", ns, "route", "add", "default", "via", subnet + ".2"));
            c.add(sysctl(ns, "net.ipv4.tcp_ecn=" + (ecn ? 1 : 0)));
        }

        /** A bottleneck on {@code rt}'s {@code dev}: htb shapes, the chosen qdisc queues (htb's own leaf would be a pfifo). */
        void bottleneck(List<List<String>> c, String rt, String dev, TcRate shaped) {
            c.add(List.of("tc", "-n", rt, "qdisc", "add", "dev", dev, "root", "handle", "1:", "htb", "default", "1"));
            c.add(List.of("tc", "-n", rt, "class", "add", "dev", dev, "parent", "1:", "classid", "1:1", "htb",
                    "rate", shaped.tc(), "ceil", shaped.tc()));
            List<String> leaf = new ArrayList<>(List.of("tc", "-n", rt, "qdisc", "add", "dev", dev, "parent", "1:1",
                    "handle", "10:", queue.kind()));
            leaf.addAll(queue.withEcn(ecn).tcArguments());
            c.add(leaf);
        }

        /** @return a bottleneck as the fingerprint names it, e.g. {@code htb rate 50000kbit, pfifo limit 100} */
        String bottleneck(TcRate shaped) {
            return "htb rate " + shaped.tc() + ", " + queue.withEcn(ecn);
        }

        private void link(List<List<String>> c, String ns, String dev) {
            c.add(List.of("ip", "-n", ns, "link", "set", "dev", dev, "gso_max_size", Integer.toString(gsoMaxSize),
                    "gro_max_size", Integer.toString(gsoMaxSize), "up"));
        }

        static List<String> sysctl(String ns, String setting) {
            return List.of("ip", "netns", "exec", ns, "sysctl", "-q", "-w", setting);
        }

        /** A decimal without exponent, which tc reads: 1.0E-4 is written 0.0001. */
        static String plain(double value) {
            return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        }

        /** Whole microseconds, rounded up: netem's unit here; a positive delay stays positive. */
        static long micros(Duration d) {
            long nanos = d.toNanos();
            return nanos / 1000 + (nanos % 1000 == 0 ? 0 : 1);
        }

        /**
         * What this test bed needs of the kernel: qdiscs (the queue, netem for delay or loss) and CCAs.
         *
         * @return the requirement
         */
        public LinuxCapabilities.Requirement requirement() {
            List<String> qdiscs = new ArrayList<>(List.of("htb", queue.kind()));
            if (!delay.isZero() || lossPercent > 0) {
                qdiscs.add("netem");
            }
            return new LinuxCapabilities.Requirement(qdiscs, List.copyOf(new LinkedHashSet<>(ccas.values())));
        }

        /**
         * Creates the namespaces, links, shaping and sysctls; on any failure removes what it made.
         *
         * @return the test bed, to be closed
         * @throws LinuxCapabilities.MissingCapabilityException when the kernel or user lacks a needed piece
         */
        public T build() {
            LinuxCapabilities.probe().require(requirement());
            removeStale();
            String prefix = PREFIX + OWNER + "-" + COUNTER.getAndIncrement() + "-";
            List<List<String>> commands = commands(prefix);
            T bed = create(prefix);
            OPEN.add(bed);
            try {
                // Listed before they exist, so that a failure part way removes every one made.
                for (List<String> command : commands) {
                    if (command.size() == 4 && command.get(2).equals("add") && command.get(1).equals("netns")) {
                        ((LinuxTestBed) bed).namespaces.add(command.get(3));
                    }
                }
                // A CCA as a namespace's default is refused where the kernel allows it per socket only; read back below.
                Commands.checkAll(commands, command -> String.join(" ", command).contains("tcp_congestion_control="));
            } catch (RuntimeException e) {
                bed.close();
                throw e;
            }
            Map<String, String> t = ((LinuxTestBed) bed).testBed;
            t.put("kernel", LinuxCapabilities.probe().kernel());
            describe(t);
            t.put("delay", delay.isZero() ? "none added" : "netem " + micros(delay) + " us (ACK path)");
            t.put("loss", lossPercent > 0 ? "netem " + plain(lossPercent)
                    + " % (data path)" : "none added");
            t.put("ecn", ecn ? "tcp_ecn=1" : "tcp_ecn=0");
            t.put("offloads", "gso_max_size/gro_max_size " + gsoMaxSize + " on every veth");
            for (int i = 0; i < senderCount(); i++) {
                String namespaceDefault = Commands.run(List.of("ip", "netns", "exec", bed.sender(i), "sysctl", "-n",
                        "net.ipv4.tcp_congestion_control")).output().strip();
                t.put("cca.sender" + (i + 1), ccas.getOrDefault(i, namespaceDefault));
                t.put("cca.sender" + (i + 1) + ".namespaceDefault", namespaceDefault);
            }
            return bed;
        }
    }
}
