package org.triscale.engine.analysis;

/** Copies of sample arrays without their NaN values, in order. */
final class NanFree {
    private NanFree() {
    }

    static double[] of(double[] values) {
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
