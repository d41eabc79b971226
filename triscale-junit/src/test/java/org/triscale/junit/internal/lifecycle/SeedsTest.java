package org.triscale.junit.internal.lifecycle;

import org.triscale.junit.internal.setup.SettingsReader;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class SeedsTest {
    @Test
    void sameInputsGiveTheSameSeed() {
        assertThat(Seeds.seed(42, "a.B", "m", 2, 3)).isEqualTo(Seeds.seed(42, "a.B", "m", 2, 3));
    }

    @Test
    void seedDoesNotChangeBetweenReleases() {
        // Users replay runs from seeds in old results: the derivation must never change.
        assertThat(Seeds.fnv1a("")).isEqualTo(0xcbf29ce484222325L);
        assertThat(Seeds.fnv1a("a")).isEqualTo(0xaf63dc4c8601ec8cL);
        assertThat(Seeds.mix(0)).isZero();
        // Literal seeds, pinned when the derivation was fixed: any change to it fails here.
        assertThat(SettingsReader.DEFAULT_SEED).isEqualTo(0x5472695363616c65L);
        assertThat(Seeds.seed(SettingsReader.DEFAULT_SEED, "org.example.CubicTest", "cubicOnLongPath", 1, 1))
                .isEqualTo(0x58d06fb517c2e78eL);
        assertThat(Seeds.seed(SettingsReader.DEFAULT_SEED, "org.example.CubicTest", "cubicOnLongPath", 5, 11))
                .isEqualTo(0x69b3cc9a87aa9760L);
        assertThat(Seeds.seed(42, "a.B", "m", 2, 3)).isEqualTo(0x62ce8db3613eac58L);
    }

    @Test
    void everyInputChangesTheSeed() {
        long seed = Seeds.seed(42, "a.B", "m", 2, 3);
        assertThat(seed).isNotEqualTo(Seeds.seed(43, "a.B", "m", 2, 3))
                .isNotEqualTo(Seeds.seed(42, "a.C", "m", 2, 3))
                .isNotEqualTo(Seeds.seed(42, "a.B", "n", 2, 3))
                .isNotEqualTo(Seeds.seed(42, "a.B", "m", 3, 3))
                .isNotEqualTo(Seeds.seed(42, "a.B", "m", 2, 4))
                // series and run are not interchangeable
                .isNotEqualTo(Seeds.seed(42, "a.B", "m", 3, 2));
    }

    @Test
    void seedsOfALargeTestAreDistinct() {
        Set<Long> seeds = new HashSet<>();
        for (int series = 1; series <= 100; series++) {
            for (int run = 1; run <= 100; run++) {
                seeds.add(Seeds.seed(0, "a.B", "m", series, run));
            }
        }
        assertThat(seeds).hasSize(10_000);
    }
}
