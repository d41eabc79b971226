package org.triscale.engine.analysis;

import org.triscale.engine.numeric.PairwiseSum;

import java.util.Arrays;
import java.util.TreeSet;

/**
 * TriScale's sliding windows over a run's samples: K = min(⌊n/2⌋ + 1, 100) windows of
 * L = ⌊n/2⌋ samples, window i starting at {@code trunc(i · (L/(K − 1)))} and plotted at
 * {@code x[trunc(start + L/2)]}; its value is the measure of its samples, a percentile taken as
 * numpy's "midpoint" quantile.
 *
 * <p>The windows overlap heavily, so the samples are cut at every window start and end into at
 * most 2K segments, and minimum and maximum combine per-segment extremes. A percentile slides an
 * order-statistics structure from window to window ({@link WindowOrderStatistics}), so the whole
 * series costs about one pass over the samples instead of K selections of n/2 samples each.
 * Results are exact.
 */
final class Windows {
    /** Largest number of windows. */
    static final int MAX_WINDOWS = 100;

    final double[] x;
    final double[] y;

    private Windows(double[] x, double[] y) {
        this.x = x;
        this.y = y;
    }

    /**
     * Computes the window series of NaN-free samples, n ≥ 2.
     *
     * @param xs      abscissae
     * @param ys      samples
     * @param measure the window measure
     * @return positions and values of the windows
     */
    static Windows of(double[] xs, double[] ys, Measure measure) {
        return of(xs, ys, ys.length, measure);
    }

    /** As {@link #of(double[], double[], Measure)} over the samples {@code [0 .. n)} of longer arrays. */
    static Windows of(double[] xs, double[] ys, int n, Measure measure) {
        int count = Math.min(n / 2 + 1, MAX_WINDOWS);
        int length = n / 2;
        double step = (double) length / (count - 1);
        int[] starts = new int[count];
        double[] wx = new double[count];
        for (int i = 0; i < count; i++) {
            starts[i] = (int) (i * step);
            wx[i] = xs[(int) (starts[i] + length / 2.0)];
        }
        double[] wy = switch (measure.kind()) {
            case MEAN -> {
                double[] means = new double[count];
                for (int i = 0; i < count; i++) {
                    means[i] = PairwiseSum.mean(ys, starts[i], starts[i] + length);
                }
                yield means;
            }
            case MINIMUM, MAXIMUM -> extremes(ys, starts, length, measure.kind() == Measure.Kind.MINIMUM);
            case PERCENTILE -> percentiles(ys, n, starts, length, measure.percentile());
        };
        return new Windows(wx, wy);
    }

    /** The cut points: every window start and end, ascending and distinct. */
    private static int[] cuts(int[] starts, int length) {
        TreeSet<Integer> set = new TreeSet<>();
        for (int s : starts) {
            set.add(s);
            set.add(s + length);
        }
        return set.stream().mapToInt(Integer::intValue).toArray();
    }

    private static double[] extremes(double[] ys, int[] starts, int length, boolean minimum) {
        int[] cuts = cuts(starts, length);
        double[] segment = new double[cuts.length - 1];
        for (int j = 0; j + 1 < cuts.length; j++) {
            double e = minimum ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            for (int i = cuts[j]; i < cuts[j + 1]; i++) {
                e = minimum ? Math.min(e, ys[i]) : Math.max(e, ys[i]);
            }
            segment[j] = e;
        }
        double[] out = new double[starts.length];
        for (int w = 0; w < starts.length; w++) {
            int first = Arrays.binarySearch(cuts, starts[w]);
            int last = Arrays.binarySearch(cuts, starts[w] + length);
            double e = minimum ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            for (int j = first; j < last; j++) {
                e = minimum ? Math.min(e, segment[j]) : Math.max(e, segment[j]);
            }
            out[w] = e;
        }
        return out;
    }

    private static double[] percentiles(double[] ys, int n, int[] starts, int length, double percentile) {
        // numpy's "midpoint": v = (L − 1)·(p/100), m = (floor v + ceil v)/2.
        double v = (length - 1) * (percentile / 100);
        double m = 0.5 * (Math.floor(v) + Math.ceil(v));
        int below = (int) Math.floor(m);
        boolean whole = m == below;
        double[] a = new double[starts.length];
        double[] b = new double[starts.length];
        WindowOrderStatistics.select(ys, n, length, starts, below, whole ? below : below + 1, a, b);
        double[] out = new double[starts.length];
        for (int w = 0; w < starts.length; w++) {
            out[w] = whole ? a[w] : midpoint(a[w], b[w]);
        }
        return out;
    }

    /**
     * numpy's lerp for t = 0.5: b − (b − a)·0.5, which differs from (a + b)/2 in the last bit;
     * halves first where b − a overflows (a, b beyond ±MAX/2), where numpy returns an infinity.
     */
    static double midpoint(double a, double b) {
        double difference = b - a;
        return Double.isFinite(difference) ? b - difference * 0.5 : a * 0.5 + b * 0.5;
    }
}
