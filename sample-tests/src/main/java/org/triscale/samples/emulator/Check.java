package org.triscale.samples.emulator;

import java.time.Duration;

/** Argument checks of the scenario API; every failure names the parameter, the value and the fix. */
final class Check {
    private Check() {
    }

    static <T> T notNull(String name, T value, String example) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null; use for example " + example);
        }
        return value;
    }

    static Duration nonNegative(String name, Duration value, String example) {
        notNull(name, value, example);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value + "; use for example " + example);
        }
        return value;
    }

    static Duration positive(String name, Duration value, String example) {
        notNull(name, value, example);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be > 0, got " + value + "; use for example " + example);
        }
        return value;
    }

    static Duration atMost(String name, Duration value, Duration limit, String why) {
        if (value.compareTo(limit) > 0) {
            throw new IllegalArgumentException(name + " must be <= " + limit + ", got " + value + " (" + why + ")");
        }
        return value;
    }
}
