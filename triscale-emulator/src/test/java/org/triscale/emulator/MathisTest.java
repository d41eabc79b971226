package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.Packets;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.triscale.emulator.cca.Cca;

/**
 * Under random loss with probability p, a Reno flow that is not limited by the link reaches
 * {@code MSS / RTT · C / √p} with {@code C = √(3/2) ≈ 1.22} (Mathis, Semke, Mahdavi and Ott,
 * CCR 1997).
 */
class MathisTest {
    private static final int MSS_BYTES = 1448;

    @ParameterizedTest(name = "p = {0}, RTT {1} ms, {2} recovery")
    @CsvSource({"0.001, 50, SACK", "0.005, 50, SACK", "0.01, 100, SACK", "0.001, 50, NEWRENO"})
    void renoThroughputFollowsTheMathisFormulaWithin20Percent(double p, int rttMillis, LossRecovery recovery) {
        Duration rtt = Duration.ofMillis(rttMillis);
        Scenario s = Scenario.dumbbell().bottleneck(Rate.gbps(1)).buffer(Packets.of(10_000)).randomLoss(p)
                .lossRecovery(recovery).flow(f -> f.cca(Cca.NEWRENO).rtt(rtt)).duration(Duration.ofSeconds(120))
                .delaySampleEvery(1000).build();
        double model = MSS_BYTES * 8 / (rttMillis / 1e3) * Math.sqrt(1.5) / Math.sqrt(p) / 1e6;

        double goodput = 0;
        for (long seed = 1; seed <= 3; seed++) {
            goodput += Emulator.run(s, seed).flow(0).goodputMbps() / 3;
        }

        assertThat(goodput / model).as("goodput %.2f Mbit/s over the model's %.2f Mbit/s", goodput, model)
                .isBetween(0.8, 1.2);
    }
}
