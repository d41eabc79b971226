package org.triscale.samples.linux;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.triscale.engine.network.JainIndex;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.junit.Series;
import org.triscale.testbed.linux.LinuxDumbbell;
import org.triscale.testbed.linux.Queue;
import org.triscale.testbed.linux.Rate;
import org.triscale.testbed.linux.RequiresLinuxTestBed;
import org.triscale.testbed.linux.TcpFlows;

/**
 * Kernel congestion controls competing on a real Linux dumbbell: two senders, one long flow each,
 * through a 50 Mbit/s bottleneck with a 100-packet FIFO, 5 series of 10 runs of 2 s. Metrics: the
 * summed throughput per 250 ms interval, the senders' RTT samples ({@code ss -tin}) and Jain's index
 * of the two flows' mean rates. Needs root and namespaces; a CCA that a namespace may not take as
 * its default (only {@code tcp_allowed_congestion_control} may) skips the test with that reason.
 * The first 0.5 s (slow start) are left out. Class name ends in {@code Tests}: outside the quick job.
 */
@ResourceLock("network-namespaces")
class KernelCcaDumbbellTests {
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
    @Series(count = 5)
    @Metric(name = "throughput", unit = "Mbit/s")
    @Metric(name = "rtt", samplePercentile = 95, unit = "ms")
    @Metric(name = "jain")
    @Kpi(metric = "throughput", percentile = 25, atLeast = 35)
    @Kpi(metric = "rtt", atMost = 100)
    @RequiresLinuxTestBed(qdisc = "pfifo", cca = {"cubic", "bbr"})
    void cubicVsBbr(RunContext run) {
        compete(run, "cubic", "bbr");
    }

    /** The same with Reno, which namespaces may take on kernels whose allowed list lacks CUBIC. */
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
    @Series(count = 5)
    @Metric(name = "throughput", unit = "Mbit/s")
    @Metric(name = "rtt", samplePercentile = 95, unit = "ms")
    @Metric(name = "jain")
    @Kpi(metric = "throughput", percentile = 25, atLeast = 35)
    @Kpi(metric = "rtt", atMost = 100)
    @RequiresLinuxTestBed(qdisc = "pfifo", cca = {"reno", "bbr"})
    void renoVsBbr(RunContext run) {
        compete(run, "reno", "bbr");
    }

    // The user test: about 20 lines from dumbbell to KPIs.
    private static void compete(RunContext run, String first, String second) {
        TcpFlows.Result result;
        try (LinuxDumbbell bed = LinuxDumbbell.builder().senders(2).rate(Rate.mbps(50)).queue(Queue.pfifo(100))
                .congestionControl(0, first).congestionControl(1, second).build()) {
            bed.testBed().forEach(run::testBed);
            result = TcpFlows.run(bed, List.of(0, 1), List.of(), Duration.ofSeconds(2));
        }
        run.testBed("cpu.load", String.format("%.2f%s", result.cpuLoad(), result.hostLimited() ? " (host-limited!)" : ""));
        Map<Double, Double> a = result.throughputMbps().getOrDefault(0, Map.of());
        Map<Double, Double> b = result.throughputMbps().getOrDefault(1, Map.of());
        a.forEach((t, mbps) -> {
            if (t > 0.5 && t <= 2.0) {
                run.recordSample("throughput", t, mbps + b.getOrDefault(t, 0.0));
            }
        });
        result.rttMs().values().forEach(samples -> samples.forEach(ms -> run.recordSample("rtt", ms)));
        double meanA = a.entrySet().stream().filter(e -> e.getKey() > 0.5).mapToDouble(Map.Entry::getValue).average().orElse(0);
        double meanB = b.entrySet().stream().filter(e -> e.getKey() > 0.5).mapToDouble(Map.Entry::getValue).average().orElse(0);
        run.recordRunValue("jain", JainIndex.of(new double[] {meanA, meanB}).index());
    }
}
