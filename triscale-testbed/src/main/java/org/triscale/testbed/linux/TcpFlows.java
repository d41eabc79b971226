package org.triscale.testbed.linux;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.triscale.testbed.Iperf3Json;

/**
 * Traffic over real kernel TCP in a {@link LinuxTestBed} ({@link LinuxDumbbell}, {@link LinuxParkingLot}),
 * each sender's flows going to its {@link LinuxTestBed#destination}. Long flows are {@code iperf3} transfers,
 * one per sender, with the sender's congestion control set on the socket ({@code iperf3 -C}, which
 * works for every CCA of {@code tcp_available_congestion_control}, not only the ones a namespace may
 * take as its default): per-flow throughput per 100 ms interval and the sender's smoothed RTT
 * ({@code TCP_INFO}) per iperf3 interval. The throughput is not iperf3's count: the application's
 * reads lag the kernel when the host deschedules the receiver, and a read of that backlog would count
 * more than an interval's worth of bottleneck capacity. It comes from the kernel instead: every
 * 100 ms, {@code ss -tin} in the sender's namespace gives the data connection's {@code bytes_acked}
 * (the bytes the receiver's kernel acknowledged, which crossed the bottleneck), timed with
 * {@link System#nanoTime()}, on one clock whose 0 is the last poll before any long flow's first
 * acknowledged byte ({@link #fromFirstData}); the counter, linearly interpolated between
 * polls, is differenced over each grid step. All flows share that clock, so
 * their rates per step add up: iperf3's intervals count from each flow's own start, which a loaded
 * host delays by up to hundreds of milliseconds, and summing such offset windows counts a late flow's
 * share on top of the full rate the others had before it came. A connection gone before a poll saw
 * its last bytes (a delayed poll at the run's end) ends at the first poll that missed it, with the
 * bytes iperf3's receiver got in all (every byte acknowledged is read before the report).
 *
 * <p>A workload of finite flows (start times and sizes given by the caller, e.g.
 * {@link LinuxWorkload#poisson}) is run by a small Java client/server
 * ({@code ip netns exec <ns> java -cp ... TcpFlows source|sink}) with the sender namespace's default
 * CCA; each completed flow's completion time is measured by the source from connect to the sink's
 * one-byte reply, and the senders' RTTs are polled with {@code ss -tin}. The iperf3 servers, the
 * sinks and the sources' JVMs start together; once all are listening or ready, the long flows
 * start and the sources are told to go: a flow's start time counts from the long flows' start.
 *
 * <p>Bounded: a run lasts 1 to 60 s, every process is killed with its descendants at the run's end
 * plus {@value #GRACE_SECONDS} s (and by {@link LinuxTestBed#close()}), a workload has at most
 * {@value #MAX_FLOWS} flows. The host's CPU load over the run is recorded; when the host was
 * nearly saturated while the flows stayed below the bottleneck rate, {@link Result#hostLimited()}
 * says so and a warning is logged.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class TcpFlows {
    static final int PORT = 5201;
    /** The most flows a workload may have (the Java source runs a thread per flow). */
    public static final int MAX_FLOWS = 1000;
    /** How long after a run's end its processes may take before they are killed. */
    public static final int GRACE_SECONDS = 5;
    private static final int IPERF3_PORT = 5301;
    /** The reporting interval of the long flows (and the RTT polling period of the workload). */
    public static final long INTERVAL_MS = 100;
    private static final String INTERVAL = Double.toString(INTERVAL_MS / 1000.0);
    private static final Pattern RTT = Pattern.compile("\\brtt:([0-9.]+)/");
    private static final Pattern BYTES_ACKED = Pattern.compile("\\bbytes_acked:(\\d+)");
    private static final System.Logger LOG = System.getLogger(TcpFlows.class.getName());

    private TcpFlows() {
    }

    /**
     * One flow of a workload.
     *
     * @param sender the sender index, from 0
     * @param start  when it starts, after the run's start
     * @param bytes  its size, at least 1
     */
    public record Flow(int sender, Duration start, long bytes) {
        /** Checks the values. */
        public Flow {
            Checks.notNull("start", start);
            if (sender < 0 || start.isNegative() || bytes < 1 || bytes > 1L << 32) {
                throw new IllegalArgumentException("flow (sender " + sender + ", start " + start + ", " + bytes
                        + " bytes) needs sender >= 0, start >= 0 and 1 to 2^32 bytes");
            }
        }
    }

    /**
     * What a run measured.
     *
     * @param throughputMbps per long flow (its sender's index): interval end (s, from the first data of any long flow) → Mbit/s
     *                       acknowledged by the receiver's kernel in that interval. Despite the name
     *                       this is a goodput (payload bytes, each once, headers and retransmissions
     *                       excluded: {@code bytes_acked}); {@link #goodputMbps()} returns the same
     *                       series under its precise name
     * @param rttMs          per sender: RTT samples (ms) of its connections
     * @param fctSeconds     per flow of the workload (its index in the list): completion time (s), for completed flows only
     * @param cpuLoad        host CPU load (1 = all cores busy) over the run, from {@code /proc/stat}
     * @param rateMbps       the bottleneck rate
     */
    public record Result(Map<Integer, Map<Double, Double>> throughputMbps, Map<Integer, List<Double>> rttMs,
                         Map<Integer, Double> fctSeconds, double cpuLoad, double rateMbps) {
        /** Keeps read-only copies, in key order. */
        public Result {
            Map<Integer, Map<Double, Double>> flows = new TreeMap<>();
            throughputMbps.forEach((k, v) -> flows.put(k, Collections.unmodifiableMap(new TreeMap<>(v))));
            throughputMbps = Collections.unmodifiableMap(flows);
            Map<Integer, List<Double>> samples = new TreeMap<>();
            rttMs.forEach((k, v) -> samples.put(k, List.copyOf(v)));
            rttMs = Collections.unmodifiableMap(samples);
            fctSeconds = Collections.unmodifiableMap(new TreeMap<>(fctSeconds));
        }

        /**
         * @return true when the host was nearly saturated (CPU load above 0.9) while the long flows
         *         together stayed below 90 % of the bottleneck rate: the host, not the bottleneck, may have limited the run
         */
        public boolean hostLimited() {
            return cpuLoad > 0.9 && !throughputMbps.isEmpty() && meanTotalMbps() < 0.9 * rateMbps;
        }

        /**
         * The long flows' goodput per interval, measured at the sender: the growth of the data
         * connection's {@code bytes_acked} ({@code ss -tin}, RFC 4898's {@code tcpi_bytes_acked}),
         * which counts each payload byte once when the receiver's kernel acknowledges it, so
         * retransmitted copies and headers are excluded. The same series as
         * {@link #throughputMbps()}, which keeps its older name; the bottleneck's wire rate is
         * higher by the headers (about 3.5 % at a 1500-byte MTU) and any retransmissions.
         *
         * @return per long flow: interval end (s) → Mbit/s of acknowledged payload
         * @since 0.3.0
         */
        public Map<Integer, Map<Double, Double>> goodputMbps() {
            return throughputMbps;
        }

        /** @return the long flows' summed throughput, averaged over the intervals; 0 without long flows */
        public double meanTotalMbps() {
            Map<Double, Double> total = new TreeMap<>();
            throughputMbps.values().forEach(flow -> flow.forEach((t, v) -> total.merge(t, v, Double::sum)));
            return total.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
        }

        /** @return a one-line note for the run: CPU load, the long flows' rate and, when host-limited, a warning */
        public String cpuNote() {
            return String.format(java.util.Locale.ROOT, "host CPU load %.2f, long flows %.1f of %.1f Mbit/s%s", cpuLoad,
                    meanTotalMbps(), rateMbps, hostLimited() ? "; the host, not the bottleneck, may have limited this run" : "");
        }
    }

    /**
     * Runs one long flow per listed sender for {@code duration}, plus the given workload flows.
     *
     * @param bed      the dumbbell, parking lot, ...
     * @param longFlow which senders run a long flow (needs {@code iperf3})
     * @param workload finite flows, at most {@value #MAX_FLOWS}, each starting before the run's end;
     *                 their ids in {@link Result#fctSeconds()} are their list indices
     * @param duration how long the run lasts, 1 to 60 s
     * @return the measurements
     * @throws IllegalArgumentException for a workload flow that would start at or after the run's end
     *         (it could never run), naming the flow
     * @throws IllegalStateException when the test bed is closed
     * @throws LinuxCapabilities.MissingCapabilityException when iperf3 is missing for long flows, or a
     *         workload flow's sender namespace could not take the asked CCA as its default
     */
    public static Result run(LinuxTestBed bed, List<Integer> longFlow, List<Flow> workload, Duration duration) {
        checkArguments(bed, longFlow, workload, duration);
        checkCapabilities(bed, longFlow, workload);
        long[] cpuBefore = cpu();
        Path dir;
        try {
            dir = LinuxTestBed.createFlowsFolder();
        } catch (IOException e) {
            throw new IllegalStateException("cannot create a directory for iperf3's reports: " + e.getMessage(), e);
        }
        Session session = new Session(bed, longFlow, workload, duration, dir);
        try {
            session.startServers();
            session.awaitReady();
            session.startTraffic();
            session.poll();
            session.stopOutlived();
            session.readFlowCompletions();
            session.readLongFlows();
            session.stopSinks();
        } catch (IOException e) {
            throw new IllegalStateException("traffic run failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            session.started.forEach(p -> Commands.killTree(p.toHandle()));
            LinuxTestBed.deleteFolder(dir);
        }
        long[] cpuAfter = cpu();
        double busy = cpuAfter[0] - cpuBefore[0];
        double total = cpuAfter[1] - cpuBefore[1];
        Result result = new Result(session.throughput, session.rtt, session.fct, total > 0 ? busy / total : Double.NaN,
                bed.rate().bitsPerSecond() / 1e6);
        if (result.hostLimited()) {
            LOG.log(System.Logger.Level.WARNING, result.cpuNote());
        }
        return result;
    }

    /** Refuses arguments a run could not honour, before anything starts. */
    private static void checkArguments(LinuxTestBed bed, List<Integer> longFlow, List<Flow> workload, Duration duration) {
        Checks.notNull("bed", bed);
        Checks.notNull("longFlow", longFlow);
        Checks.notNull("workload", workload);
        Checks.notNull("duration", duration);
        bed.checkOpen("TcpFlows.run");
        if (duration.compareTo(Duration.ofSeconds(1)) < 0 || duration.compareTo(Duration.ofSeconds(60)) > 0) {
            throw new IllegalArgumentException("duration = " + duration + " must be in [1 s, 60 s]");
        }
        if (workload.size() > MAX_FLOWS) {
            throw new IllegalArgumentException("workload has " + workload.size() + " flows, at most " + MAX_FLOWS
                    + " are allowed; use a shorter span or a longer mean inter-arrival time");
        }
        if (longFlow.stream().anyMatch(java.util.Objects::isNull) || workload.stream().anyMatch(java.util.Objects::isNull)) {
            throw new IllegalArgumentException("longFlow and workload must hold no null");
        }
        List<String> late = new ArrayList<>();
        for (int f = 0; f < workload.size(); f++) {
            if (workload.get(f).start().compareTo(duration) >= 0) {
                late.add(Integer.toString(f));
            }
        }
        if (!late.isEmpty()) {
            Flow first = workload.get(Integer.parseInt(late.get(0)));
            throw new IllegalArgumentException(late.size() + " workload flow(s) start at or after the run's end ("
                    + duration + "), so they could never run: flow " + late.get(0) + " starts at " + first.start()
                    + (late.size() > 1 ? "; all: " + String.join(", ", late.subList(0, Math.min(20, late.size())))
                    + (late.size() > 20 ? ", ..." : "") : "")
                    + ". Draw the workload over a span no longer than the run (LinuxWorkload.poisson(..., span, ...)),"
                    + " or make the run longer");
        }
        for (int i : longFlow) {
            checkSender(bed, i, "longFlow");
        }
        if (new java.util.HashSet<>(longFlow).size() != longFlow.size()) {
            throw new IllegalArgumentException("longFlow = " + longFlow + " names a sender twice; one long flow per sender");
        }
    }

    /** Refuses a run that would measure nothing or could not set a workload sender's CCA, naming all that is missing. */
    private static void checkCapabilities(LinuxTestBed bed, List<Integer> longFlow, List<Flow> workload) {
        List<String> missing = new ArrayList<>();
        // ss reads the senders' counters and RTTs: without it a run would measure nothing.
        LinuxCapabilities.probe().program("ss").ifPresent(missing::add);
        if (!longFlow.isEmpty()) {
            LinuxCapabilities.probe().tool("iperf3").ifPresent(missing::add);
        }
        for (Flow flow : workload) {
            checkSender(bed, flow.sender(), "workload flow");
            String asked = bed.congestionControl(flow.sender());
            if (!asked.equals(bed.namespaceDefaultCca(flow.sender()))) {
                missing.add("workload flows of sender " + flow.sender() + " need " + asked + " as the namespace's default, "
                        + LinuxCapabilities.probe().namespaceDefaultCca(asked).orElse("which was refused"));
            }
        }
        if (!missing.isEmpty()) {
            throw new LinuxCapabilities.MissingCapabilityException(String.join("; ", List.copyOf(new java.util.LinkedHashSet<>(missing))));
        }
    }

    /**
     * One run's processes and measurements, step by step: {@link #startServers}, {@link #awaitReady},
     * {@link #startTraffic}, {@link #poll}, {@link #stopOutlived}, {@link #readFlowCompletions},
     * {@link #readLongFlows}, {@link #stopSinks}. The caller kills {@link #started} in any case.
     */
    private static final class Session {
        private final LinuxTestBed bed;
        private final List<Integer> longFlow;
        private final List<Flow> workload;
        private final Duration duration;
        private final Path dir;
        /** Every process started, to be killed with its descendants whatever happens. */
        final List<Process> started = new ArrayList<>();
        final Map<Integer, Map<Double, Double>> throughput = new TreeMap<>();
        final Map<Integer, Double> fct = new TreeMap<>();
        final Map<Integer, List<Double>> rtt = new TreeMap<>();
        private final List<Process> servers = new ArrayList<>();
        private final List<Process> sinks = new ArrayList<>();
        private final List<Process> sources = new ArrayList<>();
        private final List<Process> clients = new ArrayList<>();
        /** Senders with workload flows but no long flow: their RTTs come from polling ss. */
        private final Set<Integer> pollRtt = new java.util.TreeSet<>();
        private final Map<Process, BufferedReader> output = new java.util.HashMap<>();
        private final Map<Integer, List<CounterSample>> acked = new TreeMap<>();
        /** Per long flow: when a poll first missed its connection. */
        private final Map<Integer, Double> gone = new TreeMap<>();
        private long ready;
        private long end;
        private long t0;

        Session(LinuxTestBed bed, List<Integer> longFlow, List<Flow> workload, Duration duration, Path dir) {
            this.bed = bed;
            this.longFlow = longFlow;
            this.workload = workload;
            this.duration = duration;
            this.dir = dir;
        }

        /** Starts the iperf3 servers, the sinks and the sources' JVMs, all at once. */
        void startServers() {
            // Everything that must listen or start a JVM starts at once; the traffic starts when all are ready.
            ready = System.nanoTime() + TimeUnit.SECONDS.toNanos(2L * GRACE_SECONDS);
            for (int i : longFlow) {
                servers.add(bed.exec(bed.destination(i), List.of("iperf3", "-s", "-1", "-J", "-i", INTERVAL, "-B",
                        bed.destinationAddress(i), "-p", Integer.toString(IPERF3_PORT + i),
                        "--logfile", dir.resolve("server" + i + ".json").toString())));
            }
            started.addAll(servers);
            // One sink per receiver that the workload's flows go to.
            Map<String, String> sinkAddresses = new java.util.LinkedHashMap<>();
            workload.forEach(flow -> sinkAddresses.put(bed.destination(flow.sender()), bed.destinationAddress(flow.sender())));
            for (Map.Entry<String, String> receiver : sinkAddresses.entrySet()) {
                sinks.add(bed.exec(receiver.getKey(), java("sink", receiver.getValue(),
                        Long.toString(duration.toMillis() + TimeUnit.SECONDS.toMillis(3L * GRACE_SECONDS)))));
            }
            started.addAll(sinks);
            for (int i = 0; i < bed.senders(); i++) {
                List<String> args = new ArrayList<>(List.of("source", bed.destinationAddress(i), Long.toString(duration.toMillis())));
                for (int f = 0; f < workload.size(); f++) {
                    Flow flow = workload.get(f);
                    if (flow.sender() == i) {
                        args.add(f + ":" + flow.start().toMillis() + ":" + flow.bytes());
                    }
                }
                if (args.size() > 3) {
                    sources.add(bed.exec(bed.sender(i), java(args.toArray(String[]::new))));
                    if (!longFlow.contains(i)) {
                        pollRtt.add(i);
                    }
                }
            }
            started.addAll(sources);
        }

        /** Waits until every JVM said "ready" and every iperf3 server listens, within the grace. */
        void awaitReady() throws InterruptedException {
            for (Process p : sinks) {
                output.put(p, TcpFlows.awaitReady(p, "TCP sink", ready));
            }
            for (Process p : sources) {
                output.put(p, TcpFlows.awaitReady(p, "TCP source", ready));
            }
            awaitListening(bed, longFlow, ready);
        }

        /** Starts the long flows' clock and clients, and tells the sources to go. */
        void startTraffic() throws IOException {
            end = System.nanoTime() + duration.toNanos() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS);
            // The long flows' clock: their counters are 0 before the clients start.
            t0 = System.nanoTime();
            longFlow.forEach(i -> acked.put(i, new ArrayList<>(List.of(new CounterSample(0, 0)))));
            for (int i : longFlow) {
                clients.add(bed.exec(bed.sender(i), List.of("iperf3", "-c", bed.destinationAddress(i),
                        "-p", Integer.toString(IPERF3_PORT + i), "-t", Double.toString(duration.toMillis() / 1000.0),
                        "-i", INTERVAL, "-J", "-C", bed.congestionControl(i),
                        "--logfile", dir.resolve("client" + i + ".json").toString())));
            }
            started.addAll(clients);
            for (Process source : sources) {
                source.getOutputStream().write("go\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                source.getOutputStream().flush();
            }
        }

        /** The traffic's processes: the long flows' clients and the sources. */
        private List<Process> traffic() {
            List<Process> waitFor = new ArrayList<>(clients);
            waitFor.addAll(sources);
            return waitFor;
        }

        /** Polls the senders' counters and RTTs on a fixed-rate clock until the traffic ends or the run's bound. */
        void poll() throws InterruptedException {
            Set<Integer> poll = new java.util.TreeSet<>(pollRtt);
            poll.addAll(longFlow);
            List<Process> waitFor = traffic();
            long tick = t0;
            while (waitFor.stream().anyMatch(Process::isAlive) && System.nanoTime() < end) {
                for (int i : poll) {
                    pollSender(i);
                }
                // A fixed-rate clock: a slow poll shortens the next sleep instead of stretching the period.
                long period = TimeUnit.MILLISECONDS.toNanos(poll.isEmpty() ? 20 : INTERVAL_MS);
                tick = Math.max(tick + period, System.nanoTime());
                TimeUnit.NANOSECONDS.sleep(tick - System.nanoTime());
            }
        }

        private void pollSender(int i) {
            long before = System.nanoTime();
            String ss = Commands.run(List.of("ip", "netns", "exec", bed.sender(i), "ss", "-tinH", "dst",
                    bed.destinationAddress(i))).output();
            // The kernel's snapshot lies within the command's span: its midpoint errs by at most half of it.
            double at = ((before + System.nanoTime()) / 2 - t0) / 1e9;
            if (acked.containsKey(i)) {
                List<CounterSample> samples = acked.get(i);
                long bytes = dataBytesAcked(ss, IPERF3_PORT + i);
                if (connectionGone(samples, bytes)) {
                    gone.putIfAbsent(i, at);
                }
                addSample(samples, at, bytes);
            }
            if (pollRtt.contains(i)) {
                Matcher m = RTT.matcher(ss);
                while (m.find()) {
                    rtt.computeIfAbsent(i, k -> new ArrayList<>()).add(Double.parseDouble(m.group(1)));
                }
            }
        }

        /** Kills, with its descendants, a traffic process still alive at the run's bound. */
        void stopOutlived() {
            for (Process p : traffic()) {
                if (p.isAlive()) {
                    LOG.log(System.Logger.Level.WARNING, "a flow process outlived the run's bound; killing it with its descendants");
                    Commands.killTree(p.toHandle());
                }
            }
        }

        /** Reads the sources' flow completion times; a source's error fails the run. */
        void readFlowCompletions() {
            for (Process source : sources) {
                for (String line : output.get(source).lines().toList()) {
                    String[] w = line.split(" ");
                    if (w[0].equals("fct")) {
                        fct.put(Integer.parseInt(w[1]), Double.parseDouble(w[2]));
                    } else if (w[0].equals("error")) {
                        throw new IllegalStateException("TCP source failed: " + line);
                    }
                }
            }
        }

        /** Waits for iperf3's reports, reads their RTTs, and puts the long flows' counters on the grid. */
        void readLongFlows() throws InterruptedException {
            for (Process server : servers) {
                server.waitFor(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            for (int i : longFlow) {
                readIperf3(dir, i, rtt);
                if (gone.containsKey(i)) {
                    addSample(acked.get(i), gone.get(i), receivedBytes(dir, i));
                }
            }
            for (Map.Entry<Integer, List<CounterSample>> flow : fromFirstData(acked).entrySet()) {
                throughput.put(flow.getKey(), counterOnGrid(flow.getValue(), duration.toMillis() / 1000.0));
            }
        }

        /** Stops the sinks, which outlive the traffic by design. */
        void stopSinks() {
            sinks.forEach(sink -> Commands.killTree(sink.toHandle()));
        }
    }

    private static void checkSender(LinuxTestBed bed, int i, String what) {
        if (i < 0 || i >= bed.senders()) {
            throw new IllegalArgumentException(what + " names sender " + i + ", the test bed has senders 0 to " + (bed.senders() - 1));
        }
    }

    /** Waits for a JVM's "ready" line; a JVM that hangs must not hang the run. */
    private static BufferedReader awaitReady(Process process, String what, long deadline) throws InterruptedException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream()));
        java.util.concurrent.CompletableFuture<String> ready = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return reader.readLine();
            } catch (IOException e) {
                return "error " + e.getMessage();
            }
        });
        String line;
        try {
            line = ready.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            line = "no answer within " + GRACE_SECONDS * 2 + " s";
        }
        if (line == null || !line.startsWith("ready")) {
            throw new IllegalStateException(what + " did not start: " + line);
        }
        return reader;
    }

    private static void awaitListening(LinuxTestBed bed, List<Integer> longFlow, long end) throws InterruptedException {
        Set<Integer> waiting = new java.util.TreeSet<>(longFlow);
        while (System.nanoTime() < end) {
            // One look per receiver namespace covers all the servers in it.
            for (String receiver : waiting.stream().map(bed::destination).distinct().toList()) {
                String ss = Commands.run(List.of("ip", "netns", "exec", receiver, "ss", "-ltnH")).output();
                waiting.removeIf(i -> bed.destination(i).equals(receiver) && ss.contains(":" + (IPERF3_PORT + i) + " "));
            }
            if (waiting.isEmpty()) {
                return;
            }
            Thread.sleep(10);
        }
        throw new IllegalStateException("iperf3 servers did not listen on ports " + IPERF3_PORT + "+" + longFlow + " in time");
    }

    /**
     * A reading of a cumulative byte counter.
     *
     * @param seconds when it was read, from the long flows' start
     * @param bytes   the counter's value
     */
    record CounterSample(double seconds, long bytes) {
    }

    /**
     * Adds a poll's reading: a connection not seen yet has sent nothing (0); one gone after it was
     * seen (closed at the run's end) adds nothing, nor does a reading below the last one, so the
     * counter never falls.
     */
    static void addSample(List<CounterSample> samples, double seconds, long bytes) {
        long last = samples.get(samples.size() - 1).bytes();
        if (bytes < 0 && last == 0) {
            samples.add(new CounterSample(seconds, 0));
        } else if (bytes >= last) {
            samples.add(new CounterSample(seconds, bytes));
        }
    }

    /**
     * The counters on the clock of the first data: time 0 is the last poll before any long flow had
     * a byte acknowledged. The clients' start (processes, iperf3's control exchange) takes from tens
     * to hundreds of milliseconds depending on the host's load; counted from the first data, a
     * caller's cut of the first steps (slow start) cuts the same part of every run, as it did on
     * iperf3's own clock, while all flows keep one clock, so that their rates per step add up.
     *
     * @param acked each flow's readings, from a common time origin, each starting at 0 bytes
     * @return the readings shifted so that the first data starts after 0, each starting with (0, 0)
     */
    static Map<Integer, List<CounterSample>> fromFirstData(Map<Integer, List<CounterSample>> acked) {
        double origin = Double.POSITIVE_INFINITY;
        for (List<CounterSample> samples : acked.values()) {
            for (int j = 1; j < samples.size(); j++) {
                if (samples.get(j).bytes() > 0) {
                    origin = Math.min(origin, samples.get(j - 1).seconds());
                    break;
                }
            }
        }
        double from = Double.isInfinite(origin) ? 0 : origin;
        Map<Integer, List<CounterSample>> shifted = new TreeMap<>();
        for (Map.Entry<Integer, List<CounterSample>> flow : acked.entrySet()) {
            List<CounterSample> samples = new ArrayList<>(List.of(new CounterSample(0, 0)));
            for (CounterSample sample : flow.getValue()) {
                if (sample.seconds() > from) {
                    samples.add(new CounterSample(sample.seconds() - from, sample.bytes()));
                }
            }
            shifted.put(flow.getKey(), samples);
        }
        return shifted;
    }

    /**
     * Whether a poll's reading says the flow's data connection is gone. The counter cannot fall, so
     * less than before (no connection, or only iperf3's control connection, which outlives the data
     * one) means it closed; but no connection before any byte was counted is a client not connected yet.
     */
    static boolean connectionGone(List<CounterSample> samples, long bytes) {
        long last = samples.get(samples.size() - 1).bytes();
        return last > 0 && bytes < last;
    }

    /**
     * The {@code bytes_acked} of iperf3's data connection in {@code ss -tinH} output: of the connections to
     * {@code port}, the one that carried the most, since iperf3's control connection (to the same port)
     * carries only its parameters and results, a few hundred bytes.
     *
     * @return the bytes, 0 when the connection has none acknowledged yet, -1 without a connection to the port
     */
    static long dataBytesAcked(String ss, int port) {
        long most = -1;
        boolean toPort = false;
        for (String line : ss.lines().toList()) {
            if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0))) {
                // State, Recv-Q, Send-Q, local address:port, peer address:port
                String[] w = line.trim().split("\\s+");
                toPort = w.length >= 5 && w[4].endsWith(":" + port);
                if (toPort) {
                    most = Math.max(most, 0);
                }
            } else if (toPort) {
                Matcher m = BYTES_ACKED.matcher(line);
                if (m.find()) {
                    most = Math.max(most, Long.parseLong(m.group(1)));
                }
            }
        }
        return most;
    }

    /**
     * Rates on the 100 ms grid from a cumulative byte counter read at irregular times: the counter,
     * linearly interpolated between readings, differenced over each grid step {@code ((k-1)·100 ms,
     * k·100 ms]} within the readings' span and ending by {@code untilSeconds}. The steps' mean is then the
     * bytes over the steps' span divided by its length, however the readings were spaced: a long gap
     * between polls (a descheduled poller) spreads its bytes over the steps it covers, and a backlog
     * the receiving application reads late does not enter at all.
     *
     * @param samples      readings in time order
     * @param untilSeconds the last grid step's end at most (the run's duration)
     * @return grid step end (s) → Mbit/s
     */
    static Map<Double, Double> counterOnGrid(List<CounterSample> samples, double untilSeconds) {
        Map<Double, Double> flow = new TreeMap<>();
        if (samples.size() < 2) {
            return flow;
        }
        double step = INTERVAL_MS / 1000.0;
        double first = samples.get(0).seconds();
        double last = Math.min(samples.get(samples.size() - 1).seconds(), untilSeconds);
        for (long k = (long) Math.ceil(first / step - 1e-9) + 1; k * step <= last + 1e-9; k++) {
            double bits = 8 * (interpolate(samples, k * step) - interpolate(samples, (k - 1) * step));
            flow.put(k * INTERVAL_MS / 1000.0, bits / step / 1e6);
        }
        return flow;
    }

    private static double interpolate(List<CounterSample> samples, double t) {
        int hi = 1;
        while (hi < samples.size() - 1 && samples.get(hi).seconds() < t) {
            hi++;
        }
        CounterSample a = samples.get(hi - 1);
        CounterSample b = samples.get(hi);
        double span = b.seconds() - a.seconds();
        double f = span <= 0 ? 1 : Math.max(0, Math.min(1, (t - a.seconds()) / span));
        return a.bytes() + f * (b.bytes() - a.bytes());
    }

    /** @return the bytes iperf3's server read over the whole transfer, from its report's intervals */
    private static long receivedBytes(Path dir, int i) {
        try {
            return Math.round(Iperf3Json.read(dir.resolve("server" + i + ".json")).intervals().stream()
                    .mapToDouble(interval -> interval.bitsPerSecond() / 8 * (interval.end() - interval.start())).sum());
        } catch (RuntimeException e) {
            throw new IllegalStateException("long flow of sender " + i + ": the iperf3 server's report is unreadable: " + e.getMessage(), e);
        }
    }

    private static void readIperf3(Path dir, int i, Map<Integer, List<Double>> rtt) {
        Path client = dir.resolve("client" + i + ".json");
        try {
            List<Double> samples = new ArrayList<>();
            for (Iperf3Json.Interval interval : Iperf3Json.read(client).intervals()) {
                interval.streams().stream().mapToDouble(Iperf3Json.Stream::rttMicros).filter(v -> !Double.isNaN(v))
                        .forEach(v -> samples.add(v / 1000));
            }
            rtt.put(i, samples);
        } catch (RuntimeException e) {
            String log = "";
            try {
                log = Files.exists(client) ? Files.readString(client) : "(no client report)";
            } catch (IOException ignored) {
                // The message below says enough.
            }
            throw new IllegalStateException("long flow of sender " + i + " gave no iperf3 report: " + e.getMessage()
                    + "; client said: " + log.strip().lines().limit(5).reduce("", (a, b) -> a + " " + b), e);
        }
    }

    private static List<String> java(String... args) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xmx64m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path"),
                TcpFlows.class.getName()));
        Collections.addAll(command, args);
        return command;
    }

    /** @return {busy jiffies, total jiffies} of all CPUs */
    private static long[] cpu() {
        try {
            String[] w = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < w.length; i++) {
                total += Long.parseLong(w[i]);
            }
            long idle = Long.parseLong(w[4]) + Long.parseLong(w[5]);
            return new long[] {total - idle, total};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0};
        }
    }

    /**
     * The processes' entry point: {@code sink <address> <lifetimeMs>} or
     * {@code source <address> <durationMs> <id:startMs:bytes>...}.
     *
     * @param args as above
     * @throws Exception on a socket error (printed as {@code error ...} by the source)
     */
    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        if (args[0].equals("sink")) {
            sink(args[1], Long.parseLong(args[2]), out);
        } else {
            source(args, out);
        }
    }

    // Bounded even when nobody kills it: the JVM ends itself after its lifetime.
    private static void exitAfter(long lifetimeMs) {
        Thread timer = new Thread(() -> {
            try {
                Thread.sleep(lifetimeMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.exit(0);
        });
        timer.setDaemon(true);
        timer.start();
    }

    private static void sink(String address, long lifetimeMs, PrintStream out) throws IOException {
        exitAfter(lifetimeMs);
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(address, PORT), 1024);
            out.println("ready");
            out.flush();
            while (true) {
                Socket socket = server.accept();
                Thread t = new Thread(() -> serve(socket));
                t.setDaemon(true);
                t.start();
            }
        }
    }

    private static void serve(Socket socket) {
        try (socket; DataInputStream in = new DataInputStream(socket.getInputStream())) {
            in.readInt();
            long left = in.readLong();
            byte[] buffer = new byte[64 * 1024];
            while (left > 0) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    return;
                }
                left -= n;
            }
            socket.getOutputStream().write(1);
        } catch (IOException ignored) {
            // The source was killed at the run's bound.
        }
    }

    private static void source(String[] args, PrintStream out) throws InterruptedException, IOException {
        String address = args[1];
        long durationMs = Long.parseLong(args[2]);
        exitAfter(durationMs + TimeUnit.SECONDS.toMillis(3L * GRACE_SECONDS));
        // Started beside the sink and the long flows; the flows' clock starts with theirs, at "go".
        new Socket().close();
        out.println("ready");
        out.flush();
        String go = new BufferedReader(new InputStreamReader(System.in)).readLine();
        if (!"go".equals(go)) {
            return;
        }
        long t0 = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int a = 3; a < args.length; a++) {
            String[] f = args[a].split(":");
            int id = Integer.parseInt(f[0]);
            long startMs = Long.parseLong(f[1]);
            long size = Long.parseLong(f[2]);
            Thread t = new Thread(() -> {
                try {
                    TimeUnit.NANOSECONDS.sleep(Math.max(0, t0 + TimeUnit.MILLISECONDS.toNanos(startMs) - System.nanoTime()));
                    long begin = System.nanoTime();
                    try (Socket socket = new Socket()) {
                        socket.connect(new InetSocketAddress(address, PORT), 5000);
                        DataOutputStream o = new DataOutputStream(socket.getOutputStream());
                        o.writeInt(id);
                        o.writeLong(size);
                        byte[] buffer = new byte[64 * 1024];
                        long left = size;
                        while (left > 0) {
                            int n = (int) Math.min(buffer.length, left);
                            o.write(buffer, 0, n);
                            left -= n;
                        }
                        o.flush();
                        if (socket.getInputStream().read() == 1) {
                            synchronized (out) {
                                out.println("fct " + id + " " + (System.nanoTime() - begin) / 1e9);
                            }
                        }
                    }
                } catch (IOException e) {
                    synchronized (out) {
                        out.println("error " + id + " " + e);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        // Flows still running at the run's bound are not completed: they get no FCT.
        long deadline = t0 + TimeUnit.MILLISECONDS.toNanos(durationMs) + TimeUnit.SECONDS.toNanos(GRACE_SECONDS - 1);
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
        synchronized (out) {
            out.flush();
        }
    }
}
