package org.triscale.engine.numeric;

/**
 * Copies of sample arrays without their NaN values, in order: the analysis drops NaN values
 * (invalid runs or samples) and counts them as the difference in length.
 */
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
}
