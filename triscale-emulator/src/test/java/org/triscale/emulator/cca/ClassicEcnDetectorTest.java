package org.triscale.emulator.cca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The classic-ECN score of Briscoe and Ahmed (arXiv:1911.00710) as the reference Prague computes
 * it: per round {@code ½ log2(mdev / 750 µs) + ½ log2(max(depth / 2 ms, 1))}, clamped to [0, 17],
 * and a reduction alpha of at least {@code 0.625 (min(score, 9) − 8)} above 8.
 */
class ClassicEcnDetectorTest {
    private static final double BASE = 40_000;

    /** RTT samples alternating around {@code BASE + depth} by ± {@code jitter} µs, until the estimator settles. */
    private static ClassicEcnDetector settled(double depth, double jitter) {
        ClassicEcnDetector d = new ClassicEcnDetector();
        // A window of 16 segments: gain 2^-(4 + 2 + 1) = 1/128, and 1/256 for mdev.
        d.onReduction(16);
        for (int i = 0; i < 20_000; i++) {
            d.onRttSample(BASE + depth + (i % 2 == 0 ? jitter : -jitter));
        }
        return d;
    }

    @Test
    void aClassicQueueRaisesTheScoreByItsDelayVariationAndDepthEachRound() {
        // mdev 1.5 ms = 2 × 750 µs and depth 4 ms = 2 × 2 ms: +0.5 + 0.5 per round.
        ClassicEcnDetector d = settled(4000, 1500);
        for (int round = 1; round <= 8; round++) {
            d.onRound(BASE);
            assertThat(d.score()).isCloseTo(round, within(0.02));
        }
        assertThat(d.alphaForReduction(0.1)).as("at 8, still L4S").isEqualTo(0.1);
        d.onRound(BASE);
        assertThat(d.alphaForReduction(0.1)).as("at 9, fully classic").isCloseTo(0.625, within(0.02));
        for (int round = 0; round < 20; round++) {
            d.onRound(BASE);
        }
        assertThat(d.score()).isEqualTo(17);
        assertThat(d.alphaForReduction(0.9)).as("a larger alpha is kept").isEqualTo(0.9);
    }

    @Test
    void anL4sQueueKeepsTheScoreAtZero() {
        // mdev 375 µs = 750 µs / 2, depth 500 µs below 2 ms: −0.5 per round, clamped at 0.
        ClassicEcnDetector d = settled(500, 375);
        for (int round = 0; round < 30; round++) {
            d.onRound(BASE);
        }
        assertThat(d.score()).isZero();
        assertThat(d.alphaForReduction(0.05)).isEqualTo(0.05);
    }

    @Test
    void theGainFollowsTheWindowAtTheLastReduction() {
        ClassicEcnDetector slow = new ClassicEcnDetector();
        ClassicEcnDetector fast = new ClassicEcnDetector();
        fast.onReduction(2);
        for (ClassicEcnDetector d : new ClassicEcnDetector[] {slow, fast}) {
            d.onRttSample(BASE);
            for (int i = 0; i < 100; i++) {
                d.onRttSample(BASE + 10_000 + (i % 2 == 0 ? 1500 : -1500));
            }
            d.onRound(BASE);
        }
        // Window 2: gain 2^-(1 + 0 + 1) = 1/4, srtt follows the 10 ms step and mdev the 1.5 ms
        // jitter within 100 samples (+0.5 log2(5) + 0.5); the initial gain 2^-18 leaves both
        // where they were (no depth, mdev near 1 µs: the score stays 0).
        assertThat(fast.score()).isGreaterThan(1);
        assertThat(slow.score()).isZero();
    }
}
