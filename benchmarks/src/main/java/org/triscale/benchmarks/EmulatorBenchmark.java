package org.triscale.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.CoDel;
import org.triscale.emulator.queue.DropTail;
import org.triscale.emulator.queue.DualPi2;
import org.triscale.emulator.queue.FqCoDel;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.queue.Pie;
import org.triscale.emulator.queue.QueueDiscipline;

/**
 * Speed of the embedded emulator on a fixed scenario: one bulk flow over a 100 Mbit/s bottleneck
 * with a 90 ms RTT and a buffer of one BDP, 30 s of simulated time (about 250,000 data packets).
 * {@code run} reports runs per second (the inverse is the wall time of one run); its
 * {@code run:events} counter reports the discrete events processed per second, and
 * {@code run:packets} the data packets sent per second. {@code queue} selects the bottleneck's
 * queue: {@code fast} is the DropTail fast path without link events, the others are queue
 * disciplines served one packet at a time. {@code run:cpuNanos} is the CPU time the benchmark
 * thread spent, per second: divided by {@code run}'s runs per second it gives the CPU time per
 * run, which a loaded machine disturbs far less than the wall-clock rates.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class EmulatorBenchmark {

    /** The congestion control of the flow. */
    @Param({"CUBIC", "BBR"})
    public String cca;

    /** The bottleneck's queue. */
    @Param({"fast", "DropTail", "CoDel", "FqCoDel", "Pie", "PieDerandomized", "DualPi2"})
    public String queue;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private Scenario scenario;
    private long seed;

    /** Counts the events of the runs of one iteration; JMH divides by the iteration's time. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Events {
        /** Discrete events processed. */
        public long events;
        /** Data packets sent. */
        public long packets;
        /** CPU time of the benchmark thread, in nanoseconds. */
        public long cpuNanos;

        /** Clears the counters before each iteration. */
        @Setup(Level.Iteration)
        public void clear() {
            events = 0;
            packets = 0;
            cpuNanos = 0;
        }
    }

    /** Builds the scenario. */
    @Setup
    public void setUp() {
        Scenario.Builder b = bulkFlow("BBR".equals(cca) ? Cca.BBR : Cca.CUBIC);
        if (!"fast".equals(queue)) {
            b.queue(discipline(queue));
        }
        scenario = b.build();
    }

    /** The benchmarks' scenario without its queue: one bulk flow, 100 Mbit/s, 90 ms, one BDP, 30 s. */
    static Scenario.Builder bulkFlow(Cca algorithm) {
        Rate rate = Rate.mbps(100);
        Duration rtt = Duration.ofMillis(90);
        return Scenario.dumbbell().bottleneck(rate).buffer(Packets.bdp(rate, rtt))
                .flow(f -> f.cca(algorithm).rtt(rtt)).duration(Duration.ofSeconds(30));
    }

    /** The queue discipline a {@code queue} parameter names. */
    static QueueDiscipline.Factory discipline(String name) {
        return switch (name) {
            case "DropTail" -> DropTail.factory();
            case "CoDel" -> CoDel.rfc8289();
            case "FqCoDel" -> FqCoDel.rfc8290();
            case "Pie" -> Pie.rfc8033();
            case "PieDerandomized" -> Pie.derandomized();
            case "DualPi2" -> DualPi2.rfc9332();
            default -> throw new IllegalArgumentException("unknown queue " + name);
        };
    }

    /**
     * One 30-second run.
     *
     * @param events the event counter
     * @return the trace, so that the run is not optimised away
     */
    @Benchmark
    public Trace run(Events events) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        Trace trace = Emulator.run(scenario, seed++);
        events.cpuNanos += THREADS.getCurrentThreadCpuTime() - cpu;
        events.events += trace.eventsProcessed();
        events.packets += trace.flow(0).packetsSent();
        return trace;
    }
}
