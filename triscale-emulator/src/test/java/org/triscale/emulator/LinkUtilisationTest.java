package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.Packets;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.triscale.emulator.cca.Cca;

/** A single bulk flow with a buffer of one bandwidth-delay product keeps the link busy. */
class LinkUtilisationTest {

    private static Cca cca(String name) {
        return switch (name) {
            case "NewReno" -> Cca.NEWRENO;
            case "CUBIC" -> Cca.CUBIC;
            case "Vegas" -> Cca.VEGAS;
            case "BBR" -> Cca.BBR;
            default -> throw new IllegalArgumentException(name);
        };
    }

    @ParameterizedTest(name = "{0}, RTT {1} ms")
    @CsvSource({"NewReno, 20", "NewReno, 90", "CUBIC, 20", "CUBIC, 90", "Vegas, 20", "BBR, 20", "BBR, 90"})
    void bulkFlowFillsAtLeast95PercentOfTheLink(String name, int rttMillis) {
        Rate rate = Rate.mbps(50);
        Duration rtt = Duration.ofMillis(rttMillis);
        Scenario s = Scenario.dumbbell().bottleneck(rate).buffer(Packets.bdp(rate, rtt))
                .flow(f -> f.cca(cca(name)).rtt(rtt)).duration(Duration.ofSeconds(20)).build();

        Trace t = Emulator.run(s, 1);

        assertThat(t.link().utilisation()).as("utilisation over the whole run").isGreaterThanOrEqualTo(0.95);
        assertThat(t.throughput().meanTotalMbps(5, 20)).as("throughput after start-up, Mbit/s")
                .isGreaterThanOrEqualTo(0.95 * 50);
        assertThat(t.flow(0).timeouts()).as("timeouts").isZero();
    }

    @ParameterizedTest(name = "NewReno recovery without SACK, RTT {0} ms")
    @CsvSource({"20"})
    void newRenoRecoveryAlsoKeepsTheLinkBusyOnShortPaths(int rttMillis) {
        Rate rate = Rate.mbps(50);
        Duration rtt = Duration.ofMillis(rttMillis);
        Scenario s = Scenario.dumbbell().bottleneck(rate).buffer(Packets.bdp(rate, rtt))
                .lossRecovery(LossRecovery.NEWRENO).flow(f -> f.cca(Cca.NEWRENO).rtt(rtt))
                .duration(Duration.ofSeconds(20)).build();

        Trace t = Emulator.run(s, 1);

        assertThat(t.throughput().meanTotalMbps(5, 20)).isGreaterThanOrEqualTo(0.95 * 50);
        assertThat(t.flow(0).fastRecoveries()).isPositive();
    }
}
