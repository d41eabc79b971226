package org.triscale.engine.trend;

import org.apiguardian.api.API;

/**
 * A Theil–Sen line fit with Sen's (1968) confidence interval of the slope.
 *
 * @param slope      median of the pairwise slopes
 * @param intercept  median(y) − slope · median(x)
 * @param lowSlope   lower end of the slope's confidence interval
 * @param highSlope  upper end of the slope's confidence interval
 * @param confidence confidence of the interval, in percent
 * @param points     number of (x, y) points fitted
 * @param slopes     number of pairwise slopes (pairs with distinct x)
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record TheilSenFit(double slope, double intercept, double lowSlope, double highSlope,
                          double confidence, int points, long slopes) {
}
