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
 * @param launch the launch-to-launch variation the change's interval includes
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record GateResult(SequelChange change, ComparisonUnit unit, KpiChange kpi, LaunchVariation launch) {

    /**
     * Requires every part.
     *
     * @throws IllegalArgumentException if one is null
     */
    public GateResult {
        org.triscale.engine.Arguments.notNull("change", change);
        org.triscale.engine.Arguments.notNull("unit", unit);
        org.triscale.engine.Arguments.notNull("kpi", kpi);
        org.triscale.engine.Arguments.notNull("launch", launch);
    }

    /**
     * A decision without launch-to-launch variation ({@link LaunchVariation#none()}).
     *
     * @param change the comparison
     * @param unit   what the unpaired design compared
     * @param kpi    the KPI change, for context
     */
    public GateResult(SequelChange change, ComparisonUnit unit, KpiChange kpi) {
        this(change, unit, kpi, LaunchVariation.none());
    }

    /** The outcome. */
    public ComparisonOutcome outcome() {
        return change.outcome();
    }
}
