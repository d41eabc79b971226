package org.triscale.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.CcaMutant;
import org.triscale.emulator.queue.QueueMutant;

/** The mutant named by the configuration parameter is found in either catalogue, or refused with both lists. */
class MutantSwitchTest {

    @Test
    void findsCcaAndQueueMutantsAndRefusesOtherNames() {
        assertThat(MutantSwitch.mutant("cubic-beta-0-9")).isSameAs(CcaMutant.CUBIC_BETA_0_9);
        assertThat(MutantSwitch.mutant("CODEL_NO_ECN")).isSameAs(QueueMutant.CODEL_NO_ECN);
        assertThatThrownBy(() -> MutantSwitch.mutant("CUBIC_BETA_0_5")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("triscale.samples.mutant = 'CUBIC_BETA_0_5' names no mutant: no CCA mutant is named")
                .hasMessageContaining("CUBIC_NO_MULTIPLICATIVE_DECREASE").hasMessageContaining("DUALPI2_WRONG_COUPLING");
    }
}
