package org.triscale.engine.analysis;

import org.apiguardian.api.API;

/**
 * Which side of a percentile a one-sided KPI bounds.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum Side {
    /** A lower bound: the percentile is at least the KPI with the stated confidence. */
    LOWER,
    /** An upper bound: the percentile is at most the KPI with the stated confidence. */
    UPPER
}
