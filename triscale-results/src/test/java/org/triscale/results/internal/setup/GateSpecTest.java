package org.triscale.results.internal.setup;

import org.junit.jupiter.api.Test;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.comparison.PairedTest;
import org.triscale.engine.comparison.Tolerance;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The gate's settings: named parts, each validated and immutable. */
class GateSpecTest {
    private static final Path MODULE = Path.of("/project/module").toAbsolutePath();

    private static GateSpec spec(Path baseline) {
        return new GateSpec(List.of(), new GateSpec.Comparison(Tolerance.fromScore(), ComparisonUnit.SERIES, 0.01,
                PairedTest.AUTO), new GateSpec.Files(baseline, 0, MODULE.resolve("target/h.jsonl"), MODULE),
                new GateSpec.Fingerprinting("", Map.of(), Set.of()), new GateSpec.Policies(false, false,
                GateSpec.MissingPolicy.RECORD, GateSpec.InconclusivePolicy.WARN, false));
    }

    @Test
    void theFileIsShownRelativeToTheModuleWhenInsideIt() {
        assertThat(spec(MODULE.resolve("src/test/resources/a/B/m.json")).fileLabel())
                .isEqualTo("src/test/resources/a/B/m.json");
        Path outside = Path.of("/elsewhere/m.json").toAbsolutePath();
        assertThat(spec(outside).fileLabel()).isEqualTo(outside.toString());
    }

    @Test
    void thePartsCopyWhatTheyAreGiven() {
        Map<String, String> tags = new HashMap<>(Map.of("rig", "a"));
        Set<String> ignored = new HashSet<>(Set.of("cpus"));
        GateSpec.Fingerprinting fingerprint = new GateSpec.Fingerprinting("s", tags, ignored);
        tags.put("rig", "b");
        ignored.add("os");

        assertThat(fingerprint.tags()).containsExactly(Map.entry("rig", "a"));
        assertThat(fingerprint.ignored()).containsExactly("cpus");
    }

    @Test
    void missingPartsAndANegativeKAreNamed() {
        GateSpec valid = spec(MODULE.resolve("m.json"));
        assertThatThrownBy(() -> new GateSpec(List.of(), null, valid.files(), valid.fingerprint(), valid.policies()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("comparison must not be null");
        assertThatThrownBy(() -> new GateSpec.Files(MODULE.resolve("m.json"), -1, MODULE, MODULE))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("fromHistory must be >= 0, got -1");
        assertThatThrownBy(() -> new GateSpec.Comparison(Tolerance.fromScore(), ComparisonUnit.RUNS, 0.01, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("paired must not be null");
        assertThatThrownBy(() -> new GateSpec.Policies(true, false, null, GateSpec.InconclusivePolicy.FAIL, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("missing must not be null");
    }
}
