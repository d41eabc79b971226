package org.triscale.results;

import org.apiguardian.api.API;

/**
 * How a verdict ended, as its Surefire report states it ({@link Results#writeSurefireVerdict}).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum VerdictOutcome {
    /** Every KPI, score and gate held. */
    PASSED,
    /** Something failed: the message says what. */
    FAILED,
    /** Every run skipped itself: nothing to judge. */
    SKIPPED
}
