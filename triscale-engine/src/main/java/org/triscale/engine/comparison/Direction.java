package org.triscale.engine.comparison;

/** Which way of a metric is better, so that a change can be called a regression or an improvement. */
public enum Direction {
    /** Less is better: flow completion time, delay, loss. A larger value is a regression. */
    LOWER_IS_BETTER,
    /** More is better: throughput, goodput. A smaller value is a regression. */
    HIGHER_IS_BETTER
}
