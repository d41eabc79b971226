package org.triscale.emulator.cca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.queue.QueueMutant;

/** Every mutant is a working algorithm that behaves differently from its original, and is found by name. */
class CcaMutantTest {

    @Test
    void everyMutantRunsAndDiffersFromItsOriginal() {
        for (CcaMutant m : CcaMutant.values()) {
            // Prague's RTT independence acts below 25 ms only.
            Duration rtt = Duration.ofMillis(m.original() == Cca.PRAGUE ? 10 : 60);
            Trace original = run(m.original(), rtt);
            Trace mutant = run(Cca.mutant(m), rtt);

            assertThat(mutant.flow(0).cca()).isEqualTo(m.cca().name()).startsWith(m.original().name() + "~");
            assertThat(mutant.goodput().meanFlowMbps(0, 0, 10)).as(m.name()).isPositive();
            assertThat(Arrays.equals(mutant.delays().delaysMillis(), original.delays().delaysMillis()))
                    .as("%s changes nothing", m).isFalse();
        }
    }

    @Test
    void namesAreUniqueAndFoundInAnyCase() {
        Set<String> names = new HashSet<>();
        for (CcaMutant m : CcaMutant.values()) {
            assertThat(names.add(m.cca().name())).isTrue();
            assertThat(CcaMutant.named(m.name().toLowerCase().replace('_', '-'))).isSameAs(m);
            assertThat(m.defect()).isNotBlank();
        }
        assertThat(Cca.mutant("CUBIC_BETA_0_9").name()).isEqualTo("CUBIC~cubic-beta-0-9");
        assertThat(Cca.mutant(CcaMutant.CUBIC_BETA_0_9)).isSameAs(CcaMutant.CUBIC_BETA_0_9.cca());
        assertThat(CcaMutant.values().length + QueueMutant.values().length).isGreaterThanOrEqualTo(12);
    }

    @Test
    void anUnknownNameIsRefusedWithTheValidOnes() {
        assertThatThrownBy(() -> Cca.mutant("CUBIC_BETA_0_8")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no CCA mutant is named 'CUBIC_BETA_0_8'; valid names: CUBIC_NO_MULTIPLICATIVE_DECREASE, ")
                .hasMessageContaining("DCTCP_IGNORES_ALPHA");
        assertThatThrownBy(() -> Cca.mutant((String) null)).hasMessageContaining("valid names");
        assertThatThrownBy(() -> Cca.mutant((CcaMutant) null)).hasMessageContaining("CcaMutant.CUBIC_BETA_0_9");
        assertThatThrownBy(() -> QueueMutant.named("CODEL")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no queue mutant is named 'CODEL'; valid names: CODEL_WRONG_INTERVAL, CODEL_NO_ECN, "
                        + "DUALPI2_WRONG_COUPLING");
        assertThat(QueueMutant.named("codel-no-ecn")).isSameAs(QueueMutant.CODEL_NO_ECN);
    }

    @Test
    void everyQueueMutantChangesItsQueue() {
        for (QueueMutant m : QueueMutant.values()) {
            Scenario.Builder b = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(400))
                    .flow(f -> f.cca(Cca.PRAGUE).rtt(Duration.ofMillis(10)))
                    .flow(f -> f.cca(Cca.CUBIC_ECN).rtt(Duration.ofMillis(10))).duration(Duration.ofSeconds(10));
            Trace mutant = Emulator.run(b.queue(m.factory()).build(), 1);
            Trace original = Emulator.run(b.queue(m.original().equals("CoDel")
                    ? org.triscale.emulator.queue.CoDel.rfc8289() : org.triscale.emulator.queue.DualPi2.rfc9332()).build(), 1);
            assertThat(Arrays.equals(mutant.delays().delaysMillis(), original.delays().delaysMillis())).as(m.name()).isFalse();
        }
    }

    private static Trace run(Cca cca, Duration rtt) {
        // A path with a marking threshold, so that the ECN mutants meet marks.
        return Emulator.run(Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(100)).ecnThreshold(15)
                .flow(f -> f.cca(cca).rtt(rtt)).duration(Duration.ofSeconds(10)).build(), 2);
    }
}
