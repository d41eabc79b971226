package org.triscale.engine.analysis;

import org.apache.commons.numbers.arrays.Selection;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.ValueRange;
import org.triscale.engine.numeric.NanFree;
import org.triscale.engine.numeric.PairwiseSum;
import org.triscale.engine.trend.ConvergenceResult;
import org.triscale.engine.trend.ConvergenceTest;

import java.util.Arrays;
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
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
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
        Arguments.notNull("x", x);
        Arguments.notNull("y", y);
        Arguments.sameLength("x", x, "y", y);
        return compute(x, y, y.length, measure, bounds, convergence);
    }

    /**
     * Computes the metric of the first {@code rows} samples of longer arrays, as
     * {@link #compute(double[], double[], Measure, ValueRange, ConvergenceSpec)} does on arrays of
     * exactly {@code rows} values. For a reader that sizes its columns from an estimate of the
     * row count: trimming 10^7 values to the exact length would cost more than the convergence
     * test. The entries after {@code rows} are ignored; none of the arrays is modified.
     *
     * @param x           abscissae (usually time); the first {@code rows} are read, no infinity
     * @param y           samples; the first {@code rows} are read, no infinity; rows with NaN in x
     *                    or y are dropped and counted
     * @param rows        the number of leading rows, 0 ≤ rows ≤ the length of x and of y
     * @param measure     how to summarise the samples
     * @param bounds      range of y for the convergence test, or {@code null} for the samples' min and max
     * @param convergence convergence test to pass, or {@code null} for none
     * @return the metric
     * @throws IllegalArgumentException if an argument is invalid
     */
    public static RunMetric compute(double[] x, double[] y, int rows, Measure measure, ValueRange bounds,
                                    ConvergenceSpec convergence) {
        Arguments.notNull("x", x);
        Arguments.notNull("y", y);
        // One pass over both columns tells whether every value is finite, the usual case: then
        // neither the infinity checks nor the NaN scans need their own passes (those four passes
        // were a tenth of a 10^7-row CLI run, profiled). Otherwise the full checks run and name a
        // count out of range or the first infinity.
        boolean finite = rows >= 0 && rows <= x.length && rows <= y.length && allFinite(x, y, rows);
        if (!finite) {
            Arguments.samples("x", x, rows);
            Arguments.samples("y", y, rows);
        }
        Arguments.notNull("measure", measure);
        return computeRows(x, y, rows, finite, measure, bounds, convergence);
    }

    private static RunMetric computeRows(double[] x, double[] y, int rows, boolean finite, Measure measure,
                                         ValueRange bounds, ConvergenceSpec convergence) {
        // Without a NaN row (the usual case) the caller's arrays are read as they are: for 10^7
        // samples two copies would cost more than the whole convergence test.
        boolean complete = finite || !hasNaN(x, rows) && !hasNaN(y, rows);
        double[][] kept = complete ? null
                : NanFree.rows(Arrays.copyOf(x, rows), Arrays.copyOf(y, rows));
        double[] xs = complete ? x : kept[0];
        double[] ys = complete ? y : kept[1];
        int n = complete ? rows : ys.length;
        int dropped = rows - n;
        if (n < 2) {
            return undefined(measure, n, dropped, Optional.empty());
        }
        if (convergence == null) {
            // A percentile reorders the values: never the caller's.
            double[] values = complete && measure.kind() == Measure.Kind.PERCENTILE ? Arrays.copyOf(ys, n) : ys;
            return new RunMetric(true, summarise(values, n, measure), measure, n, dropped, Optional.empty());
        }
        // From here on ys is only read (the windows' order statistics do not reorder it).
        Windows windows = Windows.of(xs, ys, n, measure);
        double low = bounds == null ? min(ys, n) : bounds.min();
        double high = bounds == null ? max(ys, n) : bounds.max();
        ConvergenceResult result = ConvergenceTest.test(windows.x, windows.y, low, high, convergence.confidence(),
                convergence.tolerance());
        if (!result.converged()) {
            return undefined(measure, n, dropped, Optional.of(result));
        }
        double median = nearestRank(windows.y.clone(), 50);
        return new RunMetric(true, median, measure, n, dropped, Optional.of(result));
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
        return new RunMetric(true, summarise(ys, kept, measure), measure, kept, dropped, Optional.empty());
    }

    /** The measure of {@code ys[0 .. n)} (NaN-free, n ≥ 1); for a percentile ys holds exactly n values, which it reorders. */
    private static double summarise(double[] ys, int n, Measure measure) {
        return switch (measure.kind()) {
            case MEAN -> PairwiseSum.mean(ys, 0, n);
            case MINIMUM -> min(ys, n);
            case MAXIMUM -> max(ys, n);
            case PERCENTILE -> nearestRank(ys, measure.percentile());
        };
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

    /**
     * Whether {@code x[0 .. n)} and {@code y[0 .. n)} are all finite: {@code v · 0} is ±0 for a
     * finite v and NaN for an infinity or NaN, and a sum of zeros stays zero while one NaN makes
     * it NaN. Branch-free, so one cheap pass replaces a test and a branch per value and check.
     */
    private static boolean allFinite(double[] x, double[] y, int n) {
        double zero = 0;
        for (int i = 0; i < n; i++) {
            zero += x[i] * 0.0 + y[i] * 0.0;
        }
        return zero == 0;
    }

    private static boolean hasNaN(double[] values, int n) {
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(values[i])) {
                return true;
            }
        }
        return false;
    }

    private static double min(double[] values, int n) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            m = Math.min(m, values[i]);
        }
        return m;
    }

    private static double max(double[] values, int n) {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            m = Math.max(m, values[i]);
        }
        return m;
    }
}
