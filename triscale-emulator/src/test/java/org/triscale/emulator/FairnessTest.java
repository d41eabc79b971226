package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.Packets;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.triscale.emulator.cca.Cca;

/**
 * Two flows of one algorithm over the same path share the bottleneck fairly, except Vegas, whose
 * base-RTT estimate favours the flow that starts behind the other's standing queue (Mo, La,
 * Anantharam and Walrand, INFOCOM 1999).
 */
class FairnessTest {

    private static Cca cca(String name) {
        return switch (name) {
            case "NewReno" -> Cca.NEWRENO;
            case "CUBIC" -> Cca.CUBIC;
            case "Vegas" -> Cca.VEGAS;
            case "BBR" -> Cca.BBR;
            case "DCTCP" -> Cca.DCTCP;
            default -> throw new IllegalArgumentException(name);
        };
    }

    @ParameterizedTest(name = "{0}, RTT {1} ms, seed {2}")
    @CsvSource({"NewReno, 20, 1", "NewReno, 20, 2", "CUBIC, 20, 1", "CUBIC, 20, 2", "BBR, 20, 1", "BBR, 40, 2",
            "DCTCP, 20, 1"})
    void twoFlowsOfOneAlgorithmAndRttShareFairly(String name, int rttMillis, long seed) {
        Rate rate = Rate.mbps(50);
        Duration rtt = Duration.ofMillis(rttMillis);
        Cca cca = cca(name);
        Scenario s = Scenario.dumbbell().bottleneck(rate).buffer(Packets.bdp(rate, rtt)).ecnThreshold(20)
                .ackJitter(Duration.ofMillis(1))
                .flow(f -> f.cca(cca).rtt(rtt))
                .flow(f -> f.cca(cca).rtt(rtt).start(Duration.ofMillis(500)))
                .duration(Duration.ofSeconds(30)).build();

        Trace t = Emulator.run(s, seed);
        double a = t.throughput().meanFlowMbps(0, 10, 30);
        double b = t.throughput().meanFlowMbps(1, 10, 30);

        assertThat(Stats.jain(a, b)).as("Jain's index of %.1f and %.1f Mbit/s", a, b).isGreaterThanOrEqualTo(0.95);
        assertThat(a + b).as("total Mbit/s").isGreaterThan(0.9 * 50);
    }

    @org.junit.jupiter.api.Test
    void vegasLateComerOverestimatesItsBaseRttAndTakesMore() {
        Rate rate = Rate.mbps(50);
        Duration rtt = Duration.ofMillis(20);
        Scenario s = Scenario.dumbbell().bottleneck(rate).buffer(Packets.bdp(rate, rtt))
                .flow(f -> f.cca(Cca.VEGAS).rtt(rtt))
                .flow(f -> f.cca(Cca.VEGAS).rtt(rtt).start(Duration.ofMillis(500)))
                .duration(Duration.ofSeconds(30)).build();

        Trace t = Emulator.run(s, 1);

        assertThat(t.flow(1).minRttMillis()).as("late comer's base RTT").isGreaterThan(t.flow(0).minRttMillis() + 0.5);
        assertThat(t.throughput().meanFlowMbps(1, 10, 30)).isGreaterThan(t.throughput().meanFlowMbps(0, 10, 30));
    }
}
