package org.triscale.engine.numeric;

import org.apiguardian.api.API;

/**
 * Copies of sample arrays without their NaN values, in order: the analysis drops NaN values
 * (invalid runs or samples) and counts them as the difference in length.
 *
 * @since 0.3.0
 */
@API(status = API.Status.INTERNAL, since = "0.3.0")
public final class NanFree {
    private NanFree() {
    }

    /**
     * Returns the values that are not NaN, in their order.
     *
     * @param values the values, not null
     * @return a new array without the NaN values
     */
    public static double[] of(double[] values) {
        int kept = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                kept++;
            }
        }
        double[] out = new double[kept];
        int k = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                out[k++] = v;
            }
        }
        return out;
    }

    /**
     * Returns the rows {@code (x[i], y[i])} in which neither value is NaN, in their order.
     *
     * @param x the first column, not null
     * @param y the second column, not null, same length as {@code x}
     * @return two new arrays of equal length: the kept x values, then the kept y values
     */
    public static double[][] rows(double[] x, double[] y) {
        int kept = 0;
        for (int i = 0; i < y.length; i++) {
            if (!Double.isNaN(x[i]) && !Double.isNaN(y[i])) {
                kept++;
            }
        }
        double[] xs = new double[kept];
        double[] ys = new double[kept];
        int k = 0;
        for (int i = 0; i < y.length; i++) {
            if (!Double.isNaN(x[i]) && !Double.isNaN(y[i])) {
                xs[k] = x[i];
                ys[k] = y[i];
                k++;
            }
        }
        return new double[][] {xs, ys};
    }
}
