package org.triscale.engine.numeric;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

import java.util.Arrays;

/**
 * A sequel's run metrics as arrays, one per series (NaN marks an invalid run): the input check,
 * the run count and the median shared by the comparison and the regression gate.
 *
 * @since 0.3.0
 */
@API(status = API.Status.INTERNAL, since = "0.3.0")
public final class SequelArrays {
    private SequelArrays() {
    }

    /**
     * Checks a sequel's run metrics.
     *
     * @param name   parameter name for the message
     * @param sequel run metrics, one array per series
     * @return {@code sequel}
     * @throws IllegalArgumentException if the sequel or a series is null, or a value is infinite
     */
    public static double[][] check(String name, double[][] sequel) {
        Arguments.notNull(name, sequel);
        for (int s = 0; s < sequel.length; s++) {
            Arguments.samples(name + "[" + s + "]", sequel[s]);
        }
        return sequel;
    }

    /**
     * The number of runs, valid or not.
     *
     * @param sequel run metrics, one array per series
     * @return the total length of the series
     */
    public static int count(double[][] sequel) {
        int n = 0;
        for (double[] series : sequel) {
            n += series.length;
        }
        return n;
    }

    /**
     * The median: the middle value, or the mean of the two middle values.
     *
     * @param values at least one value, none NaN
     * @return the median
     */
    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
