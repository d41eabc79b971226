package org.triscale.engine.analysis;

import org.triscale.engine.ValueRange;

/**
 * Computes a run's metric from its samples, as TriScale's {@code analysis_metric} does.
 *
 * <p>TODO(engine): implementation in progress.
 */
public final class RunMetrics {
    private RunMetrics() {
    }

    /**
     * Computes the metric.
     *
     * @param x           abscissae (usually time)
     * @param y           samples; rows with NaN in x or y are dropped and counted
     * @param measure     how to summarise the samples
     * @param bounds      range of y for the convergence test, or {@code null}
     * @param convergence convergence test to pass, or {@code null} for none
     * @return the metric
     */
    public static RunMetric compute(double[] x, double[] y, Measure measure, ValueRange bounds,
                                    ConvergenceSpec convergence) {
        throw new UnsupportedOperationException("not implemented yet");
    }

    /**
     * Computes the metric of plain values (no abscissae, no convergence test).
     *
     * @param y       samples; NaN are dropped and counted
     * @param measure how to summarise the samples
     * @return the metric
     */
    public static RunMetric compute(double[] y, Measure measure) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
