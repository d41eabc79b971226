package org.triscale.engine.analysis;

import org.apiguardian.api.API;
import org.triscale.engine.bounds.OrderStatisticInterval;

/**
 * A sequel's variability score: the width of a two-sided Thompson interval of a percentile pair
 * of the series KPIs. Bound values are read from the sorted KPIs.
 *
 * @param lowerValue    lower bound value, NaN when there are too few values
 * @param upperValue    upper bound value, NaN when there are too few values
 * @param score         {@code upperValue − lowerValue}
 * @param relativeScore {@code score} divided by the midpoint of the two bound values
 * @param percentile    the percentile (its pair is {@code 100 − percentile})
 * @param confidence    confidence in percent
 * @param values        number of values used (after dropping NaN)
 * @param droppedNaN    number of NaN values dropped
 * @param interval      the order-statistic indices
 * @param stationarity  the checks applied to the values
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record VariabilityResult(double lowerValue, double upperValue, double score, double relativeScore,
                                double percentile, double confidence, int values, int droppedNaN,
                                OrderStatisticInterval interval, Stationarity stationarity) {

    /** Returns {@code true} when the sample was large enough for the interval. */
    public boolean defined() {
        return !Double.isNaN(score);
    }
}
