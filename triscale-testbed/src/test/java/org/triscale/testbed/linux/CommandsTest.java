package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** Set-up commands are bounded and killed with their descendants, without root. */
@EnabledOnOs(OS.LINUX)
class CommandsTest {
    @Test
    void aHangingCommandIsKilledWithItsChildrenAtTheTimeout() throws Exception {
        long start = System.nanoTime();
        Commands.Outcome outcome = Commands.run(List.of("sh", "-c", "echo started; sleep 60 & sleep 60"), 1);
        assertThat((System.nanoTime() - start) / 1e9).isBetween(0.9, 4.0);
        assertThat(outcome.exitCode()).isEqualTo(-1);
        assertThat(outcome.describe()).isEqualTo("sh -c echo started; sleep 60 & sleep 60 → timed out after 1 s");
        assertThat(ProcessHandle.current().descendants().filter(p -> p.info().commandLine().orElse("").contains("sleep 60")))
                .isEmpty();
    }

    @Test
    void anOutcomeSaysTheCommandAndItsFirstLine() {
        Commands.Outcome outcome = Commands.run(List.of("sh", "-c", "echo first; echo second; exit 3"));
        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.describe()).isEqualTo("sh -c echo first; echo second; exit 3 → first");
    }
}
