package org.triscale.samples.datacenter;

import java.time.Duration;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.workload.FlowSizes;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;

/**
 * DCTCP's FCT slowdown (FCT over the FCT alone on an idle path) under the web-search workload
 * with incast, as datacenter CCA papers report it: a 1 Gbit/s bottleneck with a 100 µs RTT, a
 * 250-packet buffer marking at K = 20 packets (DCTCP's setting for 1 Gbit/s), a 5 ms minimum
 * RTO; web-search flows arriving every 25 ms on average (about 50 % load) and, every 20 ms on
 * average, an incast query of 16 senders with 10 kB each; 2 s runs.
 *
 * <p>The slowdown's median is stable (5.0–5.5 over three seeds) but its P99 is not: a run whose
 * incast burst meets a full buffer times out (the 5 ms minimum RTO is 50 RTTs) and its P99 jumps
 * from about 12 to several thousands. That is what the KPI on the P99 is for: at 75 % confidence
 * it bounds the typical run, and a change that makes timeouts common fails it.
 */
class DctcpIncastTest {
    static final Duration RTT = Duration.ofNanos(100_000);

    static final Scenario WEB_SEARCH_WITH_INCAST = Scenario.dumbbell()
            .bottleneck(Rate.gbps(1))
            .buffer(Packets.of(250))
            .ecnThreshold(20)
            .minRto(Duration.ofMillis(5))
            .fctWorkload(w -> w.cca(Cca.DCTCP).rtt(RTT).sizes(FlowSizes.webSearch())
                    .meanInterArrival(Duration.ofMillis(25)))
            .fctWorkload(w -> w.cca(Cca.DCTCP).rtt(RTT).sizes(FlowSizes.fixed(10_000)).fanIn(16)
                    .meanInterArrival(Duration.ofMillis(20)))
            .duration(Duration.ofSeconds(2))
            .delaySampleEvery(1000)
            .build();

    /**
     * Every completed flow's slowdown recorded; metrics are its median and its 99th percentile.
     * KPIs at 75 % confidence over 5 runs: the median slowdown (P75 of the runs) at most 8, and
     * the P99 slowdown (P50 of the runs) at most 100.
     */
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5, independent = true)
    @Metric(name = "slowdown")
    @Metric(name = "tailSlowdown", samplePercentile = 99)
    @Kpi(metric = "slowdown", atMost = 8)
    @Kpi(metric = "tailSlowdown", percentile = 50, atMost = 100)
    void dctcpSlowdownUnderWebSearchWithIncast(RunContext run) {
        run.testBed("backend", "embedded emulator");
        Trace t = Emulator.run(WEB_SEARCH_WITH_INCAST, run.seed());
        double[] slowdowns = t.fctSlowdowns();
        run.recordSamples("slowdown", slowdowns);
        run.recordSamples("tailSlowdown", slowdowns);
    }
}
