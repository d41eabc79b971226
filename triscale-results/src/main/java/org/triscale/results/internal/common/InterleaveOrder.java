package org.triscale.results.internal.common;

import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The order of the two arms of each pair of an interleaved gate ({@code @Baseline(interleaved =
 * true)}): a fair coin per pair, drawn from the run's seed mixed with a value of the launch.
 *
 * <p>Why a value of the launch: a coin drawn from the run's seed alone repeats in every launch
 * with the same seed, so a periodic pattern of the test bed that happens to line up with it (a
 * cron job every other run, a thermal cycle) biases every launch the same way, and re-running
 * does not average it out. Randomising the order afresh in each launch makes such a pattern
 * noise that averages out over launches, as randomisation of the treatment order does in a
 * randomised multiple interleaved trial (Abedi and Brecht 2017). The workload seeds stay as they
 * are (both arms of a pair get the run's seed; common random numbers across arms and cells are
 * kept); only the order changes.
 *
 * <p>Each launch draws its value unless one is configured to replay a launch's order; the result
 * JSON records it ({@code parameters.interleaveOrder}). The value 0 gives the order of the seed
 * alone, the order before launches had their own.
 */
public final class InterleaveOrder {
    /** The fractional part of √2 (SHA-2's first constant): salts the stream of interleaving coins. */
    private static final long ORDER_SALT = 0x6a09e667f3bcc908L;

    /** What a configured value must look like, for error messages. */
    public static final String EXPECTED = "a long integer, hexadecimal as the result JSON records it (e.g."
            + " 0x2a) or decimal (e.g. 42); 0 for the order of the seed alone";

    private InterleaveOrder() {
    }

    /**
     * A fresh value for one launch: from a {@link SplittableRandom} seeded by the JVM's seed
     * generator, so launches differ and nothing about the run seeds is used.
     *
     * @return the launch's value
     */
    public static long draw() {
        return new SplittableRandom().nextLong();
    }

    /**
     * Whether the reference arm runs first in the pair of a run.
     *
     * @param seed  the run's seed, which both arms get
     * @param order the launch's value; 0 for the order of the seed alone
     * @return {@code true} when the reference runs first
     */
    public static boolean referenceFirst(long seed, long order) {
        // mix(0) = 0: order 0 is the seed's own coin, mix(seed ^ salt) < 0, as before launches had a value.
        return RunSeeds.mix(seed ^ ORDER_SALT ^ RunSeeds.mix(order)) < 0;
    }

    /**
     * The value as the result JSON records it: {@code 0x} and 16 lower-case hexadecimal digits (a
     * JSON number would lose digits in readers that hold numbers as doubles).
     *
     * @param order the value
     * @return its text
     */
    public static String format(long order) {
        return String.format(Locale.ROOT, "0x%016x", order);
    }

    /**
     * Reads a configured or recorded value: {@code 0x} hexadecimal (as {@link #format} writes it)
     * or decimal.
     *
     * @param text the text
     * @return the value, or empty when the text is no such number
     */
    public static Optional<Long> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String trimmed = text.trim().toLowerCase(Locale.ROOT);
        try {
            return Optional.of(trimmed.startsWith("0x") ? Long.parseUnsignedLong(trimmed.substring(2), 16)
                    : Long.parseLong(trimmed));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
