package org.triscale.engine.bounds;

import org.apiguardian.api.API;

/**
 * How the ends of an order-statistic interval are sized.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum IntervalKind {
    /** Each end is a one-sided bound holding with the confidence on its own. */
    ONE_SIDED,
    /**
     * TriScale's two-sided interval: symmetric indices; for a percentile other than the median
     * each end holds on its own (jointly with probability ≥ 2c − 1).
     */
    TWO_SIDED,
    /**
     * The same percentile pair as {@link #TWO_SIDED}, both ends holding together with probability
     * at least the confidence.
     */
    JOINT
}
