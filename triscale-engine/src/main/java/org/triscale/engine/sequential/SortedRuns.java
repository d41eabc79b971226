package org.triscale.engine.sequential;

import java.util.Arrays;

/** The run values so far, kept sorted: insertion by binary search, order statistics in O(1). */
final class SortedRuns {
    private double[] values = new double[16];
    private int size;

    void add(double value) {
        int at = Arrays.binarySearch(values, 0, size, value);
        if (at < 0) {
            at = -at - 1;
        }
        if (size == values.length) {
            values = Arrays.copyOf(values, 2 * size);
        }
        System.arraycopy(values, at, values, at + 1, size - at);
        values[at] = value;
        size++;
    }

    int size() {
        return size;
    }

    /** The rank-th smallest value, rank 1-based in [1, size]. */
    double get(int rank) {
        return values[rank - 1];
    }
}
