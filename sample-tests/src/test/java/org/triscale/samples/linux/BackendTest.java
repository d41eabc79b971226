package org.triscale.samples.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/** One parameter chooses the backend; the Linux one skips with the reason where a piece is missing. */
class BackendTest {
    @Test
    void theParameterNamesTheBackend() {
        assertThat(Backend.of(Optional.empty())).isEqualTo(Backend.EMULATOR);
        assertThat(Backend.of(Optional.of(" Linux "))).isEqualTo(Backend.LINUX);
        assertThat(Backend.of(Optional.of("emulator"))).isEqualTo(Backend.EMULATOR);
        assertThat(Backend.of(Optional.of("ns3"))).isEqualTo(Backend.EMULATOR);
        assertThatThrownBy(() -> Backend.of(Optional.of("linx")))
                .hasMessage("triscale.samples.backend = 'linx' names no backend of this sample; use emulator (the default) or linux");
    }

    @Test
    void linuxWithoutAPieceSkipsWithTheReasonTheEmulatorRuns() {
        Events linux = run(NeedsAMissingTool.class, "linux");
        List<Event> skipped = linux.skipped().list();
        assertThat(skipped).singleElement().satisfies(e -> assertThat(e.getPayload(String.class).orElseThrow())
                .matches("backend linux: (not root .*|cannot create a network namespace .*|not Linux .*"
                        + "|program no-such-traffic-tool not found on PATH .*)"));
        assertThat(linux.failed().count()).isZero();

        Events emulator = run(NeedsAMissingTool.class, "emulator");
        assertThat(emulator.skipped().count()).isZero();
        assertThat(emulator.succeeded().count()).as("the engine, the class and its test").isEqualTo(3);

        Events typo = run(NeedsAMissingTool.class, "linx");
        assertThat(typo.failed().list()).singleElement().satisfies(e -> assertThat(e.toString()).contains("'linx' names no backend"));
    }

    private static Events run(Class<?> test, String backend) {
        return EngineTestKit.engine("junit-jupiter").configurationParameter(Backend.PARAMETER, backend)
                .selectors(selectClass(test)).execute().allEvents();
    }

    /** Needs a program no machine has on Linux; nothing on the emulator. */
    @Backend.OnConfiguredBackend(tool = "no-such-traffic-tool")
    static class NeedsAMissingTool {
        @Test
        void onTheEmulatorOnly(Backend backend) {
            assertThat(backend).isEqualTo(Backend.EMULATOR);
        }
    }
}
