package org.triscale.engine.analysis;

import org.apache.commons.numbers.arrays.Selection;
import org.triscale.engine.Arguments;
import org.triscale.engine.ValueRange;
import org.triscale.engine.numeric.NanFree;
import org.triscale.engine.numeric.PairwiseSum;
import org.triscale.engine.trend.ConvergenceResult;
import org.triscale.engine.trend.ConvergenceTest;

import java.util.Optional;

/**
 * Computes a run's metric from its samples, as TriScale's {@code analysis_metric} does
 * (Jacob et al. 2021).
 *
 * <p>Rows where x or y is NaN are dropped (and counted); fewer than 2 rows leave the metric
 * undefined. Without a convergence test the metric is the measure of all samples: a percentile
 * is the nearest-rank order statistic {@code sorted[rint((n − 1)·p/100)]} (half to even, as
 * numpy's "nearest"), the mean is numpy's pairwise sum divided by n. With a convergence test the
 * measure is taken over K = min(⌊n/2⌋ + 1, 100) sliding windows of ⌊n/2⌋ samples (a percentile
 * with numpy's "midpoint" interpolation), the window series must pass the
 * {@link ConvergenceTest} (y range: the metric's bounds, or the min and max of all samples), and
 * the metric is then the nearest-rank median of the window values.
 */
public final class RunMetrics {
    private RunMetrics() {
    }

    /**
     * Computes the metric.
     *
     * @param x           abscissae (usually time), same length as {@code y}, no infinity
     * @param y           samples, no infinity; rows with NaN in x or y are dropped and counted
     * @param measure     how to summarise the samples
     * @param bounds      range of y for the convergence test, or {@code null} for the samples' min and max
     * @param convergence convergence test to pass, or {@code null} for none
     * @return the metric
     * @throws IllegalArgumentException if an argument is invalid
     */
    public static RunMetric compute(double[] x, double[] y, Measure measure, ValueRange bounds,
                                    ConvergenceSpec convergence) {
        Arguments.samples("x", x);
        Arguments.samples("y", y);
        Arguments.sameLength("x", x, "y", y);
        Arguments.notNull("measure", measure);
        // Without a NaN row (the usual case) the caller's arrays are read as they are: for 10^7
        // samples two copies would cost more than the whole convergence test.
        boolean complete = !hasNaN(x) && !hasNaN(y);
        double[][] rows = complete ? null : NanFree.rows(x, y);
        double[] xs = complete ? x : rows[0];
        double[] ys = complete ? y : rows[1];
        int kept = ys.length;
        int dropped = y.length - kept;
        if (kept < 2) {
            return undefined(measure, kept, dropped, Optional.empty());
        }
        if (convergence == null) {
            // A percentile reorders the values: never the caller's.
            double[] values = complete && measure.kind() == Measure.Kind.PERCENTILE ? ys.clone() : ys;
            return new RunMetric(true, summarise(values, measure), measure, kept, dropped, Optional.empty());
        }
        // From here on ys is only read (the windows' order statistics do not reorder it).
        Windows windows = Windows.of(xs, ys, measure);
        double low = bounds == null ? min(ys) : bounds.min();
        double high = bounds == null ? max(ys) : bounds.max();
        ConvergenceResult result = ConvergenceTest.test(windows.x, windows.y, low, high, convergence.confidence(),
                convergence.tolerance());
        if (!result.converged()) {
            return undefined(measure, kept, dropped, Optional.of(result));
        }
        double median = nearestRank(windows.y.clone(), 50);
        return new RunMetric(true, median, measure, kept, dropped, Optional.of(result));
    }

    /**
     * Computes the metric of plain values (no abscissae, no convergence test).
     *
     * @param y       samples, no infinity; NaN are dropped and counted
     * @param measure how to summarise the samples
     * @return the metric, undefined with fewer than 2 values
     * @throws IllegalArgumentException if an argument is invalid
     */
    public static RunMetric compute(double[] y, Measure measure) {
        Arguments.samples("y", y);
        Arguments.notNull("measure", measure);
        double[] ys = NanFree.of(y);
        int kept = ys.length;
        int dropped = y.length - kept;
        if (kept < 2) {
            return undefined(measure, kept, dropped, Optional.empty());
        }
        return new RunMetric(true, summarise(ys, measure), measure, kept, dropped, Optional.empty());
    }

    /** The measure of all samples (NaN-free, at least one); may reorder {@code ys} for percentiles. */
    private static double summarise(double[] ys, Measure measure) {
        switch (measure.kind()) {
            case MEAN:
                return PairwiseSum.mean(ys);
            case MINIMUM:
                return min(ys);
            case MAXIMUM:
                return max(ys);
            case PERCENTILE:
                return nearestRank(ys, measure.percentile());
            default:
                throw new IllegalStateException("unknown measure " + measure);
        }
    }

    /**
     * numpy's "nearest" percentile: the order statistic of index rint((n − 1)·(p/100)), half to
     * even (n = 50, p = 50 picks index 24). Reorders {@code values}.
     */
    static double nearestRank(double[] values, double percentile) {
        int index = (int) Math.rint((values.length - 1) * (percentile / 100));
        Selection.select(values, index);
        return values[index];
    }

    private static RunMetric undefined(Measure measure, int kept, int dropped, Optional<ConvergenceResult> result) {
        return new RunMetric(false, Double.NaN, measure, kept, dropped, result);
    }

    private static boolean hasNaN(double[] values) {
        for (double v : values) {
            if (Double.isNaN(v)) {
                return true;
            }
        }
        return false;
    }

    private static double min(double[] values) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : values) {
            m = Math.min(m, v);
        }
        return m;
    }

    private static double max(double[] values) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            m = Math.max(m, v);
        }
        return m;
    }
}
