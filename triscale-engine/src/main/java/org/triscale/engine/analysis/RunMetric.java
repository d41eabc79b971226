package org.triscale.engine.analysis;

import org.apiguardian.api.API;
import org.triscale.engine.trend.ConvergenceResult;

import java.util.Optional;

/**
 * The metric of one run.
 *
 * @param valid       {@code true} when the metric is defined: enough samples and, if required, the
 *                    run converged
 * @param value       the metric: finite when valid, NaN when not
 * @param measure     how the samples were summarised
 * @param samples     number of samples used (after dropping NaN)
 * @param droppedNaN  number of samples dropped because x or y was NaN
 * @param convergence outcome of the convergence test, empty when none was required or possible
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record RunMetric(boolean valid, double value, Measure measure, int samples, int droppedNaN,
                        Optional<ConvergenceResult> convergence) {
    /**
     * Checks that a defined metric is a finite number: an infinity would pass a run that no
     * later statistic can use.
     */
    public RunMetric {
        if (valid && !Double.isFinite(value)) {
            throw new IllegalArgumentException("the run's metric (" + measure + ") is " + value
                    + "; a defined metric must be finite, check the samples that produced it");
        }
    }
}
