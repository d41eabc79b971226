package org.triscale.engine.baseline;

import org.apiguardian.api.API;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.SequelChange;

/**
 * The gate's decision for one metric.
 *
 * @param change the comparison: design, outcome, change with its interval, tolerance, detectable
 *               change and p-values
 * @param unit   what the unpaired design compared (series medians or runs); the paired design
 *               compares runs
 * @param kpi    the KPI change and the baseline's score, for context
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record GateResult(SequelChange change, ComparisonUnit unit, KpiChange kpi) {

    /** The outcome. */
    public ComparisonOutcome outcome() {
        return change.outcome();
    }
}
