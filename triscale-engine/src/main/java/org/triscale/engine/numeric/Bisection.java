package org.triscale.engine.numeric;

import org.apiguardian.api.API;

import java.util.function.IntPredicate;

/**
 * The bisection step of the engine's searches for the smallest run count that is enough.
 *
 * @since 0.3.0
 */
@API(status = API.Status.INTERNAL, since = "0.3.0")
public final class Bisection {
    private Bisection() {
    }

    /**
     * The smallest N in {@code (failing, passing]} for which a monotone condition holds, given
     * that it fails at {@code failing} and holds at {@code passing} (once true it stays true).
     *
     * @param failing a value where {@code enough} is false
     * @param passing a larger value where it is true, at most {@link Integer#MAX_VALUE}
     * @param enough  the condition, monotone in N
     * @return the smallest value where it holds
     */
    public static long smallestPassing(long failing, long passing, IntPredicate enough) {
        while (passing - failing > 1) {
            long mid = (failing + passing) >>> 1;
            if (enough.test((int) mid)) {
                passing = mid;
            } else {
                failing = mid;
            }
        }
        return passing;
    }
}
