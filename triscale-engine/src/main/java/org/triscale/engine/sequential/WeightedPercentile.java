package org.triscale.engine.sequential;

import org.apiguardian.api.API;

/**
 * A percentile estimated from importance-sampled values, with its confidence interval.
 *
 * @param value                  the weighted percentile, NaN without values
 * @param lower                  lower end of the interval, −∞ when undefined (too few effective
 *                               samples, or a one-sided upper bound)
 * @param upper                  upper end, +∞ when undefined (or a one-sided lower bound)
 * @param percentile             the percentile, in (0, 100)
 * @param confidence             confidence of the interval in percent
 * @param values                 number of values used (after dropping NaN rows)
 * @param droppedNaN             number of rows dropped because the value or the weight was NaN
 * @param effectiveSampleSize    Kish's effective sample size {@code (Σw)² / Σw²}: the number of
 *                               unweighted runs that would give about the same precision for a mean
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record WeightedPercentile(double value, double lower, double upper, double percentile, double confidence,
                                 int values, int droppedNaN, double effectiveSampleSize) {
}
