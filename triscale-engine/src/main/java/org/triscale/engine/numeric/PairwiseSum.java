package org.triscale.engine.numeric;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

/**
 * Summation of doubles in exactly the order numpy's {@code add.reduce} uses for a contiguous
 * float64 array (its "pairwise" summation), so that sums and means agree with the reference
 * TriScale to the last bit. A plain left-to-right loop differs in the last bit on ordinary data.
 *
 * <p>The scheme: fewer than 8 values are added in a plain loop starting from 0.0; up to 128
 * values use eight running sums over strides of 8, combined as
 * {@code ((s0+s1)+(s2+s3))+((s4+s5)+(s6+s7))}, then the remaining values in order; larger blocks
 * are split at {@code n/2} rounded down to a multiple of 8 and the two halves' sums added.
 * Its error grows as O(log n) rather than O(n).
 *
 * @since 0.3.0
 */
@API(status = API.Status.INTERNAL, since = "0.3.0")
public final class PairwiseSum {
    /** Largest block summed with the eight-accumulator loop, as in numpy. */
    private static final int BLOCK = 128;

    private PairwiseSum() {
    }

    /**
     * Sums {@code values[from .. to-1]} in numpy's pairwise order.
     *
     * @param values the values
     * @param from   first index, inclusive
     * @param to     last index, exclusive
     * @return the sum; 0.0 for an empty range
     * @throws IllegalArgumentException if the range is not inside the array
     */
    public static double sum(double[] values, int from, int to) {
        Arguments.notNull("values", values);
        if (from < 0 || to > values.length || from > to) {
            throw new IllegalArgumentException("range [" + from + ", " + to + ") is not inside an array of length "
                    + values.length);
        }
        // numpy starts the reduction from the identity 0.0 and adds the pairwise sum to it.
        return 0.0 + pairwise(values, from, to - from);
    }

    /**
     * Sums all values in numpy's pairwise order.
     *
     * @param values the values
     * @return the sum
     */
    public static double sum(double[] values) {
        return sum(values, 0, values == null ? 0 : values.length);
    }

    /**
     * Mean of {@code values[from .. to-1]} as numpy computes it: the pairwise sum divided by the
     * count. When that sum overflows although the values are finite (values near
     * {@link Double#MAX_VALUE}), the values are scaled down by a power of two before summing and
     * the mean scaled back, so the mean of finite values is finite; numpy would return an
     * infinity there. Scaling by a power of two is exact, so the result is still the pairwise sum
     * divided by the count, rounded once more at most in the final division.
     *
     * @param values the values
     * @param from   first index, inclusive
     * @param to     last index, exclusive, greater than {@code from}
     * @return the mean
     */
    public static double mean(double[] values, int from, int to) {
        if (to <= from) {
            throw new IllegalArgumentException("the mean needs at least one value, got the empty range [" + from
                    + ", " + to + ")");
        }
        int n = to - from;
        double sum = sum(values, from, to);
        if (Double.isFinite(sum) || !allFinite(values, from, to)) {
            return sum / n;
        }
        // Σ v·2^-s ≤ n·MAX·2^-s stays finite for 2^s ≥ 2n; the exponent of n bounds it.
        int shift = Math.getExponent((double) n) + 2;
        double[] scaled = new double[n];
        for (int i = 0; i < n; i++) {
            scaled[i] = Math.scalb(values[from + i], -shift);
        }
        return Math.scalb(pairwise(scaled, 0, n) / n, shift);
    }

    private static boolean allFinite(double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Double.isFinite(values[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Mean of all values as numpy computes it.
     *
     * @param values the values, at least one
     * @return the mean
     */
    public static double mean(double[] values) {
        return mean(values, 0, values == null ? 0 : values.length);
    }

    private static double pairwise(double[] a, int start, int n) {
        if (n < 8) {
            double res = 0.0;
            for (int i = start; i < start + n; i++) {
                res += a[i];
            }
            return res;
        }
        if (n <= BLOCK) {
            double r0 = a[start];
            double r1 = a[start + 1];
            double r2 = a[start + 2];
            double r3 = a[start + 3];
            double r4 = a[start + 4];
            double r5 = a[start + 5];
            double r6 = a[start + 6];
            double r7 = a[start + 7];
            int i = 8;
            int whole = n - n % 8;
            for (; i < whole; i += 8) {
                int j = start + i;
                r0 += a[j];
                r1 += a[j + 1];
                r2 += a[j + 2];
                r3 += a[j + 3];
                r4 += a[j + 4];
                r5 += a[j + 5];
                r6 += a[j + 6];
                r7 += a[j + 7];
            }
            double res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
            for (; i < n; i++) {
                res += a[start + i];
            }
            return res;
        }
        int n2 = n / 2;
        n2 -= n2 % 8;
        return pairwise(a, start, n2) + pairwise(a, start + n2, n - n2);
    }
}
