package org.triscale.results.internal.common;

import java.nio.charset.StandardCharsets;

/**
 * Derives each run's seed from the base seed, the test class, the method, the series and the run:
 * every input is folded in with the SplitMix64 finaliser (Steele, Lea and Flood 2014), strings
 * through their 64-bit FNV-1a hash of UTF-8 bytes. The result depends on nothing else (not on
 * the JVM, the order of execution or the time), so a run can be replayed, and a merge of shards
 * can check that every run's seed is the one its test's base seed gives.
 */
public final class RunSeeds {
    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    private RunSeeds() {
    }

    /**
     * The seed of one run.
     *
     * @param base       the base seed ({@code triscale.seed})
     * @param testClass  the test class's name
     * @param testMethod the test method's name
     * @param series     the series, from 1 in a test (from 0 in a sequel run outside a test)
     * @param run        the run in its series, from 1 in a test
     * @return the run's seed
     */
    public static long seed(long base, String testClass, String testMethod, int series, int run) {
        long state = mix(base + GOLDEN_GAMMA);
        state = mix(state ^ fnv1a(testClass));
        state = mix(state ^ fnv1a(testMethod));
        state = mix(state + GOLDEN_GAMMA * series);
        return mix(state + GOLDEN_GAMMA * (run + 0x100000000L));
    }

    /**
     * SplitMix64's finaliser: a bijection of the 64-bit values that mixes all bits.
     *
     * @param z the value
     * @return its mix
     */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * 64-bit FNV-1a hash of the UTF-8 bytes: stable across JVMs, unlike identity hashes.
     *
     * @param text the text
     * @return its hash
     */
    public static long fnv1a(String text) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        return hash;
    }
}
