package org.triscale.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.workload.FlowSizes;

/**
 * The cells of the CPU-bound grid of {@code benchmarks/parallel-grid.sh} (the sample tests'
 * {@code ParallelGridBenchmark}: the FCT workload of {@code FctRegressionTest} with the short
 * flows' CCA as the grid's parameter, CUBIC, NewReno, CUBIC-Linux and BBR), in steady state: one
 * operation runs one emulator run of each of the four cells, with the same seed (as the grid's
 * common random numbers do), on a pool of {@code threads} threads, and waits for the four.
 * JMH's warm-up iterations let the JIT compiler finish first, so the score compares the cells'
 * own work on 1 and 2 threads without the JVM's start and compilation, which a whole launch of
 * the grid pays (docs/performance.md, "Parallel cells of a grid").
 *
 * <p>{@code grid} reports operations per second; {@code grid:cpuNanos} the CPU time of the pool's
 * threads per second, so that {@code cpuNanos / grid} is the CPU time of one operation: if it
 * grows from 1 to 2 threads, the cells slow each other down (shared state, locks, memory
 * bandwidth); if it stays, the runs scale and what a launch loses is elsewhere.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 4)
@Measurement(iterations = 5, time = 4)
@Fork(1)
public class GridCellsBenchmark {

    /** The threads the four cells' runs share. */
    @Param({"1", "2"})
    public int threads;

    /** How long flows arrive in a run, in seconds (the grid's default). */
    @Param({"300"})
    public int arrivals;

    private static final ThreadMXBean THREAD_CPU = ManagementFactory.getThreadMXBean();
    private static final List<Cca> CELLS = List.of(Cca.CUBIC, Cca.NEWRENO, Cca.CUBIC_LINUX, Cca.BBR);

    private final List<Scenario> scenarios = new ArrayList<>();
    private ExecutorService pool;
    private long seed;

    /** Counts the CPU time of the pool's threads; JMH divides by the iteration's time. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Cpu {
        /** CPU time of the runs, in nanoseconds, summed over the pool's threads. */
        public long cpuNanos;

        /** Clears the counter before each iteration. */
        @Setup(Level.Iteration)
        public void clear() {
            cpuNanos = 0;
        }
    }

    /** Builds the four cells' scenarios and the pool. */
    @Setup
    public void setUp() {
        for (Cca cca : CELLS) {
            scenarios.add(workload(cca, Duration.ofSeconds(arrivals)));
        }
        pool = Executors.newFixedThreadPool(threads);
    }

    /** Stops the pool. */
    @TearDown
    public void tearDown() {
        pool.shutdownNow();
    }

    /**
     * The grid's workload, as {@code FctRegressionTest.workload(false, cca, arrivals)} builds it:
     * 50 Mbit/s, 20 ms RTT, a 167-packet FIFO, Poisson arrivals every 200 ms on average of the
     * L4S discussion's lognormal sizes, from 5 s on for {@code arrivals}, 5 s more to finish.
     */
    static Scenario workload(Cca cca, Duration arrivals) {
        Duration start = Duration.ofSeconds(5);
        Duration lastArrival = start.plus(arrivals);
        return Scenario.dumbbell().bottleneck(Rate.mbps(50)).buffer(Packets.of(167))
                .fctWorkload(w -> w.cca(cca).rtt(Duration.ofMillis(20))
                        .meanInterArrival(Duration.ofMillis(200))
                        .sizes(FlowSizes.l4sWorkload())
                        .start(start).stop(lastArrival))
                .duration(lastArrival.plus(Duration.ofSeconds(5)))
                .ackJitter(Duration.ofMillis(1))
                .delaySampleEvery(100)
                .build();
    }

    /**
     * One run of each cell with the same seed, on the pool.
     *
     * @param cpu  the CPU counter
     * @param sink consumes the traces, so that no run is optimised away
     * @throws InterruptedException if interrupted while waiting
     * @throws ExecutionException   if a run failed
     */
    @Benchmark
    public void grid(Cpu cpu, Blackhole sink) throws InterruptedException, ExecutionException {
        long runSeed = seed++;
        AtomicLong nanos = new AtomicLong();
        List<Future<Trace>> runs = new ArrayList<>(scenarios.size());
        for (Scenario scenario : scenarios) {
            runs.add(pool.submit(() -> {
                long before = THREAD_CPU.getCurrentThreadCpuTime();
                Trace trace = Emulator.run(scenario, runSeed);
                nanos.addAndGet(THREAD_CPU.getCurrentThreadCpuTime() - before);
                return trace;
            }));
        }
        for (Future<Trace> run : runs) {
            sink.consume(run.get().fctMillis());
        }
        cpu.cpuNanos += nanos.get();
    }
}
