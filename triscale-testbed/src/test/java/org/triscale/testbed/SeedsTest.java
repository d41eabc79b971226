package org.triscale.testbed;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class SeedsTest {
    @Test
    void formsOfTheSeed() {
        long seed = -4735637421327512393L;
        assertThat(Seeds.signed64(seed)).isEqualTo("-4735637421327512393");
        assertThat(Seeds.hex(seed)).isEqualTo(Long.toHexString(seed)).hasSize(16);
        assertThat(Seeds.hex(5)).isEqualTo("0000000000000005");
        assertThat(Seeds.unsigned32(seed)).isEqualTo(((seed >>> 32) ^ seed) & 0xffffffffL);
    }

    @Test
    void theUnsigned32SeedIsInRangeNeverZeroAndUsesBothHalves() {
        assertThat(Seeds.unsigned32(0)).isEqualTo(1);
        assertThat(Seeds.unsigned32(0x0000_0001_0000_0001L)).isEqualTo(1); // folds to 0, mapped to 1
        assertThat(Seeds.unsigned32(-1L)).isEqualTo(1);
        assertThat(Seeds.unsigned32(0xffff_ffffL)).isEqualTo(0xffff_ffffL);
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 10_000; i++) {
            long seed = random.nextLong();
            long folded = Seeds.unsigned32(seed);
            assertThat(folded).isBetween(1L, 0xffff_ffffL);
            // Seeds that differ only in their high half give different 32-bit seeds.
            assertThat(Seeds.unsigned32(seed ^ (1L << (32 + random.nextInt(32))))).isNotEqualTo(folded);
        }
    }

    @Test
    void placeholdersAreReplacedEverywhereInAnArgument() {
        assertThat(Seeds.substitute("--seed={seed32} --tag={seedHex}/{seed}", 255))
                .isEqualTo("--seed=255 --tag=00000000000000ff/255");
        assertThat(Seeds.substitute("no placeholder {seeds}", 1)).isEqualTo("no placeholder {seeds}");
    }
}
