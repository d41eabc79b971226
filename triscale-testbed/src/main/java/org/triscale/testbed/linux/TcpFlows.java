package org.triscale.testbed.linux;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Traffic over real kernel TCP in a {@link LinuxDumbbell}: a sink in the receiver namespace and one
 * source per sender namespace, each a small Java process ({@code ip netns exec <ns> java -cp ...
 * TcpFlows source|sink}). Long flows give throughput per 250 ms interval per flow (counted by the
 * sink) and RTT samples ({@code ss -tin} polled in the senders' namespaces); an FCT workload
 * (start times and sizes given by the caller, e.g. from the emulator's seeded workload) gives each
 * completed flow's completion time, measured by the source from connect to the sink's one-byte reply.
 * Every process is started through {@link LinuxDumbbell#exec}, so closing the dumbbell kills it.
 */
public final class TcpFlows {
    static final int PORT = 5201;
    private static final long INTERVAL_MS = 250;
    private static final Pattern RTT = Pattern.compile("\\brtt:([0-9.]+)/");

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
    }

    /**
     * What a run measured.
     *
     * @param throughputMbps per flow id: interval end (s) → Mbit/s in that interval
     * @param rttMs          per sender: RTT samples (ms) of its connections
     * @param fctSeconds     per flow id of the workload: completion time (s), for completed flows only
     * @param cpuLoad        host CPU load (1 = all cores busy) over the run, from {@code /proc/stat}
     */
    public record Result(Map<Integer, Map<Double, Double>> throughputMbps, Map<Integer, List<Double>> rttMs,
                         Map<Integer, Double> fctSeconds, double cpuLoad) {
        /** @return true when the host was nearly saturated, so the host, not the bottleneck, may have limited the run */
        public boolean hostLimited() {
            return cpuLoad > 0.9;
        }
    }

    /**
     * Runs one long flow per sender for {@code duration}, plus the given workload flows.
     *
     * @param bed      the dumbbell
     * @param longFlow which senders run a long flow
     * @param workload extra finite flows (ids follow the long flows' ids, which are the sender indices)
     * @param duration how long the run lasts, 1 to 60 s
     * @return the measurements
     */
    public static Result run(LinuxDumbbell bed, List<Integer> longFlow, List<Flow> workload, Duration duration) {
        if (duration.toMillis() < 1000 || duration.toSeconds() > 60) {
            throw new IllegalArgumentException("duration = " + duration + " must be in [1 s, 60 s]");
        }
        long[] cpuBefore = cpu();
        Process sink = bed.exec(bed.receiver(), java("sink", LinuxDumbbell.receiverAddress(), Long.toString(duration.toMillis() + 10_000)));
        Map<Integer, Map<Double, Double>> throughput = new TreeMap<>();
        Map<Integer, Double> fct = new ConcurrentHashMap<>();
        Map<Integer, List<Double>> rtt = new TreeMap<>();
        try {
            BufferedReader sinkOut = new BufferedReader(new InputStreamReader(sink.getInputStream()));
            String ready = sinkOut.readLine();
            if (ready == null || !ready.startsWith("ready")) {
                throw new IllegalStateException("TCP sink did not start: " + ready);
            }
            Thread sinkReader = new Thread(() -> readSink(sinkOut, throughput), "tcp-sink-reader");
            sinkReader.setDaemon(true);
            sinkReader.start();
            List<Process> sources = new ArrayList<>();
            List<Integer> senders = new ArrayList<>();
            for (int i = 0; i < bed.settings().senderCount(); i++) {
                List<String> args = new ArrayList<>(List.of("source", LinuxDumbbell.receiverAddress(), Long.toString(duration.toMillis())));
                if (longFlow.contains(i)) {
                    args.add(i + ":0:-1");
                }
                for (int f = 0; f < workload.size(); f++) {
                    Flow flow = workload.get(f);
                    if (flow.sender() == i) {
                        args.add((1000 + f) + ":" + flow.start().toMillis() + ":" + flow.bytes());
                    }
                }
                if (args.size() > 3) {
                    sources.add(bed.exec(bed.sender(i), java(args.toArray(String[]::new))));
                    senders.add(i);
                }
            }
            long end = System.nanoTime() + duration.toNanos() + TimeUnit.SECONDS.toNanos(5);
            while (sources.stream().anyMatch(Process::isAlive) && System.nanoTime() < end) {
                for (int i : senders) {
                    String ss = Commands.run(List.of("ip", "netns", "exec", bed.sender(i), "ss", "-tin", "dst",
                            LinuxDumbbell.receiverAddress())).output();
                    Matcher m = RTT.matcher(ss);
                    while (m.find()) {
                        rtt.computeIfAbsent(i, k -> new ArrayList<>()).add(Double.parseDouble(m.group(1)));
                    }
                }
                Thread.sleep(INTERVAL_MS);
            }
            for (Process source : sources) {
                if (source.isAlive()) {
                    Commands.killTree(source.toHandle());
                }
                for (String line : new String(source.getInputStream().readAllBytes()).lines().toList()) {
                    String[] w = line.split(" ");
                    if (w[0].equals("fct")) {
                        fct.put(Integer.parseInt(w[1]) - 1000, Double.parseDouble(w[2]));
                    } else if (w[0].equals("error")) {
                        throw new IllegalStateException("TCP source failed: " + line);
                    }
                }
            }
            Thread.sleep(2 * INTERVAL_MS);
        } catch (IOException e) {
            throw new IllegalStateException("traffic run failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            Commands.killTree(sink.toHandle());
        }
        long[] cpuAfter = cpu();
        double busy = (cpuAfter[0] - cpuBefore[0]);
        double total = (cpuAfter[1] - cpuBefore[1]);
        Map<Integer, Map<Double, Double>> copy;
        synchronized (throughput) {
            copy = new TreeMap<>(throughput);
        }
        return new Result(copy, rtt, new TreeMap<>(fct), total > 0 ? busy / total : Double.NaN);
    }

    private static void readSink(BufferedReader out, Map<Integer, Map<Double, Double>> throughput) {
        try {
            for (String line; (line = out.readLine()) != null; ) {
                String[] w = line.split(" ");
                if (w.length == 4 && w[0].equals("interval")) {
                    synchronized (throughput) {
                        throughput.computeIfAbsent(Integer.parseInt(w[1]), k -> new TreeMap<>())
                                .put(Double.parseDouble(w[2]), Long.parseLong(w[3]) * 8 / (INTERVAL_MS * 1000.0));
                    }
                }
            }
        } catch (IOException ignored) {
            // The sink was killed at the end of the run.
        }
    }

    private static List<String> java(String... args) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xmx64m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
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
     * {@code source <address> <durationMs> <id:startMs:bytes>...} (bytes -1: a long flow for the duration).
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

    private static void sink(String address, long lifetimeMs, PrintStream out) throws IOException {
        Map<Integer, AtomicLong> bytes = new ConcurrentHashMap<>();
        long t0 = System.nanoTime();
        Thread ticker = new Thread(() -> {
            try {
                for (long tick = 1; ; tick++) {
                    long wake = t0 + TimeUnit.MILLISECONDS.toNanos(tick * INTERVAL_MS);
                    TimeUnit.NANOSECONDS.sleep(Math.max(0, wake - System.nanoTime()));
                    for (var e : bytes.entrySet()) {
                        long n = e.getValue().getAndSet(0);
                        out.println("interval " + e.getKey() + " " + tick * INTERVAL_MS / 1000.0 + " " + n);
                    }
                    out.flush();
                    if (tick * INTERVAL_MS > lifetimeMs) {
                        System.exit(0);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ticker.setDaemon(true);
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(address, PORT), 64);
            out.println("ready");
            out.flush();
            ticker.start();
            while (true) {
                Socket socket = server.accept();
                Thread t = new Thread(() -> serve(socket, bytes));
                t.setDaemon(true);
                t.start();
            }
        }
    }

    private static void serve(Socket socket, Map<Integer, AtomicLong> bytes) {
        try (socket; DataInputStream in = new DataInputStream(socket.getInputStream())) {
            int id = in.readInt();
            long size = in.readLong();
            AtomicLong counter = id < 1000 ? bytes.computeIfAbsent(id, k -> new AtomicLong()) : new AtomicLong();
            byte[] buffer = new byte[64 * 1024];
            long left = size < 0 ? Long.MAX_VALUE : size;
            while (left > 0) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    break;
                }
                counter.addAndGet(n);
                left -= n;
            }
            socket.getOutputStream().write(1);
        } catch (IOException ignored) {
            // A long flow ends by the source closing or being killed.
        }
    }

    private static void source(String[] args, PrintStream out) throws InterruptedException {
        String address = args[1];
        long durationMs = Long.parseLong(args[2]);
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
                        long deadline = t0 + TimeUnit.MILLISECONDS.toNanos(durationMs);
                        long left = size < 0 ? Long.MAX_VALUE : size;
                        while (left > 0 && (size >= 0 || System.nanoTime() < deadline)) {
                            int n = (int) Math.min(buffer.length, left);
                            o.write(buffer, 0, n);
                            left -= n;
                        }
                        if (size >= 0 && left == 0) {
                            o.flush();
                            if (socket.getInputStream().read() == 1) {
                                synchronized (out) {
                                    out.println("fct " + id + " " + (System.nanoTime() - begin) / 1e9);
                                }
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
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        out.flush();
    }
}
