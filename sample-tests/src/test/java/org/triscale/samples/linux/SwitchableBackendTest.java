package org.triscale.samples.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.workload.FctWorkload;
import org.triscale.emulator.workload.FlowSizes;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.testbed.linux.LinuxDumbbell;
import org.triscale.testbed.linux.LinuxWorkload;
import org.triscale.testbed.linux.Queue;
import org.triscale.testbed.linux.TcRate;
import org.triscale.testbed.linux.TcpFlows;

/**
 * One test, two backends: a long CUBIC flow beside a seeded workload of Reno flows (Poisson
 * arrivals 100 ms apart for 0.8 s, lognormal sizes with P5 16 kB and P95 400 kB) through a
 * 50 Mbit/s bottleneck with a 100-packet FIFO, on the embedded emulator or on kernel TCP in a
 * {@link LinuxDumbbell}, chosen by {@code -Dtriscale.samples.backend=emulator|linux}
 * ({@link Backend}). Both backends give the same metrics (the long flow's throughput per 100 ms,
 * its P95 RTT, the workload's P95 FCT), recorded by one helper ({@link FlowMetrics#record}), and
 * face the same KPIs; the fingerprint names the backend, so a baseline of one is not compared with
 * the other. With {@code linux} the class is skipped with the reason where root, namespaces, a CCA
 * or iperf3 is missing. The scenario is what this project's CI kernel can shape (no netem): no
 * added delay, so the emulator's base RTT of 1 ms stands for the veths' sub-millisecond one.
 * About 1 s with the emulator, 20 s on Linux.
 */
@ResourceLock("network-namespaces")
@Backend.OnConfiguredBackend(qdisc = "pfifo", cca = "cubic", namespaceCca = "reno", tool = "iperf3")
class SwitchableBackendTest {
    static final double RATE_MBPS = 50;
    static final int BUFFER_PACKETS = 100;
    static final Duration TRAFFIC = Duration.ofSeconds(1);
    static final Duration BASE_RTT = Duration.ofMillis(1);
    static final FctWorkload WORKLOAD = FctWorkload.builder().cca(Cca.NEWRENO).rtt(BASE_RTT)
            .meanInterArrival(Duration.ofMillis(100)).stop(Duration.ofMillis(800))
            .sizes(FlowSizes.logNormal(16_000, 400_000)).build();

    @Runs(kpiPercentile = 75, kpiConfidence = 75)
    @Metric(name = "throughput", unit = "Mbit/s")
    @Metric(name = "rtt", samplePercentile = 95, unit = "ms")
    @Metric(name = "fct", unit = "ms")
    @Kpi(metric = "throughput", percentile = 25, atLeast = 20)
    @Kpi(metric = "rtt", atMost = 60)
    @Kpi(metric = "fct", atMost = 1500)
    void cubicBesideRenoFlows(RunContext run, Backend backend) {
        FlowMetrics metrics = backend == Backend.LINUX ? onLinux(run) : onEmulator(run.seed());
        metrics.record(run);
    }

    static FlowMetrics onEmulator(long seed) {
        Scenario scenario = Scenario.dumbbell().bottleneck(org.triscale.emulator.base.Rate.mbps(RATE_MBPS))
                .buffer(Packets.of(BUFFER_PACKETS))
                .flow(f -> f.cca(Cca.CUBIC_LINUX).rtt(BASE_RTT))
                .fctWorkload(WORKLOAD)
                // Longer than the Linux run's traffic, as its workload flows get the run's grace time to complete.
                .duration(TRAFFIC.multipliedBy(2))
                .throughputBin(Duration.ofMillis(TcpFlows.INTERVAL_MS))
                .build();
        return FlowMetrics.of(Emulator.run(scenario, seed), 0);
    }

    static FlowMetrics onLinux(RunContext run) {
        List<TcpFlows.Flow> flows = LinuxWorkload.poisson(WORKLOAD, 1, TRAFFIC, run.seed());
        try (LinuxDumbbell bed = LinuxDumbbell.builder().senders(2).rate(TcRate.mbps(RATE_MBPS))
                .queue(Queue.pfifo(BUFFER_PACKETS)).congestionControl(0, "cubic").congestionControl(1, "reno").build()) {
            TcpFlows.Result result = TcpFlows.run(bed, List.of(0), flows, TRAFFIC);
            run.note("cpu", result.cpuNote());
            if (result.hostLimited()) { // named in the verdict, not only in the run's notes
                run.note("host-limited", result.cpuNote());
            }
            return FlowMetrics.of(bed.testBed(), result, 0, flows.size());
        }
    }

    @AfterAll
    static void nothingLeftBehind() {
        assertThat(LinuxDumbbell.leftovers()).as("namespaces and processes left by the runs").isEmpty();
    }
}
