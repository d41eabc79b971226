package org.triscale.testbed;

import org.apiguardian.api.API;

import java.util.Locale;

/**
 * The forms of a run's 64-bit seed that external tools take.
 *
 * <p>Most simulators and traffic generators take an unsigned 32-bit seed (ns-3's {@code RngSeed},
 * {@code srand}); folding the two halves of the 64-bit seed together keeps every bit of it in
 * play, so two runs whose seeds differ only in the high half still get different 32-bit seeds
 * (taking the low half alone would not). Zero is avoided because several tools refuse it.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Seeds {
    private Seeds() {
    }

    /**
     * The seed as a signed decimal, e.g. {@code -4735637421327512393}.
     *
     * @param seed the run's seed
     * @return its decimal form
     */
    public static String signed64(long seed) {
        return Long.toString(seed);
    }

    /**
     * The seed folded into an unsigned 32-bit number in [1, 2^32 − 1]: the XOR of its two halves,
     * with 0 mapped to 1.
     *
     * @param seed the run's seed
     * @return the 32-bit seed, as a non-negative long
     */
    public static long unsigned32(long seed) {
        long folded = (seed ^ (seed >>> 32)) & 0xffff_ffffL;
        return folded == 0 ? 1 : folded;
    }

    /**
     * The seed's 64 bits as 16 lower-case hexadecimal digits, e.g. {@code be4b3a1c2d5e6f70}.
     *
     * @param seed the run's seed
     * @return its hexadecimal form
     */
    public static String hex(long seed) {
        return String.format(Locale.ROOT, "%016x", seed);
    }

    /**
     * Replaces the seed placeholders of a command-line argument: {@code {seed}} (signed 64-bit),
     * {@code {seed32}} (unsigned 32-bit) and {@code {seedHex}} (16 hex digits).
     *
     * @param argument the argument
     * @param seed     the run's seed
     * @return the argument with its placeholders replaced
     */
    public static String substitute(String argument, long seed) {
        return argument.replace("{seed}", signed64(seed))
                .replace("{seed32}", Long.toString(unsigned32(seed)))
                .replace("{seedHex}", hex(seed));
    }
}
