package org.triscale.results.internal.setup;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A test bed's fingerprint and its differences from a baseline's, which the gate lists when it
 * refuses to compare: old value first, in a fixed order, absent and empty told apart.
 */
class FingerprintTest {
    private static final Fingerprint BASE = new Fingerprint("17", "Linux", "amd64", 4, "",
            Map.of("backend", "emulator"), Map.of("lab", "a"));

    @Test
    void aFingerprintEqualToItselfHasNoDifference() {
        assertThat(BASE.differences(new Fingerprint("17", "Linux", "amd64", 4, null, Map.of("backend", "emulator"),
                Map.of("lab", "a")))).isEmpty();
    }

    @Test
    void everyDifferingEntryIsListedOldValueFirstInAFixedOrder() {
        Fingerprint now = new Fingerprint("21", "Mac OS X", "aarch64", 8, "dumbbell",
                Map.of("backend", "linux", "kernel", "6.8"), Map.of());

        assertThat(now.differences(BASE)).containsExactly(
                "java: '17' → '21'",
                "os: 'Linux' → 'Mac OS X'",
                "arch: 'amd64' → 'aarch64'",
                "cpus: '4' → '8'",
                "scenario: (empty) → 'dumbbell'",
                "testBed.backend: 'emulator' → 'linux'",
                "testBed.kernel: (none) → '6.8'",
                "tag.lab: 'a' → (none)");
    }

    @Test
    void ignoredMachineEntriesAreLeftOutButTheTestBedIsAlwaysCompared() {
        Fingerprint now = new Fingerprint("21", "Linux", "amd64", 64, "", Map.of("backend", "ns-3"),
                Map.of("lab", "a"));

        assertThat(now.differences(BASE, Fingerprint.MACHINE_ENTRIES))
                .containsExactly("testBed.backend: 'emulator' → 'ns-3'");
        assertThat(now.differences(BASE, Set.of("cpus"))).containsExactly("java: '17' → '21'",
                "testBed.backend: 'emulator' → 'ns-3'");
    }

    @Test
    void anUnknownCpuCountIsNone() {
        Fingerprint unknown = new Fingerprint("17", "Linux", "amd64", null, "", Map.of("backend", "emulator"),
                Map.of("lab", "a"));

        assertThat(unknown.differences(BASE)).containsExactly("cpus: '4' → (none)");
    }

    @Test
    void mapsAreCopiedInKeyOrderAndNullsBecomeEmpty() {
        Map<String, String> testBed = new HashMap<>(Map.of("z", "1", "a", "2"));
        Fingerprint fingerprint = new Fingerprint("17", "Linux", "amd64", 4, null, testBed, null);
        testBed.put("m", "3");

        assertThat(fingerprint.testBed().keySet()).containsExactly("a", "z");
        assertThat(fingerprint.tags()).isEmpty();
        assertThat(fingerprint.scenario()).isEmpty();
    }

    @Test
    void theCurrentFingerprintIsThisMachines() {
        Fingerprint current = Fingerprint.current("s", Map.of("backend", "emulator"), Map.of());
        Machine machine = Machine.current();

        assertThat(current.java()).isEqualTo(Integer.toString(Runtime.version().feature()));
        assertThat(current.os()).isEqualTo(System.getProperty("os.name"));
        assertThat(current.cpus()).isEqualTo(Runtime.getRuntime().availableProcessors()).isEqualTo(machine.cpus());
        assertThat(machine.javaVersion()).isEqualTo(System.getProperty("java.version"));
    }
}
