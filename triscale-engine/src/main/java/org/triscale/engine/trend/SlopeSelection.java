package org.triscale.engine.trend;

import java.util.Arrays;

/**
 * Order statistics of the pairwise slopes {@code (y_i − y_j)/(x_i − x_j)}, x_i &gt; x_j, without
 * sorting them all.
 *
 * <p>Interim version: it materialises the slopes (quadratic memory) so that {@link TheilSen}'s
 * large-input path can be written and tested now; the O(n log n) expected-time selection replaces
 * this class with the same two methods.
 */
final class SlopeSelection {
    private SlopeSelection() {
    }

    /**
     * Number of pairs with {@code x_i > x_j}.
     *
     * @param x abscissae, finite
     * @return the pair count
     */
    static long pairCount(double[] x) {
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        long n = sorted.length;
        long ties = 0;
        int i = 0;
        while (i < sorted.length) {
            int j = i + 1;
            while (j < sorted.length && sorted[j] == sorted[i]) {
                j++;
            }
            long t = j - i;
            ties += t * (t - 1) / 2;
            i = j;
        }
        return n * (n - 1) / 2 - ties;
    }

    /**
     * The k-th smallest (0-based) slope over the pairs with {@code x_i − x_j > 0}.
     *
     * @param x abscissae, finite
     * @param y ordinates, finite
     * @param k rank in [0, pairCount(x))
     * @return the slope
     */
    static double select(double[] x, double[] y, long k) {
        long count = pairCount(x);
        if (k < 0 || k >= count) {
            throw new IllegalArgumentException("k must be in [0, " + count + "), got " + k);
        }
        if (count > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("too many pairs for the interim slope selection: " + count);
        }
        double[] slopes = new double[(int) count];
        int m = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x.length; j++) {
                double dx = x[i] - x[j];
                if (dx > 0) {
                    slopes[m++] = (y[i] - y[j]) / dx;
                }
            }
        }
        Arrays.sort(slopes);
        return slopes[(int) k];
    }
}
