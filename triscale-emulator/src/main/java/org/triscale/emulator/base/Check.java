package org.triscale.emulator.base;

import org.apiguardian.api.API;

import java.time.Duration;

/**
 * Argument checks of the emulator's API: every failure is an {@link IllegalArgumentException}
 * that names the parameter, the value and an example of a valid one. Public so that the
 * emulator's packages and user-written queues and algorithms report bad input the same way.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Check {
    private Check() {
    }

    /**
     * Rejects null.
     *
     * @param name    the parameter's name
     * @param value   its value
     * @param example a valid value, shown in the message
     * @param <T>     its type
     * @return the value
     * @throws IllegalArgumentException if {@code value} is null
     */
    public static <T> T notNull(String name, T value, String example) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null; use for example " + example);
        }
        return value;
    }

    /**
     * Rejects a null or negative duration.
     *
     * @param name    the parameter's name
     * @param value   its value
     * @param example a valid value, shown in the message
     * @return the value
     * @throws IllegalArgumentException if {@code value} is null or negative
     */
    public static Duration nonNegative(String name, Duration value, String example) {
        notNull(name, value, example);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value + "; use for example " + example);
        }
        return value;
    }

    /**
     * Rejects a null, zero or negative duration.
     *
     * @param name    the parameter's name
     * @param value   its value
     * @param example a valid value, shown in the message
     * @return the value
     * @throws IllegalArgumentException if {@code value} is null, zero or negative
     */
    public static Duration positive(String name, Duration value, String example) {
        notNull(name, value, example);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be > 0, got " + value + "; use for example " + example);
        }
        return value;
    }

    /**
     * Rejects a duration above a limit.
     *
     * @param name  the parameter's name
     * @param value its value, not null
     * @param limit the largest valid value
     * @param why   why the limit exists, shown in the message
     * @return the value
     * @throws IllegalArgumentException if {@code value > limit}
     */
    public static Duration atMost(String name, Duration value, Duration limit, String why) {
        if (value.compareTo(limit) > 0) {
            throw new IllegalArgumentException(name + " must be <= " + limit + ", got " + value + " (" + why + ")");
        }
        return value;
    }
}
