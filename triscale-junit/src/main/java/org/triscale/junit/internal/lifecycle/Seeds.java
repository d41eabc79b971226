package org.triscale.junit.internal.lifecycle;

import org.triscale.results.internal.common.RunSeeds;

/**
 * Derives each run's seed from the base seed, the test class, the method, the series and the run:
 * every input is folded in with the SplitMix64 finaliser (Steele, Lea and Flood 2014), strings
 * through their 64-bit FNV-1a hash of UTF-8 bytes. The result depends on nothing else (not on
 * the JVM, the order of execution or the time), so a run can be replayed.
 */
public final class Seeds {
    /** The fractional part of √2 (SHA-2's first constant): salts the stream of interleaving coins. */
    private static final long ORDER_SALT = 0x6a09e667f3bcc908L;

    private Seeds() {
    }

    /** The seed of one run: {@link RunSeeds#seed}, which a merge of shards checks too. */
    static long seed(long base, String testClass, String testMethod, int series, int run) {
        return RunSeeds.seed(base, testClass, testMethod, series, run);
    }

    /**
     * The seed of one run of a sequel run outside a test method ({@code Sequel.run}): it depends on
     * the base seed, the series and the run only, so two sequels of different algorithms run with
     * one base seed get the same seeds and are compared paired.
     *
     * @param base   the base seed
     * @param series the series, from 0
     * @param run    the run in its series, from 0
     * @return the run's seed
     */
    public static long sequelSeed(long base, int series, int run) {
        return seed(base, "", "", series, run);
    }

    /**
     * The order of one pair of an interleaved sequel ({@code Sequel.interleave}): a fair coin that
     * depends on the base seed, the series and the run only (so the order is replayed with the
     * seeds), drawn from a stream of its own (the run's seed salted, mixed again), so that the
     * coin is not a function a system under test could see in the seed it is given.
     *
     * @param base   the base seed
     * @param series the series, from 0
     * @param run    the run in its series, from 0
     * @return {@code true} when the reference runs first
     */
    public static boolean referenceFirst(long base, int series, int run) {
        return referenceFirst(sequelSeed(base, series, run));
    }

    /**
     * The order of one pair of an interleaved run ({@code @Baseline(interleaved = true)}), or of a
     * sequel's pair from its seed: a fair coin drawn from the seed salted and mixed again, replayed
     * with the seed and not a function of it a system under test could see.
     *
     * @param seed the run's seed, which both arms get
     * @return {@code true} when the reference runs first
     */
    public static boolean referenceFirst(long seed) {
        return mix(seed ^ ORDER_SALT) < 0;
    }

    static long mix(long z) {
        return RunSeeds.mix(z);
    }

    static long fnv1a(String text) {
        return RunSeeds.fnv1a(text);
    }
}
