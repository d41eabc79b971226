package org.triscale.emulator.cca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CcaTest {

    @Test
    void builtInsHaveNamesAndFreshInstances() {
        assertThat(Cca.CUBIC.name()).isEqualTo("CUBIC");
        assertThat(Cca.BBR).hasToString("BBR");
        assertThat(Cca.NEWRENO.newInstance()).isNotSameAs(Cca.NEWRENO.newInstance());
        assertThat(Cca.BBR.newInstance().pacingRate()).isZero();
        assertThat(Cca.DCTCP.newInstance().ecnCapable()).isTrue();
        assertThat(Cca.VEGAS.newInstance().ownsRecoveryWindow()).isFalse();
    }

    @Test
    void pluggedVariantsAreValidated() {
        assertThatThrownBy(() -> Cca.of("x", null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("factory");
        Cca broken = Cca.of("broken", () -> null);
        assertThatThrownBy(broken::newInstance).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("broken");
        Cca variant = Cca.of("CUBIC-beta-0.5", () -> new Cubic(Cubic.Config.RFC_9438.withBeta(0.5)));
        assertThat(variant.newInstance()).isInstanceOf(Cubic.class);
    }

    @Test
    void aVariantThatReturnsANanWindowFailsWithItsName() {
        Cca nan = Cca.of("NaN-window", () -> new NewReno() {
            @Override
            public double cwnd() {
                return Double.NaN;
            }
        });
        org.triscale.emulator.Scenario s = org.triscale.emulator.Scenario.dumbbell()
                .bottleneck(org.triscale.emulator.base.Rate.mbps(10))
                .buffer(org.triscale.emulator.queue.Packets.of(10)).flow(f -> f.cca(nan))
                .duration(java.time.Duration.ofSeconds(1)).build();
        assertThatThrownBy(() -> org.triscale.emulator.Emulator.run(s, 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("NaN-window");
    }
}
