package org.triscale.results.internal.common;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class InterleaveOrderTest {
    private static final int PAIRS = 50;

    @Test
    void orderZeroIsTheSeedsOwnCoin() {
        SplittableRandom seeds = new SplittableRandom(37);
        for (int i = 0; i < 1000; i++) {
            long seed = seeds.nextLong();
            // The coin before launches had an order of their own: the seed salted and mixed.
            assertThat(InterleaveOrder.referenceFirst(seed, 0)).isEqualTo(RunSeeds.mix(seed ^ 0x6a09e667f3bcc908L) < 0);
        }
    }

    @Test
    void theValueIsFormattedAsHexadecimalAndParsedBack() {
        for (long order : new long[] {0, 42, -1, Long.MIN_VALUE, 0x5472695363616c65L}) {
            String text = InterleaveOrder.format(order);
            assertThat(text).matches("0x[0-9a-f]{16}");
            assertThat(InterleaveOrder.parse(text)).contains(order);
        }
        assertThat(InterleaveOrder.parse("42")).contains(42L);
        assertThat(InterleaveOrder.parse(" 0X2A ")).contains(42L);
        assertThat(InterleaveOrder.parse("-7")).contains(-7L);
        assertThat(InterleaveOrder.parse("forty-two")).isEmpty();
        assertThat(InterleaveOrder.parse("0x")).isEmpty();
        assertThat(InterleaveOrder.parse("0x1ffffffffffffffff")).isEmpty();
        assertThat(InterleaveOrder.parse(null)).isEmpty();
    }

    @Test
    void launchesDrawDifferentValues() {
        java.util.Set<Long> drawn = new java.util.HashSet<>();
        for (int i = 0; i < 100; i++) {
            drawn.add(InterleaveOrder.draw());
        }
        assertThat(drawn).hasSize(100);
    }

    /**
     * What a launch's own order is for: a test bed that is 2 % slower in the first slot of every
     * pair (a warm-up, a periodic job) shifts a launch's mean per-pair change by 2 % × (candidate
     * first − reference first) / pairs. With the seed's own coin every launch on the same seeds
     * carries the same shift; with an order per launch the shift is a fair-coin noise of mean 0
     * over launches, so it averages out instead of repeating. 2,000 seeded launches of 50 pairs.
     */
    @Test
    void aSlotPatternAveragesOutOverLaunchesInsteadOfRepeating() {
        SplittableRandom rng = new SplittableRandom(3_730_000L);
        long[] seeds = new long[PAIRS];
        for (int p = 0; p < PAIRS; p++) {
            seeds[p] = rng.nextLong();
        }
        int launches = 2000;
        double sum = 0;
        double sumOfSquares = 0;
        double fixed = Double.NaN;
        for (int launch = 0; launch < launches; launch++) {
            double perLaunchOrder = slotBias(seeds, rng.nextLong());
            sum += perLaunchOrder;
            sumOfSquares += perLaunchOrder * perLaunchOrder;
            double seedOnly = slotBias(seeds, 0);
            if (launch == 0) {
                fixed = seedOnly;
            }
            assertThat(seedOnly).isEqualTo(fixed); // the same bias in every launch
        }
        double mean = sum / launches;
        double sd = Math.sqrt(sumOfSquares / launches - mean * mean);
        // Fair coins: the per-launch bias has mean 0 and standard deviation 2 % / √50 = 0.283 %.
        double expectedSd = 0.02 / Math.sqrt(PAIRS);
        assertThat(Math.abs(mean)).isLessThan(4 * expectedSd / Math.sqrt(launches));
        assertThat(sd).isBetween(0.9 * expectedSd, 1.1 * expectedSd);
        // Over launches, the seed-only order gives no average at all: its bias is the same each time.
        assertThat(Math.abs(fixed)).isGreaterThan(Math.abs(mean));
    }

    /** The mean per-pair change (candidate / reference − 1, log scale) a first-slot penalty of 2 % causes. */
    private static double slotBias(long[] seeds, long order) {
        double sum = 0;
        for (long seed : seeds) {
            sum += InterleaveOrder.referenceFirst(seed, order) ? -0.02 : 0.02;
        }
        return sum / seeds.length;
    }
}
