package org.triscale.results.internal.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Summarises one run's samples of one metric into a {@link TestResult.SampleSummary}: at most
 * {@link #MAX_POINTS} points for drawing the run, its quantiles for drawing the distribution, and
 * the ranges the convergence test normalised, so that a report can draw the Theil–Sen trend in
 * the metric's unit.
 *
 * <p>Up to {@code MAX_POINTS} samples are kept as they are. Above, the samples are cut, in
 * recording order, into {@code MAX_POINTS / 2} buckets of (almost) equal counts, and each bucket
 * keeps its smallest and its largest sample, in their order (min/max decimation, as time-series
 * plotting tools use): every spike and dip stays visible, and the result depends only on the
 * samples.
 */
public final class SampleSummaries {
    /** Largest number of points kept per run and metric. */
    public static final int MAX_POINTS = 2000;
    /** Quantiles kept: at 0, 1, ..., 100 %. */
    static final int QUANTILES = 101;
    /** The engine's largest number of convergence windows (TriScale's K). */
    private static final int MAX_WINDOWS = 100;

    private SampleSummaries() {
    }

    /**
     * Summarises NaN-free samples.
     *
     * @param xs          abscissae (positions when {@code explicitX} is false)
     * @param ys          values, same length, at least one
     * @param explicitX   whether the test recorded x values
     * @param convergence whether the convergence test ran on these samples
     * @param yLow        lower end of the metric's bounds, or NaN for the samples' minimum
     * @param yHigh       upper end of the metric's bounds, or NaN for the samples' maximum
     * @return the summary
     */
    public static TestResult.SampleSummary of(double[] xs, double[] ys, boolean explicitX, boolean convergence,
                                              double yLow, double yHigh) {
        int n = ys.length;
        int[] kept = decimate(ys);
        List<Float> x = new ArrayList<>(kept.length);
        List<Float> y = new ArrayList<>(kept.length);
        for (int index : kept) {
            x.add((float) xs[index]);
            y.add((float) ys[index]);
        }
        double[] sorted = ys.clone();
        Arrays.sort(sorted);
        List<Float> quantiles = new ArrayList<>(QUANTILES);
        for (int p = 0; p < QUANTILES; p++) {
            quantiles.add((float) sorted[(int) Math.rint((n - 1) * (p / 100.0))]);
        }
        List<Double> trendX = null;
        List<Double> trendY = null;
        if (convergence && n >= 2) {
            // The window positions of RunMetrics: K windows of L = n/2 samples, window i starting at
            // trunc(i·L/(K − 1)) and placed at the x of its middle sample.
            int windows = Math.min(n / 2 + 1, MAX_WINDOWS);
            int length = n / 2;
            double step = (double) length / (windows - 1);
            int lastStart = (int) ((windows - 1) * step);
            trendX = List.of(xs[(int) (length / 2.0)], xs[(int) (lastStart + length / 2.0)]);
            trendY = List.of(Double.isNaN(yLow) ? sorted[0] : yLow, Double.isNaN(yHigh) ? sorted[n - 1] : yHigh);
        }
        return new TestResult.SampleSummary(n, explicitX, List.copyOf(x), List.copyOf(y), List.copyOf(quantiles),
                trendX, trendY);
    }

    /** The indices kept: all up to {@link #MAX_POINTS}, else each bucket's minimum and maximum. */
    static int[] decimate(double[] ys) {
        return decimate(ys, MAX_POINTS);
    }

    /**
     * The indices of at most {@code maxPoints} values kept by min/max decimation, in order.
     *
     * @param ys        the values
     * @param maxPoints the budget, even, at least 2
     * @return the indices kept
     */
    public static int[] decimate(double[] ys, int maxPoints) {
        int n = ys.length;
        if (n <= maxPoints) {
            int[] all = new int[n];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int buckets = maxPoints / 2;
        int[] kept = new int[2 * buckets];
        int size = 0;
        for (int b = 0; b < buckets; b++) {
            int from = (int) ((long) b * n / buckets);
            int to = (int) ((long) (b + 1) * n / buckets);
            int min = from;
            int max = from;
            for (int i = from + 1; i < to; i++) {
                if (ys[i] < ys[min]) {
                    min = i;
                }
                if (ys[i] > ys[max]) {
                    max = i;
                }
            }
            kept[size++] = Math.min(min, max);
            if (min != max) {
                kept[size++] = Math.max(min, max);
            }
        }
        return Arrays.copyOf(kept, size);
    }
}
