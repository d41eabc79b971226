package org.triscale.results.internal.recording;

import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.engine.trend.ConvergenceResult;
import org.triscale.results.internal.model.TestResult;

/**
 * One metric of one run.
 *
 * @param metric      the metric
 * @param valid       whether the value is defined (samples present and, if required, converged)
 * @param value       the metric's value, NaN when not valid
 * @param samples     number of samples used
 * @param droppedNaN  number of samples dropped because x or y was NaN
 * @param reported    whether the value was reported by the test instead of computed from samples
 * @param convergence the convergence test, or {@code null} when none was run
 * @param summary     the samples' bounded summary for reports, or {@code null} when none was recorded
 *                    or the samples are weighted (its quantiles would ignore the weights)
 * @param effectiveSampleSize Kish's effective sample size of weighted samples, NaN for unweighted ones
 */
public record MetricValue(MetricSpec metric, boolean valid, double value, int samples, int droppedNaN, boolean reported,
                   ConvergenceResult convergence, TestResult.SampleSummary summary, double effectiveSampleSize) {

    /** Whether the value was computed from weighted (importance-sampled) samples. */
    public boolean weighted() {
        return !Double.isNaN(effectiveSampleSize);
    }

    /** Whether the convergence test ran and failed. */
    public boolean notConverged() {
        return convergence != null && !convergence.converged();
    }
}
