package org.triscale.engine.network;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

/**
 * Jain's fairness index (Jain, Chiu and Hawe, DEC-TR-301, 1984) of the shares of n flows:
 * {@code (Σx)² / (n·Σx²)}. It is 1 when every flow gets the same share and 1/n when one flow
 * takes everything; it does not depend on the unit (only on the ratios of the shares).
 *
 * @param index      the index, in [1/n, 1]
 * @param count      number of shares used (after dropping NaN)
 * @param droppedNaN number of NaN values dropped
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record JainIndex(double index, int count, int droppedNaN) {

    /**
     * Computes the index of flows' shares (throughputs, for example).
     *
     * @param shares one share per flow, each finite and ≥ 0, at least one &gt; 0; NaN values are
     *               dropped and counted
     * @return the index
     * @throws IllegalArgumentException if {@code shares} is null, holds an infinity or a negative
     *                                  value, has no value after dropping NaN, or is all zeros
     */
    public static JainIndex of(double[] shares) {
        Arguments.samples("shares", shares);
        double max = 0;
        int count = 0;
        for (int i = 0; i < shares.length; i++) {
            double v = shares[i];
            if (Double.isNaN(v)) {
                continue;
            }
            if (v < 0) {
                throw new IllegalArgumentException("shares[" + i + "] is " + v
                        + "; shares must be >= 0 (a throughput, a rate), check the measurement");
            }
            max = Math.max(max, v);
            count++;
        }
        int dropped = shares.length - count;
        if (count == 0) {
            throw new IllegalArgumentException("shares must hold at least one value, got " + shares.length
                    + " values of which " + dropped + " NaN");
        }
        if (max == 0) {
            throw new IllegalArgumentException("shares are all 0; Jain's index (Σx)²/(nΣx²) is undefined when no flow "
                    + "gets anything, check the measurement");
        }
        // Scaling by the largest share keeps both sums finite whatever the unit; the index is scale-free.
        double sum = 0;
        double sumOfSquares = 0;
        for (double v : shares) {
            if (!Double.isNaN(v)) {
                double s = v / max;
                sum += s;
                sumOfSquares += s * s;
            }
        }
        // Cauchy–Schwarz bounds the index by 1; the min only removes a rounding excess of an ulp.
        double index = Math.min(1.0, sum * sum / (count * sumOfSquares));
        return new JainIndex(index, count, dropped);
    }
}
