package org.triscale.samples.linux;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.triscale.emulator.workload.FlowSizes;
import org.triscale.engine.network.FctSummary;
import org.triscale.engine.network.Harm;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;
import org.triscale.testbed.linux.LinuxDumbbell;
import org.triscale.testbed.linux.Queue;
import org.triscale.testbed.linux.Rate;
import org.triscale.testbed.linux.RequiresLinuxTestBed;
import org.triscale.testbed.linux.TcpFlows;

/**
 * A seeded FCT workload over kernel BBR (Poisson arrivals, mean 100 ms apart, sizes from the
 * emulator's lognormal {@code l4sWorkload()}), alone and beside a long flow of a second sender,
 * through a 50 Mbit/s, 100-packet FIFO dumbbell; the harm of the long flow on the P95 FCT
 * (Ware et al. 2019). Same seed, same flows. Skips where namespaces or BBR are missing.
 */
@ResourceLock("network-namespaces")
@RequiresLinuxTestBed(qdisc = "pfifo", cca = "bbr")
class FctBesideALongFlowTests {
    static List<TcpFlows.Flow> workload(long seed, Duration span) {
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        FlowSizes.Sampler sizes = FlowSizes.l4sWorkload().sampler(random);
        List<TcpFlows.Flow> flows = new ArrayList<>();
        double t = 0;
        while ((t += -Math.log(1 - random.nextDouble()) * 0.100) < span.toMillis() / 1000.0) {
            flows.add(new TcpFlows.Flow(0, Duration.ofMillis(Math.round(t * 1000)), sizes.next()));
        }
        return flows;
    }

    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
    @Metric(name = "fct", unit = "ms")
    @Metric(name = "harm")
    @Kpi(metric = "fct", atMost = 3000)
    @Kpi(metric = "harm", atMost = 0.95)
    void bbrFlowsBesideALongBbrFlow(RunContext run) {
        List<TcpFlows.Flow> flows = workload(run.seed(), Duration.ofSeconds(2));
        double[] alone = fcts(run, flows, List.of());
        double[] beside = fcts(run, flows, List.of(1));
        FctSummary without = FctSummary.of(alone);
        FctSummary with = FctSummary.of(beside);
        run.recordRunValue("fct", with.p95());
        run.recordRunValue("harm", Harm.of(without, with).p95());
    }

    private static double[] fcts(RunContext run, List<TcpFlows.Flow> flows, List<Integer> longFlows) {
        try (LinuxDumbbell bed = LinuxDumbbell.builder().senders(2).rate(Rate.mbps(50)).queue(Queue.pfifo(100))
                .congestionControl(0, "bbr").congestionControl(1, "bbr").build()) {
            bed.testBed().forEach(run::testBed);
            TcpFlows.Result result = TcpFlows.run(bed, longFlows, flows, Duration.ofSeconds(3));
            return result.fctSeconds().values().stream().mapToDouble(s -> s * 1000).toArray();
        }
    }
}
