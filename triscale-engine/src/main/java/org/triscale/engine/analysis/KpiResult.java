package org.triscale.engine.analysis;

import org.apiguardian.api.API;
import org.triscale.engine.bounds.OrderStatisticInterval;

/**
 * A series' KPI: a one-sided Thompson bound of a percentile of the run metrics.
 *
 * @param value        the bound, NaN when there are too few values
 * @param side         which side is bounded
 * @param percentile   the percentile bounded
 * @param confidence   confidence in percent
 * @param values       number of values used (after dropping NaN)
 * @param droppedNaN   number of NaN values dropped
 * @param interval     the order-statistic indices
 * @param index        index (in the sorted values) the KPI was read from, −1 when none
 * @param stationarity the checks applied to the values
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record KpiResult(double value, Side side, double percentile, double confidence, int values, int droppedNaN,
                        OrderStatisticInterval interval, int index, Stationarity stationarity) {

    /** Returns {@code true} when the sample was large enough for the bound. */
    public boolean defined() {
        return index >= 0;
    }
}
