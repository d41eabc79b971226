package org.triscale.engine.analysis;

import java.util.Arrays;

/**
 * Rank selection across several sorted runs of one array, without merging them: the runs are
 * {@code [cuts[j], cuts[j+1])} for j in {@code [first, last)}. Each step takes as pivot the
 * weighted median of the runs' middle elements, which discards at least a quarter of the
 * remaining candidates, so a selection costs O(log N) steps of one binary search per run.
 */
final class SortedRuns {
    /** Below this many candidates the rest are gathered and sorted. */
    private static final int GATHER = 64;

    private final double[] values;
    private final int[] from;
    private final int[] to;

    SortedRuns(double[] values, int[] cuts, int first, int last) {
        this.values = values;
        int m = last - first;
        this.from = new int[m];
        this.to = new int[m];
        for (int j = 0; j < m; j++) {
            from[j] = cuts[first + j];
            to[j] = cuts[first + j + 1];
        }
    }

    /** Total number of values in the runs. */
    int size() {
        int total = 0;
        for (int j = 0; j < from.length; j++) {
            total += to[j] - from[j];
        }
        return total;
    }

    /**
     * The value of rank {@code rank} (0-based) in the union of the runs.
     *
     * @param rank rank in [0, size())
     * @return the value
     */
    double select(int rank) {
        int m = from.length;
        int[] lo = from.clone();
        int[] hi = to.clone();
        int k = rank;
        double[] middles = new double[m];
        int[] weights = new int[m];
        while (true) {
            int total = 0;
            int active = 0;
            for (int j = 0; j < m; j++) {
                int size = hi[j] - lo[j];
                if (size > 0) {
                    middles[active] = values[(lo[j] + hi[j]) >>> 1];
                    weights[active] = size;
                    active++;
                    total += size;
                }
            }
            if (total <= GATHER) {
                double[] rest = new double[total];
                int r = 0;
                for (int j = 0; j < m; j++) {
                    for (int i = lo[j]; i < hi[j]; i++) {
                        rest[r++] = values[i];
                    }
                }
                Arrays.sort(rest);
                return rest[k];
            }
            double pivot = weightedMedian(middles, weights, active, total);
            long less = 0;
            long notGreater = 0;
            int[] lessEnd = new int[m];
            int[] notGreaterEnd = new int[m];
            for (int j = 0; j < m; j++) {
                lessEnd[j] = lowerBound(lo[j], hi[j], pivot);
                notGreaterEnd[j] = upperBound(lessEnd[j], hi[j], pivot);
                less += lessEnd[j] - lo[j];
                notGreater += notGreaterEnd[j] - lo[j];
            }
            if (k < less) {
                System.arraycopy(lessEnd, 0, hi, 0, m);
            } else if (k < notGreater) {
                return pivot;
            } else {
                k -= (int) notGreater;
                System.arraycopy(notGreaterEnd, 0, lo, 0, m);
            }
        }
    }

    /**
     * The value of rank {@code rank + 1}, given that {@code value} has rank {@code rank}.
     *
     * @param value the value of rank {@code rank}
     * @param rank  its rank, less than size() − 1
     * @return the next value in sorted order (equal to {@code value} on ties)
     */
    double successor(double value, int rank) {
        long notGreater = 0;
        double next = Double.POSITIVE_INFINITY;
        for (int j = 0; j < from.length; j++) {
            int end = upperBound(from[j], to[j], value);
            notGreater += end - from[j];
            if (end < to[j]) {
                next = Math.min(next, values[end]);
            }
        }
        return notGreater > rank + 1 ? value : next;
    }

    private static double weightedMedian(double[] middles, int[] weights, int active, int total) {
        Integer[] order = new Integer[active];
        for (int i = 0; i < active; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(middles[a], middles[b]));
        long cumulative = 0;
        for (int i = 0; i < active; i++) {
            cumulative += weights[order[i]];
            if (2 * cumulative >= total) {
                return middles[order[i]];
            }
        }
        return middles[order[active - 1]];
    }

    /** First index in [lo, hi) whose value is not below {@code key}. */
    private int lowerBound(int lo, int hi, double key) {
        int a = lo;
        int b = hi;
        while (a < b) {
            int mid = (a + b) >>> 1;
            if (values[mid] < key) {
                a = mid + 1;
            } else {
                b = mid;
            }
        }
        return a;
    }

    /** First index in [lo, hi) whose value is above {@code key}. */
    private int upperBound(int lo, int hi, double key) {
        int a = lo;
        int b = hi;
        while (a < b) {
            int mid = (a + b) >>> 1;
            if (values[mid] <= key) {
                a = mid + 1;
            } else {
                b = mid;
            }
        }
        return a;
    }
}
