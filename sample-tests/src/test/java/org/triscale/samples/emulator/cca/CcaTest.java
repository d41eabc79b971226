package org.triscale.samples.emulator.cca;

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
}
