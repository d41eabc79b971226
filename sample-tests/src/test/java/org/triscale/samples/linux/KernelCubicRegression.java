package org.triscale.samples.linux;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.junit.Series;
import org.triscale.testbed.linux.LinuxDumbbell;
import org.triscale.testbed.linux.Queue;
import org.triscale.testbed.linux.TcRate;
import org.triscale.testbed.linux.RequiresLinuxTestBed;
import org.triscale.testbed.linux.TcpFlows;

/**
 * Does the kernel's CUBIC back off? One CUBIC long flow through a 50 Mbit/s bottleneck with a
 * 100-packet FIFO, 10 runs of 2 s, each on a dumbbell of its own. The path's envelope: the base
 * RTT of the namespaces is well under 1 ms, so the RTT is the queue's delay, at most 100 × 1,514
 * bytes at 50 Mbit/s ≈ 24.2 ms (plus the sender's smoothing). After each loss CUBIC's window
 * drops to β = 0.7 of what it was, so the queue swings between about 0.7 and 1 of full: its lower
 * quartile sits near 0.775 × 24.2 ≈ 18.8 ms. A CUBIC that backs off too little (β near 1) keeps the
 * queue full, lower quartile ≈ 24 ms. The KPI's threshold, 0.8 of the full queue (19.4 ms), lies between the
 * two (measured on a busy 2-core host: 17.4 ms as it is, 21.9 ms with β = 0.98). Kernel mutants ({@code KernelCubicParameters}) make it fail:
 * {@link KernelMutationScoreTests} launches it with β = 0.98. Not a test Surefire runs by itself
 * (its name ends in neither {@code Test} nor {@code Tests}).
 */
@ResourceLock("network-namespaces")
@RequiresLinuxTestBed(qdisc = "pfifo", cca = "cubic", tool = "iperf3")
class KernelCubicRegression {
    /** The queue's delay when full: 100 packets of 1,514 bytes at 50 Mbit/s, in ms. */
    static final double FULL_QUEUE_MS = 100 * 1514 * 8 / 50e6 * 1e3;

    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
    @Series(count = 1)
    @Metric(name = "rtt", samplePercentile = 25, unit = "ms")
    @Metric(name = "goodput", unit = "Mbit/s")
    @Kpi(metric = "rtt", percentile = 50, atMost = 19.4) // 0.8 × FULL_QUEUE_MS
    @Kpi(metric = "goodput", percentile = 25, atLeast = 35) // 70 % of the link: a host-limited run is named
    void cubicBacksOff(RunContext run) {
        TcpFlows.Result result;
        try (LinuxDumbbell bed = LinuxDumbbell.builder().senders(1).rate(TcRate.mbps(50)).queue(Queue.pfifo(100))
                .congestionControl(0, "cubic").build()) {
            bed.testBed().forEach(run::testBed);
            result = TcpFlows.run(bed, List.of(0), List.of(), Duration.ofSeconds(2));
        }
        if (result.hostLimited()) { // named in the verdict, not only in the run's notes
            run.note("host-limited", result.cpuNote());
        }
        Map<Double, Double> goodput = result.goodputMbps().get(0);
        goodput.forEach((t, mbps) -> {
            if (t > 0.5) { // slow start left out
                run.recordSample("goodput", t, mbps);
            }
        });
        result.rttMs().get(0).forEach(ms -> run.recordSample("rtt", ms));
    }
}
