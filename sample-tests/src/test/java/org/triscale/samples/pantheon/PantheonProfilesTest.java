package org.triscale.samples.pantheon;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.link.DeliveryTrace;
import org.triscale.emulator.queue.Packets;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;

/**
 * A Pantheon-style single-flow comparison of BBR, CUBIC and Vegas, as a networking course's
 * assignment runs it on mahimahi: per run, the flow's throughput, the 95th percentile of the
 * one-way delay of its packets and its loss rate, on three links: the assignment's two profiles
 * (1 Mbit/s with 200 ms RTT, and 50 Mbit/s with 10 ms RTT, each with a 100-packet DropTail
 * buffer) and a cellular link driven by a delivery trace. The trace here is synthetic (a rate
 * that jumps every 100 ms between 2 and 20 Mbit/s, drawn from a fixed seed) so that the project
 * ships no third-party data; a recorded Pantheon trace plugs in the same way, with
 * {@code DeliveryTrace.read(Path.of("Verizon-LTE-short.down"))}. Runs last 20 s instead of 60 s.
 *
 * <p>The assignment's lesson, as KPIs: on the long thin profile CUBIC fills the buffer (P95
 * one-way delay above 1 s) while BBR and Vegas keep it short; on the cellular link Vegas keeps
 * the lowest delay.
 */
class PantheonProfilesTest {
    static final Duration RUN = Duration.ofSeconds(20);
    static final DeliveryTrace CELLULAR = syntheticCellularTrace(20_000, 42);

    /** A mahimahi trace whose rate is redrawn every 100 ms, uniformly in [2, 20] packets per ms / 1.2. */
    static DeliveryTrace syntheticCellularTrace(int millis, long seed) {
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        List<String> lines = new ArrayList<>();
        double perMilli = 0;
        double credit = 0;
        for (int ms = 1; ms <= millis; ms++) {
            if (ms % 100 == 1) {
                // 2 to 20 Mbit/s: one 1,500-byte packet per ms is 12 Mbit/s.
                perMilli = (2 + 18 * random.nextDouble()) / 12;
            }
            credit += perMilli;
            while (credit >= 1) {
                lines.add(Integer.toString(ms));
                credit -= 1;
            }
        }
        return DeliveryTrace.of("synthetic-cellular", lines);
    }

    static Scenario profile(String name, Cca cca) {
        Scenario.Builder b = Scenario.dumbbell().buffer(Packets.of(100)).duration(RUN).delaySampleEvery(10);
        return switch (name) {
            case "thin" -> b.bottleneck(Rate.mbps(1)).flow(f -> f.cca(cca).rtt(Duration.ofMillis(200))).build();
            case "fat" -> b.bottleneck(Rate.mbps(50)).flow(f -> f.cca(cca).rtt(Duration.ofMillis(10))).build();
            default -> b.trace(CELLULAR).flow(f -> f.cca(cca).rtt(Duration.ofMillis(40))).build();
        };
    }

    static void record(RunContext run, String prefix, Trace t) {
        run.recordRunValue(prefix + "Mbps", t.flow(0).goodputMbps());
        double[] delays = t.delays().delaysMillis(0);
        Arrays.sort(delays);
        run.recordRunValue(prefix + "P95DelayMs", delays[(int) Math.ceil(0.95 * delays.length) - 1]);
        run.recordRunValue(prefix + "Loss", t.link().drops() / (double) t.flow(0).packetsSent());
    }

    /**
     * Every scheme on every link; KPIs at 75 % confidence over 5 runs (P75 of a delay, P25 of a
     * throughput): on the thin profile CUBIC's P95 delay at least 1 s and BBR's and Vegas's at
     * most 700 ms; on the fat profile every scheme above 40 Mbit/s; on the cellular trace Vegas's
     * P95 delay at most 150 ms (CUBIC and BBR reach about 190 ms there).
     */
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5, independent = true)
    @Metric(name = "thinBbrMbps") @Metric(name = "thinBbrP95DelayMs") @Metric(name = "thinBbrLoss")
    @Metric(name = "thinCubicMbps") @Metric(name = "thinCubicP95DelayMs") @Metric(name = "thinCubicLoss")
    @Metric(name = "thinVegasMbps") @Metric(name = "thinVegasP95DelayMs") @Metric(name = "thinVegasLoss")
    @Metric(name = "fatBbrMbps") @Metric(name = "fatBbrP95DelayMs") @Metric(name = "fatBbrLoss")
    @Metric(name = "fatCubicMbps") @Metric(name = "fatCubicP95DelayMs") @Metric(name = "fatCubicLoss")
    @Metric(name = "fatVegasMbps") @Metric(name = "fatVegasP95DelayMs") @Metric(name = "fatVegasLoss")
    @Metric(name = "cellBbrMbps") @Metric(name = "cellBbrP95DelayMs") @Metric(name = "cellBbrLoss")
    @Metric(name = "cellCubicMbps") @Metric(name = "cellCubicP95DelayMs") @Metric(name = "cellCubicLoss")
    @Metric(name = "cellVegasMbps") @Metric(name = "cellVegasP95DelayMs") @Metric(name = "cellVegasLoss")
    @Kpi(metric = "thinCubicP95DelayMs", percentile = 25, atLeast = 1000)
    @Kpi(metric = "thinBbrP95DelayMs", atMost = 700)
    @Kpi(metric = "thinVegasP95DelayMs", atMost = 700)
    @Kpi(metric = "fatBbrMbps", percentile = 25, atLeast = 40)
    @Kpi(metric = "fatCubicMbps", percentile = 25, atLeast = 40)
    @Kpi(metric = "fatVegasMbps", percentile = 25, atLeast = 40)
    @Kpi(metric = "cellVegasP95DelayMs", atMost = 150)
    void bbrCubicAndVegasOnThreeLinks(RunContext run) {
        run.testBed("backend", "embedded emulator");
        for (String link : new String[] {"thin", "fat", "cell"}) {
            for (Cca cca : new Cca[] {Cca.BBR, Cca.CUBIC, Cca.VEGAS}) {
                String scheme = cca == Cca.BBR ? "Bbr" : cca == Cca.CUBIC ? "Cubic" : "Vegas";
                record(run, link + scheme, Emulator.run(profile(link, cca), run.seed()));
            }
        }
    }
}
