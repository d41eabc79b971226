package org.triscale.engine.sequential;

import org.apiguardian.api.API;

/**
 * The state of a sequential KPI assertion after some runs.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum Decision {
    /** The confidence sequence on the pass side has reached the threshold: the assertion holds. */
    PASS,
    /** The confidence sequence on the fail side has crossed the threshold: the assertion is violated. */
    FAIL,
    /** Neither bound has reached the threshold yet (or there is no threshold). */
    UNDECIDED
}
