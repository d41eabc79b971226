package org.triscale.engine.comparison;

import org.apiguardian.api.API;

/**
 * Which way of a metric is better, so that a change can be called a regression or an improvement.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum Direction {
    /** Less is better: flow completion time, delay, loss. A larger value is a regression. */
    LOWER_IS_BETTER,
    /** More is better: throughput, goodput. A smaller value is a regression. */
    HIGHER_IS_BETTER
}
