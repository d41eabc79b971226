package org.triscale.samples.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.triscale.engine.network.JainIndex;
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
 * Kernel CUBIC against kernel BBR on a real Linux dumbbell: two senders, one long flow each (the
 * CCA set per socket by {@code iperf3 -C}), through a 50 Mbit/s bottleneck with a 100-packet FIFO,
 * 5 series of 10 runs of 1 s, each on a dumbbell of its own. Metrics: the summed throughput per
 * 100 ms interval (the first 0.2 s, slow start, left out), the senders' smoothed RTTs and Jain's
 * index of the two flows' mean rates; the host's CPU load is a note of each run. Needs root,
 * {@code iperf3} and the three kernel pieces; skipped with what is missing otherwise. About 90 s
 * on a busy 2-core machine, so the class name ends in {@code Tests}: outside the quick main job,
 * inside {@code mvn verify}.
 */
@ResourceLock("network-namespaces")
@RequiresLinuxTestBed(qdisc = "pfifo", cca = {"cubic", "bbr"}, tool = "iperf3")
class KernelCcaDumbbellTests {
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
    @Series(count = 5)
    @Metric(name = "throughput", unit = "Mbit/s")
    @Metric(name = "rtt", samplePercentile = 95, unit = "ms")
    @Metric(name = "jain")
    @Kpi(metric = "throughput", percentile = 25, atLeast = 35)
    @Kpi(metric = "rtt", atMost = 100)
    void cubicVsBbr(RunContext run) {
        TcpFlows.Result result;
        try (LinuxDumbbell bed = LinuxDumbbell.builder().senders(2).rate(TcRate.mbps(50)).queue(Queue.pfifo(100))
                .congestionControl(0, "cubic").congestionControl(1, "bbr").build()) {
            bed.testBed().forEach(run::testBed);
            result = TcpFlows.run(bed, List.of(0, 1), List.of(), Duration.ofSeconds(1));
        }
        run.note("cpu", result.cpuNote());
        if (result.hostLimited()) { // named in the verdict, not only in the run's notes
            run.note("host-limited", result.cpuNote());
        }
        Map<Double, Double> cubic = result.throughputMbps().get(0);
        Map<Double, Double> bbr = result.throughputMbps().get(1);
        cubic.forEach((t, mbps) -> {
            if (t > 0.2) {
                run.recordSample("throughput", t, mbps + bbr.getOrDefault(t, 0.0));
            }
        });
        result.rttMs().values().forEach(samples -> samples.forEach(ms -> run.recordSample("rtt", ms)));
        run.recordRunValue("jain", JainIndex.of(new double[] {mean(cubic), mean(bbr)}).index());
    }

    private static double mean(Map<Double, Double> flow) {
        return flow.entrySet().stream().filter(e -> e.getKey() > 0.2).mapToDouble(Map.Entry::getValue).average().orElse(0);
    }

    @AfterAll
    static void nothingLeftBehind() {
        assertThat(LinuxDumbbell.leftovers()).as("namespaces and processes left by the runs").isEmpty();
    }
}
