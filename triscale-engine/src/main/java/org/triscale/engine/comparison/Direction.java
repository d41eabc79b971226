package org.triscale.engine.comparison;

/** Which way of a metric is better, so that a change can be called a regression or an improvement. */
public enum Direction {
    /** Less is better: flow completion time, delay, loss. A larger value is a regression. */
    LOWER_IS_BETTER,
    /** More is better: throughput, goodput. A smaller value is a regression. */
    HIGHER_IS_BETTER;

    /**
     * Whether {@code candidate} is worse than {@code reference} in this direction.
     *
     * @param candidate the new value
     * @param reference the value it is compared to
     * @return {@code true} if the candidate is strictly worse
     */
    public boolean worse(double candidate, double reference) {
        return this == LOWER_IS_BETTER ? candidate > reference : candidate < reference;
    }

    /**
     * The change from {@code reference} to {@code candidate} counted positive when it is bad:
     * {@code candidate − reference} when lower is better, {@code reference − candidate} otherwise.
     *
     * @param candidate the new value
     * @param reference the value it is compared to
     * @return the signed change, positive for a regression
     */
    public double badChange(double candidate, double reference) {
        return this == LOWER_IS_BETTER ? candidate - reference : reference - candidate;
    }
}
