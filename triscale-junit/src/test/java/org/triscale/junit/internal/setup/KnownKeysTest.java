package org.triscale.junit.internal.setup;

import org.junit.jupiter.api.Test;
import org.triscale.junit.TriscaleConstants;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** An unknown triscale.* key is named with the nearest known one; known and foreign keys are not. */
class KnownKeysTest {
    @Test
    void aMisspelledKeyIsNamedWithTheNearestKnownOne() {
        assertThat(KnownKeys.warnings(List.of("triscale.runs.paralelism", "triscale.sumary.enabled",
                "triscale.baseline.fromhistory", "triscale.zzzzzzzzzzzzzzzzzzzzzz")))
                .containsExactly(
                        "TriScale: unknown configuration parameter triscale.baseline.fromhistory is ignored; did you"
                                + " mean triscale.baseline.fromHistory?",
                        "TriScale: unknown configuration parameter triscale.runs.paralelism is ignored; did you mean"
                                + " triscale.runs.parallelism?",
                        "TriScale: unknown configuration parameter triscale.sumary.enabled is ignored; did you mean"
                                + " triscale.summary.enabled?",
                        "TriScale: unknown configuration parameter triscale.zzzzzzzzzzzzzzzzzzzzzz is ignored; see"
                                + " docs/configuration.md for the keys");
    }

    @Test
    void knownAndForeignKeysGiveNoWarning() {
        assertThat(KnownKeys.warnings(List.of(TriscaleConstants.RUNS_PARALLELISM, TriscaleConstants.BASELINE_TAGS,
                "triscale.json.maxNestingDepth", "junit.jupiter.execution.parallel.enabled", "user.home"))).isEmpty();
        assertThat(KnownKeys.all()).contains(TriscaleConstants.SUMMARY_ENABLED, TriscaleConstants.SHARD,
                "triscale.history.dir");
    }

    @Test
    void editDistance() {
        assertThat(KnownKeys.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(KnownKeys.distance("", "abc")).isEqualTo(3);
        assertThat(KnownKeys.distance("same", "same")).isZero();
    }
}
