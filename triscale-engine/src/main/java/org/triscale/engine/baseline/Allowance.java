package org.triscale.engine.baseline;

import org.triscale.engine.comparison.Direction;

/**
 * How much worse than the baseline a metric may get before the change counts as a regression.
 *
 * <p>An absolute allowance {@code a} (in the metric's unit) tolerates a new distribution that is
 * the baseline's shifted by up to {@code a} in the bad direction; a relative allowance {@code r}
 * tolerates one scaled by up to {@code 1 + r} (lower is better) or {@code 1 − r} (higher is
 * better). The gate tests the new values with the tolerated change removed (see
 * {@link #absolutelyForgiven} and {@link #relativelyForgiven}); when both are given, a
 * regression must exceed both, so the larger one applies.
 *
 * @param absolute tolerated change in the metric's unit, finite and ≥ 0
 * @param relative tolerated change as a fraction of the baseline, in [0, 1)
 */
public record Allowance(double absolute, double relative) {

    /** No allowance. */
    public static final Allowance NONE = new Allowance(0, 0);

    /**
     * Validates the allowance.
     *
     * @throws IllegalArgumentException if a component is negative, NaN or infinite, or the relative
     *                                  allowance is 1 or more
     */
    public Allowance {
        if (!(absolute >= 0) || absolute == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("absolute allowance must be a finite number >= 0 in the metric's unit, got "
                    + absolute + "; use 0 for none");
        }
        if (!(relative >= 0 && relative < 1)) {
            throw new IllegalArgumentException("relative allowance must be a fraction in [0, 1), got " + relative
                    + "; use e.g. 0.05 to tolerate a change of 5 %, 0 for none");
        }
    }

    /**
     * An allowance.
     *
     * @param absolute tolerated change in the metric's unit, ≥ 0
     * @param relative tolerated change as a fraction of the baseline, in [0, 1)
     * @return the allowance
     */
    public static Allowance of(double absolute, double relative) {
        return new Allowance(absolute, relative);
    }

    /** Whether any change is tolerated. */
    public boolean any() {
        return absolute > 0 || relative > 0;
    }

    /**
     * The tolerated change at a baseline value: the larger of the absolute allowance and the
     * relative allowance times {@code |reference|}.
     *
     * @param reference the baseline value
     * @return the tolerated change in the metric's unit
     */
    public double amount(double reference) {
        return Math.max(absolute, relative * Math.abs(reference));
    }

    /**
     * A new value with the absolute allowance removed: moved by {@code absolute} in the good
     * direction.
     *
     * @param value     the new value
     * @param direction which way is better
     * @return the value to test against the baseline
     */
    public double absolutelyForgiven(double value, Direction direction) {
        return direction == Direction.LOWER_IS_BETTER ? value - absolute : value + absolute;
    }

    /**
     * A new value with the relative allowance removed: divided by {@code 1 + relative} (lower is
     * better) or {@code 1 − relative} (higher is better).
     *
     * @param value     the new value
     * @param direction which way is better
     * @return the value to test against the baseline
     */
    public double relativelyForgiven(double value, Direction direction) {
        return direction == Direction.LOWER_IS_BETTER ? value / (1 + relative) : value / (1 - relative);
    }
}
