package org.triscale.engine;

import org.apiguardian.api.API;

/**
 * A closed range {@code [min, max]} of finite values with {@code min < max}: the bounds TriScale
 * uses to normalise a metric's values (for example 0–120 Mbit/s for throughput).
 *
 * @param min lower end, finite
 * @param max upper end, finite and greater than {@code min}
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record ValueRange(double min, double max) {
    /** Validates the range; see the class description. */
    public ValueRange {
        if (!Double.isFinite(min) || !Double.isFinite(max) || !(min < max)) {
            throw new IllegalArgumentException("bounds must be two finite values with min < max, got ["
                    + min + ", " + max + "]; give the range the metric's values can take, e.g. [0, 120]");
        }
    }

    /** Returns the range {@code [min, max]}; a shorthand for the canonical constructor. */
    public static ValueRange of(double min, double max) {
        return new ValueRange(min, max);
    }

    /**
     * Returns {@code ValueRange[min=…, max=…]}, the text a record's generated {@code toString} gives,
     * written out because the generated one is bootstrapped through method handles on its first
     * call, a cost that a short command-line run pays when its option parser prints each value.
     *
     * @return the range's components by name
     */
    @Override
    public String toString() {
        return "ValueRange[min=" + min + ", max=" + max + "]";
    }
}
