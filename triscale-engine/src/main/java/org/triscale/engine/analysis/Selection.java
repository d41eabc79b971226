package org.triscale.engine.analysis;

import java.util.Arrays;

/**
 * In-place selection of the k-th smallest value (Hoare's quickselect with a median-of-three
 * pivot, falling back to a sort on short ranges and when partitioning stops making progress, so the
 * worst case stays {@code O(m log m)}).
 */
final class Selection {
    private static final int SORT_BELOW = 48;

    private Selection() {
    }

    /**
     * Returns the {@code k}-th smallest (0-based) of {@code a[from, to)}, which it reorders.
     *
     * @param a    values without NaN
     * @param from first index, inclusive
     * @param to   last index, exclusive
     * @param k    rank within the range, {@code 0 ≤ k < to − from}
     * @return the selected value
     */
    static double select(double[] a, int from, int to, int k) {
        int lo = from;
        int hi = to - 1;
        int target = from + k;
        int budget = 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, to - from)));
        while (hi - lo >= SORT_BELOW && budget-- > 0) {
            int mid = (lo + hi) >>> 1;
            double pivot = medianOfThree(a[lo], a[mid], a[hi]);
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    double t = a[i];
                    a[i++] = a[j];
                    a[j--] = t;
                }
            }
            // Now a[lo..j] <= pivot <= a[i..hi], and a[j+1..i-1] == pivot.
            if (target <= j) {
                hi = j;
            } else if (target >= i) {
                lo = i;
            } else {
                return a[target];
            }
        }
        Arrays.sort(a, lo, hi + 1);
        return a[target];
    }

    private static double medianOfThree(double a, double b, double c) {
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    }
}
