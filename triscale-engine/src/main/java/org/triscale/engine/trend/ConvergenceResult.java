package org.triscale.engine.trend;

import org.apiguardian.api.API;

/**
 * Outcome of TriScale's convergence test.
 *
 * @param converged  {@code true} when the slope interval lies within ± tolerance
 * @param fit        Theil–Sen fit of the data normalised to [−1, 1]
 * @param tolerance  tolerance on the normalised slope, in percent
 * @param points     number of points tested (after dropping NaN)
 * @param droppedNaN number of points dropped because y was NaN
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record ConvergenceResult(boolean converged, TheilSenFit fit, double tolerance, int points, int droppedNaN) {
}
