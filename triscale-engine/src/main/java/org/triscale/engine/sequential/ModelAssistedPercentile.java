package org.triscale.engine.sequential;

import org.apiguardian.api.API;

import java.util.List;

/**
 * A percentile estimated with auxiliary variables whose distribution is known from a first phase,
 * with its confidence interval ({@link ModelAssistedPercentiles}).
 *
 * @param value               the percentile, in the values' units
 * @param lower               lower end of the interval; −∞ when undefined (a one-sided upper
 *                            bound, an end beyond the values, or fewer than two clusters)
 * @param upper               upper end; +∞ when undefined
 * @param percentile          the percentile, in (0, 100)
 * @param confidence          the interval's confidence in percent
 * @param values              values used (rows with a NaN dropped)
 * @param droppedNaN          rows dropped because the value or an auxiliary variable was NaN
 * @param clusters            independent clusters among the values (for example runs)
 * @param fittedValues        values the model was fitted to
 * @param coefficients        the linear model's intercept, then one coefficient per auxiliary variable
 * @param residualSd          the standard deviation of the model's residuals on the fitted values
 * @param effectiveSampleSize {@code p(1 − p) / se²}, with se the standard error of the estimated
 *                            distribution function at the percentile: the number of independent
 *                            values that would estimate the percentile about as precisely without
 *                            the auxiliary variables; NaN when the standard error is undefined
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record ModelAssistedPercentile(double value, double lower, double upper, double percentile, double confidence,
                                      int values, int droppedNaN, int clusters, int fittedValues,
                                      List<Double> coefficients, double residualSd, double effectiveSampleSize) {
    /** Keeps the coefficients immutable. */
    public ModelAssistedPercentile {
        coefficients = List.copyOf(coefficients);
    }
}
