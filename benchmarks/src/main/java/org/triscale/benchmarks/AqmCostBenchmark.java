package org.triscale.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.DropTail;

/**
 * The cost of an AQM relative to the DropTail discipline, measured so that a loaded machine
 * disturbs the ratio as little as possible: each invocation runs {@link EmulatorBenchmark}'s
 * scenario (one CUBIC flow, 100 Mbit/s, 90 ms, one-BDP buffer, 30 s) once through the DropTail
 * discipline and once through {@code queue}, back to back in the same JVM, and adds the benchmark
 * thread's CPU time and the packets sent of each. The AQM's relative cost per packet is
 * {@code (cpuNanos / packets) / (dropTailCpuNanos / dropTailPackets)}; JMH divides every counter
 * by the same iteration time, which cancels in the ratio. Separate forks per queue (as in
 * {@link EmulatorBenchmark}) put different load and JIT decisions under each queue.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AqmCostBenchmark {

    /** The AQM compared with the DropTail discipline. */
    @Param({"CoDel", "FqCoDel", "Pie", "PieDerandomized", "DualPi2"})
    public String queue;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private Scenario dropTail;
    private Scenario aqm;
    private long seed;

    /** CPU time and packets of both runs, summed over an iteration. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Cost {
        /** CPU nanoseconds of the runs through the DropTail discipline. */
        public long dropTailCpuNanos;
        /** Data packets sent in the runs through the DropTail discipline. */
        public long dropTailPackets;
        /** CPU nanoseconds of the runs through the AQM. */
        public long cpuNanos;
        /** Data packets sent in the runs through the AQM. */
        public long packets;

        /** Clears the counters before each iteration. */
        @Setup(Level.Iteration)
        public void clear() {
            dropTailCpuNanos = 0;
            dropTailPackets = 0;
            cpuNanos = 0;
            packets = 0;
        }
    }

    /** Builds both scenarios. */
    @Setup
    public void setUp() {
        dropTail = EmulatorBenchmark.bulkFlow(Cca.CUBIC).queue(DropTail.factory()).build();
        aqm = EmulatorBenchmark.bulkFlow(Cca.CUBIC).queue(EmulatorBenchmark.discipline(queue)).build();
    }

    /**
     * One run through each queue, with the same seed.
     *
     * @param cost the counters
     * @return the AQM's trace, so that the runs are not optimised away
     */
    @Benchmark
    public Trace pair(Cost cost) {
        long s = seed++;
        long start = THREADS.getCurrentThreadCpuTime();
        Trace base = Emulator.run(dropTail, s);
        long middle = THREADS.getCurrentThreadCpuTime();
        Trace trace = Emulator.run(aqm, s);
        long end = THREADS.getCurrentThreadCpuTime();
        cost.dropTailCpuNanos += middle - start;
        cost.dropTailPackets += base.flow(0).packetsSent();
        cost.cpuNanos += end - middle;
        cost.packets += trace.flow(0).packetsSent();
        return trace;
    }
}
