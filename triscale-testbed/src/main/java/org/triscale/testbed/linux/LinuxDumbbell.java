package org.triscale.testbed.linux;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A dumbbell of Linux network namespaces: {@code n} sender namespaces, a router namespace and a
 * receiver namespace joined by veth pairs, addresses from the benchmarking range 198.18.0.0/15
 * only (sender {@code i} is {@code 198.18.i.1}, the receiver {@code 198.19.0.1}). The router's
 * interface towards the receiver is the bottleneck: {@code htb} at the given rate with the chosen
 * {@link Queue} as its child. Delay is added by {@code netem} on the router's interfaces towards
 * the senders (the ACK path), loss by {@code netem} on each sender's interface (the data path).
 * Every veth end has {@code gso_max_size}/{@code gro_max_size} 1514 unless told otherwise, so
 * queued packets are at most one MTU. Each sender has its own congestion control (set per socket
 * by {@link TcpFlows}' long flows, and as the namespace's default where the kernel allows it),
 * ECN sysctl and {@code tcp_no_metrics_save=1}.
 *
 * <pre>{@code
 * try (LinuxDumbbell bed = LinuxDumbbell.builder().senders(2).rate(Rate.mbps(50))
 *         .queue(Queue.pfifo(100)).congestionControl(0, "cubic").congestionControl(1, "bbr").build()) {
 *     bed.testBed().forEach(run::testBed);
 *     TcpFlows.Result result = TcpFlows.run(bed, List.of(0, 1), List.of(), Duration.ofSeconds(1));
 * }
 * }</pre>
 *
 * <p>Everything it creates lives in its namespaces, whose names start with
 * {@code tsl-<pid>-}: {@link #close()} kills the processes started by {@link #exec} with their
 * descendants and any other process inside them, then deletes them, as does a failed
 * {@link Builder#build()} and a shutdown hook; namespaces of an earlier JVM that is no longer alive
 * (a {@code kill -9}) are deleted the same way by the next {@link Builder#build()}.
 * {@link #leftovers()} lists what is left, for a check after the tests.
 */
public final class LinuxDumbbell implements AutoCloseable {
    /** The prefix of every namespace this class creates; the PID follows. */
    public static final String PREFIX = "tsl-";
    private static final Pattern OURS = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-\\d+-[a-z0-9]+");
    /** The highest bottleneck rate a dumbbell accepts. */
    public static final Rate MAX_RATE = Rate.mbps(500);
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final Set<LinuxDumbbell> OPEN = ConcurrentHashMap.newKeySet();
    private static final Set<ProcessHandle> STARTED = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> List.copyOf(OPEN).forEach(LinuxDumbbell::close),
                "triscale-dumbbell-cleanup"));
    }

    private final Builder settings;
    private final String prefix;
    private final List<String> namespaces = new ArrayList<>();
    private final Set<Process> processes = ConcurrentHashMap.newKeySet();
    private final Map<String, String> testBed = new LinkedHashMap<>();

    private LinuxDumbbell(Builder settings, String prefix) {
        this.settings = settings;
        this.prefix = prefix;
    }

    /** @return a builder with one sender, 50 Mbit/s, no added delay, a 100-packet FIFO, ECN off, packets of at most one MTU */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * @param i the sender's index, from 0
     * @return the sender's namespace
     */
    public String sender(int i) {
        return prefix + "s" + (i + 1);
    }

    /** @return the router's namespace, which holds the bottleneck */
    public String router() {
        return prefix + "rt";
    }

    /** @return the receiver's namespace */
    public String receiver() {
        return prefix + "rx";
    }

    /** @return the receiver's address, 198.19.0.1 */
    public static String receiverAddress() {
        return "198.19.0.1";
    }

    /**
     * @param i the sender's index, from 0
     * @return the sender's address, 198.18.(i+1).1
     */
    public static String senderAddress(int i) {
        return "198.18." + (i + 1) + ".1";
    }

    /** @return what was set up, for {@code run.testBed(key, value)}: kernel, rate, qdisc, delay, CCA per sender, offloads */
    public Map<String, String> testBed() {
        return Map.copyOf(testBed);
    }

    /**
     * Starts a process inside a namespace of this dumbbell ({@code ip netns exec}); {@link #close()}
     * kills it with its descendants if still running.
     *
     * @param namespace one of {@link #sender}, {@link #router}, {@link #receiver}
     * @param command   the program and its arguments
     * @return the started process, output merged into its input stream
     */
    public Process exec(String namespace, List<String> command) {
        if (!namespaces.contains(namespace)) {
            throw new IllegalArgumentException("namespace " + namespace + " is not one of this dumbbell's " + namespaces);
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
        OPEN.remove(this);
        processes.forEach(p -> Commands.killTree(p.toHandle()));
        processes.clear();
        namespaces.forEach(LinuxDumbbell::delete);
        namespaces.clear();
    }

    /**
     * The congestion control of a sender's long flows: the one asked for, else the namespace's default.
     *
     * @param i the sender's index, from 0
     * @return the CCA name
     */
    public String congestionControl(int i) {
        String asked = settings.ccas().get(i);
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

    /** @return the bottleneck rate */
    public Rate rate() {
        return settings.rate;
    }

    /** @return the number of sender namespaces */
    public int senders() {
        return settings.senders;
    }

    // A namespace is kept alive by the processes in it (and its veths with it): kill them first.
    private static void delete(String namespace) {
        for (String pid : Commands.run(List.of("ip", "netns", "pids", namespace)).output().lines()
                .map(String::strip).filter(l -> l.matches("\\d+")).toList()) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(Commands::killTree);
        }
        Commands.run(List.of("ip", "netns", "delete", namespace));
    }

    /**
     * Deletes namespaces named {@code tsl-<pid>-...} whose JVM is no longer alive (a {@code kill -9}),
     * after killing the processes left inside them.
     *
     * @return the namespaces deleted
     */
    public static List<String> removeStale() {
        List<String> removed = new ArrayList<>();
        Commands.Outcome list = Commands.run(List.of("ip", "netns", "list"));
        for (String line : list.output().lines().toList()) {
            String name = line.split("\\s+")[0];
            Matcher matcher = OURS.matcher(name);
            if (matcher.matches() && ProcessHandle.of(Long.parseLong(matcher.group(1))).filter(ProcessHandle::isAlive).isEmpty()) {
                delete(name);
                removed.add(name);
            }
        }
        return removed;
    }

    /**
     * What this JVM's dumbbells left behind, for a check after a test: namespaces still listed
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
        String mine = PREFIX + ProcessHandle.current().pid() + "-";
        return Commands.run(List.of("ip", "netns", "list")).output().lines().map(l -> l.split("\\s+")[0])
                .filter(n -> n.startsWith(mine)).toList();
    }

    /** Describes a dumbbell; {@link #commands(String)} gives the command lines without running them. */
    public static final class Builder {
        private int senders = 1;
        private Rate rate = Rate.mbps(50);
        private Duration delay = Duration.ZERO;
        private double lossPercent;
        private Queue queue = Queue.pfifo(100);
        private boolean ecn;
        // One segment per packet by default, so a queue limit in packets counts wire-sized packets
        // (veth passes a sender's 64 KB TSO segments unsplit to the router's queue otherwise).
        private int gsoMaxSize = 1514;
        private final Map<Integer, String> ccas = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * @param n the number of sender namespaces, 1 to 16
         * @return this builder
         */
        public Builder senders(int n) {
            if (n < 1 || n > 16) {
                throw new IllegalArgumentException("senders = " + n + " must be in [1, 16]");
            }
            senders = n;
            return this;
        }

        /**
         * @param value the bottleneck rate, at most 500 Mbit/s
         * @return this builder
         */
        public Builder rate(Rate value) {
            if (value.bitsPerSecond() > MAX_RATE.bitsPerSecond()) {
                throw new IllegalArgumentException("rate = " + value + " must be at most " + MAX_RATE
                        + ": beyond, a small machine's CPUs, not the bottleneck, limit the flows; give e.g. Rate.mbps(50)");
            }
            rate = value;
            return this;
        }

        /**
         * @param value the added round-trip delay (netem on the ACK path); needs netem unless zero
         * @return this builder
         */
        public Builder delay(Duration value) {
            if (value.isNegative()) {
                throw new IllegalArgumentException("delay = " + value + " must not be negative");
            }
            delay = value;
            return this;
        }

        /**
         * @param percent random loss on the data path, in [0, 100); needs netem unless zero
         * @return this builder
         */
        public Builder loss(double percent) {
            if (!(percent >= 0 && percent < 100)) {
                throw new IllegalArgumentException("loss = " + percent + " % must be in [0, 100)");
            }
            lossPercent = percent;
            return this;
        }

        /**
         * @param value the bottleneck's qdisc
         * @return this builder
         */
        public Builder queue(Queue value) {
            queue = value;
            return this;
        }

        /**
         * @param on ECN: marking in the queue and {@code net.ipv4.tcp_ecn=1} in every namespace
         * @return this builder
         */
        public Builder ecn(boolean on) {
            ecn = on;
            return this;
        }

        /**
         * @param bytes {@code gso_max_size} and {@code gro_max_size} of every veth end: 1514 (the default)
         *              keeps every packet at most one MTU, 65536 gives the kernel's large segments
         * @return this builder
         */
        public Builder gsoMaxSize(int bytes) {
            if (bytes < 1500 || bytes > 65536) {
                throw new IllegalArgumentException("gsoMaxSize = " + bytes + " must be in [1500, 65536]");
            }
            gsoMaxSize = bytes;
            return this;
        }

        /**
         * @param sender the sender's index, from 0
         * @param cca    a name from {@code tcp_available_congestion_control} ({@code cubic}, {@code bbr}, ...)
         * @return this builder
         */
        public Builder congestionControl(int sender, String cca) {
            if (!cca.matches("[a-z0-9_]+")) {
                throw new IllegalArgumentException("congestion control '" + cca + "' is not a kernel CCA name");
            }
            ccas.put(sender, cca);
            return this;
        }

        int senderCount() {
            return senders;
        }

        /** @return the CCAs per sender, in order; senders without one keep the kernel default */
        Map<Integer, String> ccas() {
            return ccas;
        }

        /**
         * The command lines {@link #build()} runs, for a dumbbell whose namespaces start with {@code prefix}.
         *
         * @param prefix the namespace prefix, e.g. {@code tsl-123-0-}
         * @return the commands, in order
         */
        public List<List<String>> commands(String prefix) {
            for (int sender : ccas.keySet()) {
                if (sender < 0 || sender >= senders) {
                    throw new IllegalArgumentException("congestionControl(" + sender + ", ...) names no sender; senders = " + senders);
                }
            }
            String rt = prefix + "rt";
            String rx = prefix + "rx";
            List<List<String>> c = new ArrayList<>();
            List<String> all = new ArrayList<>();
            for (int i = 0; i < senders; i++) {
                all.add(prefix + "s" + (i + 1));
            }
            all.add(rt);
            all.add(rx);
            for (String ns : all) {
                c.add(List.of("ip", "netns", "add", ns));
                c.add(List.of("ip", "-n", ns, "link", "set", "lo", "up"));
            }
            c.add(List.of("ip", "netns", "exec", rt, "sysctl", "-q", "-w", "net.ipv4.ip_forward=1"));
            for (int i = 0; i < senders; i++) {
                String s = all.get(i);
                String dev = "s" + (i + 1);
                c.add(List.of("ip", "link", "add", "eth0", "netns", s, "type", "veth", "peer", "name", dev, "netns", rt));
                c.add(List.of("ip", "-n", s, "addr", "add", senderAddress(i) + "/24", "dev", "eth0"));
                c.add(List.of("ip", "-n", rt, "addr", "add", "198.18." + (i + 1) + ".2/24", "dev", dev));
                link(c, s, "eth0");
                link(c, rt, dev);
                c.add(List.of("ip", "-n", s, "route", "add", "default", "via", "198.18." + (i + 1) + ".2"));
                if (!delay.isZero()) {
                    c.add(List.of("tc", "-n", rt, "qdisc", "add", "dev", dev, "root", "netem", "delay",
                            micros(delay) + "us", "limit", "100000"));
                }
                if (lossPercent > 0) {
                    c.add(List.of("tc", "-n", s, "qdisc", "add", "dev", "eth0", "root", "netem", "loss",
                            lossPercent + "%", "limit", "100000"));
                }
                c.add(sysctl(s, "net.ipv4.tcp_ecn=" + (ecn ? 1 : 0)));
                // Runs on one dumbbell stay independent: no ssthresh or RTT carried over from a past connection.
                c.add(sysctl(s, "net.ipv4.tcp_no_metrics_save=1"));
                String cca = ccas.get(i);
                if (cca != null) {
                    c.add(sysctl(s, "net.ipv4.tcp_congestion_control=" + cca));
                }
            }
            c.add(List.of("ip", "link", "add", "eth0", "netns", rx, "type", "veth", "peer", "name", "rx", "netns", rt));
            c.add(List.of("ip", "-n", rx, "addr", "add", receiverAddress() + "/24", "dev", "eth0"));
            c.add(List.of("ip", "-n", rt, "addr", "add", "198.19.0.2/24", "dev", "rx"));
            link(c, rx, "eth0");
            link(c, rt, "rx");
            c.add(List.of("ip", "-n", rx, "route", "add", "default", "via", "198.19.0.2"));
            c.add(sysctl(rx, "net.ipv4.tcp_ecn=" + (ecn ? 1 : 0)));
            // The bottleneck: htb shapes, the chosen qdisc queues (htb's own leaf would be a pfifo).
            c.add(List.of("tc", "-n", rt, "qdisc", "add", "dev", "rx", "root", "handle", "1:", "htb", "default", "1"));
            c.add(List.of("tc", "-n", rt, "class", "add", "dev", "rx", "parent", "1:", "classid", "1:1", "htb",
                    "rate", rate.tc(), "ceil", rate.tc()));
            List<String> leaf = new ArrayList<>(List.of("tc", "-n", rt, "qdisc", "add", "dev", "rx", "parent", "1:1",
                    "handle", "10:", queue.kind()));
            leaf.addAll(queue.withEcn(ecn).tcArguments());
            c.add(leaf);
            return c;
        }

        private void link(List<List<String>> c, String ns, String dev) {
            List<String> up = new ArrayList<>(List.of("ip", "-n", ns, "link", "set", "dev", dev));
            up.addAll(List.of("gso_max_size", Integer.toString(gsoMaxSize), "gro_max_size", Integer.toString(gsoMaxSize)));
            up.add("up");
            c.add(up);
        }

        private static List<String> sysctl(String ns, String setting) {
            return List.of("ip", "netns", "exec", ns, "sysctl", "-q", "-w", setting);
        }

        private static long micros(Duration d) {
            return d.toNanos() / 1000;
        }

        /**
         * What this dumbbell needs of the kernel: qdiscs (the queue, netem for delay or loss) and CCAs.
         *
         * @return the requirement
         */
        public LinuxCapabilities.Requirement requirement() {
            List<String> qdiscs = new ArrayList<>(List.of("htb", queue.kind()));
            if (!delay.isZero() || lossPercent > 0) {
                qdiscs.add("netem");
            }
            return new LinuxCapabilities.Requirement(qdiscs, List.copyOf(new java.util.LinkedHashSet<>(ccas.values())));
        }

        /**
         * Creates the namespaces, links, shaping and sysctls; on any failure removes what it made.
         *
         * @return the dumbbell, to be closed
         * @throws LinuxCapabilities.MissingCapabilityException when the kernel or user lacks a needed piece
         */
        public LinuxDumbbell build() {
            LinuxCapabilities.probe().require(requirement());
            removeStale();
            String prefix = PREFIX + ProcessHandle.current().pid() + "-" + COUNTER.getAndIncrement() + "-";
            LinuxDumbbell bed = new LinuxDumbbell(this, prefix);
            OPEN.add(bed);
            try {
                for (List<String> command : commands(prefix)) {
                    if (command.size() == 4 && command.get(2).equals("add") && command.get(1).equals("netns")) {
                        bed.namespaces.add(command.get(3));
                    }
                    if (String.join(" ", command).contains("tcp_congestion_control=")) {
                        // Refused where the kernel allows the CCA per socket only; read back below.
                        Commands.run(command);
                    } else {
                        Commands.check(command);
                    }
                }
            } catch (RuntimeException e) {
                bed.close();
                throw e;
            }
            Map<String, String> t = bed.testBed;
            t.put("kernel", LinuxCapabilities.probe().kernel());
            t.put("topology", "dumbbell, " + senders + " sender(s), router, receiver (veth)");
            t.put("bottleneck", "htb rate " + rate.tc() + ", " + queue.withEcn(ecn));
            t.put("delay", delay.isZero() ? "none added" : "netem " + micros(delay) + " us (ACK path)");
            t.put("loss", lossPercent > 0 ? "netem " + lossPercent + " % (data path)" : "none added");
            t.put("ecn", ecn ? "tcp_ecn=1" : "tcp_ecn=0");
            t.put("offloads", "gso_max_size/gro_max_size " + gsoMaxSize + " on every veth");
            for (int i = 0; i < senders; i++) {
                String namespaceDefault = Commands.run(List.of("ip", "netns", "exec", bed.sender(i), "sysctl", "-n",
                        "net.ipv4.tcp_congestion_control")).output().strip();
                t.put("cca.sender" + (i + 1), ccas.getOrDefault(i, namespaceDefault));
                t.put("cca.sender" + (i + 1) + ".namespaceDefault", namespaceDefault);
            }
            return bed;
        }
    }

    @Override
    public String toString() {
        return "LinuxDumbbell" + testBed;
    }

    Builder settings() {
        return settings;
    }
}
