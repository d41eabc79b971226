package org.triscale.engine.independence;

import org.triscale.engine.Arguments;
import org.triscale.engine.numeric.PairwiseSum;

/**
 * The lag sums r_k = Σ_i d_i·d_{i+k} (k = 0 .. n−1) of a series' deviations from its mean
 * d = x − mean(x), as TriScale's autocorrelation uses them, with a bound on the error of each.
 *
 * <p>Up to a limit of values every sum is computed directly, left to right, as the reference
 * does. Above it the sums come from one FFT of the zero-padded deviations (the Wiener–Khinchin
 * relation r = F⁻¹|F d|², Cooley and Tukey 1965), O(n log n) instead of O(n²). Its error
 * against the direct sum is bounded per lag, in units of r_0 = Σ d_i², by
 * γ_n (the direct sum's own error, Higham 2002 §3.1) + (2 + √(2n))·ε_FFT + 3u, with
 * ε_FFT = 16·u·log₂ m the normwise error of a radix-2 FFT of length m with computed twiddle
 * factors (Higham 2002 §24.1; the factor covers the twiddles' rounding); the bound used is twice
 * that. Callers sum a lag directly ({@link #exact(int)}) wherever that error could change a
 * decision.
 *
 * <p>Values of magnitude beyond 2^±400 are first scaled by a power of two: exact, and harmless to
 * the normalised autocorrelation, it keeps the products from overflowing (the reference returns
 * NaN there) or underflowing (the reference then sees constant data).
 */
final class LagSums {
    private static final double UNIT_ROUNDOFF = Math.ulp(1.0) / 2;
    private static final double LARGE = 0x1p400;
    private static final double SMALL = 0x1p-400;

    /** The deviations from the mean, possibly scaled by a power of two. */
    private final double[] d;
    /** r_k, exact where {@link #error} is 0 and for every lag summed directly. */
    final double[] approximate;
    /** Bound on |approximate[k] − exact(k)| for every k. */
    final double error;
    /** max_k r_k of the direct sums. */
    final double max;

    private LagSums(double[] d, double[] approximate, double error) {
        this.d = d;
        this.approximate = approximate;
        this.error = error;
        // The direct r_0 is the largest sum in exact arithmetic (Cauchy–Schwarz); any lag whose
        // FFT value comes near it is summed directly, so the maximum is the direct sums' maximum.
        double m = approximate[0];
        for (int k = 1; k < approximate.length; k++) {
            if (error > 0 && approximate[k] >= m - 2 * error) {
                approximate[k] = exact(k);
            }
            m = Math.max(m, approximate[k]);
        }
        this.max = m;
    }

    /**
     * Computes the lag sums of finite values.
     *
     * @param values      finite values in time order, at least one
     * @param directLimit up to this many values every sum is direct
     * @return the sums
     */
    static LagSums of(double[] values, int directLimit) {
        Arguments.finite("values", values);
        Arguments.atLeast("number of values", values.length, 1);
        double[] x = scaled(values);
        int n = x.length;
        double mean = PairwiseSum.mean(x);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = x[i] - mean;
        }
        if (n <= directLimit) {
            double[] r = new double[n];
            for (int k = 0; k < n; k++) {
                r[k] = direct(d, k);
            }
            return new LagSums(d, r, 0);
        }
        double[] r = fft(d);
        r[0] = direct(d, 0);
        int m = Integer.highestOneBit(2 * n - 1) << 1;
        double u = UNIT_ROUNDOFF;
        double gamma = n * u / (1 - n * u);
        double fftError = 16 * u * Integer.numberOfTrailingZeros(m);
        double bound = gamma + (2 + Math.sqrt(2.0 * n)) * fftError + 3 * u;
        return new LagSums(d, r, 2 * bound * r[0]);
    }

    /** The direct sum at lag k, in the reference's order. */
    double exact(int k) {
        return direct(d, k);
    }

    private static double direct(double[] d, int k) {
        double s = 0;
        for (int i = 0; i + k < d.length; i++) {
            s += d[i] * d[i + k];
        }
        return s;
    }

    private static double[] scaled(double[] values) {
        double largest = 0;
        for (double v : values) {
            largest = Math.max(largest, Math.abs(v));
        }
        if (largest < LARGE && (largest >= SMALL || largest == 0)) {
            return values;
        }
        int shift = -Math.getExponent(largest);
        double[] out = new double[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.scalb(values[i], shift);
        }
        return out;
    }

    /** r_k for k = 0 .. n−1 from |F d|², d padded with zeros to m ≥ 2n − 1 (no circular wrap). */
    private static double[] fft(double[] d) {
        int n = d.length;
        int m = Integer.highestOneBit(2 * n - 1) << 1;
        double[] re = new double[m];
        double[] im = new double[m];
        System.arraycopy(d, 0, re, 0, n);
        Fft fft = new Fft(m);
        fft.transform(re, im);
        for (int j = 0; j < m; j++) {
            re[j] = re[j] * re[j] + im[j] * im[j];
            im[j] = 0;
        }
        // |F d|² is real and even, so its forward transform is m times its inverse transform.
        fft.transform(re, im);
        double[] r = new double[n];
        for (int k = 0; k < n; k++) {
            r[k] = re[k] / m;
        }
        return r;
    }

    /** An in-place radix-2 decimation-in-time FFT of one power-of-two length. */
    private static final class Fft {
        private final int m;
        private final double[] cos;
        private final double[] sin;

        Fft(int m) {
            this.m = m;
            cos = new double[m / 2];
            sin = new double[m / 2];
            for (int j = 0; j < m / 2; j++) {
                // j/m is exact, so the angle is rounded once.
                double angle = 2 * Math.PI * ((double) j / m);
                cos[j] = Math.cos(angle);
                sin[j] = -Math.sin(angle);
            }
        }

        void transform(double[] re, double[] im) {
            for (int i = 1, j = 0; i < m; i++) {
                int bit = m >> 1;
                for (; (j & bit) != 0; bit >>= 1) {
                    j ^= bit;
                }
                j |= bit;
                if (i < j) {
                    double t = re[i];
                    re[i] = re[j];
                    re[j] = t;
                    t = im[i];
                    im[i] = im[j];
                    im[j] = t;
                }
            }
            for (int len = 2; len <= m; len <<= 1) {
                int half = len >> 1;
                int stride = m / len;
                for (int start = 0; start < m; start += len) {
                    for (int j = 0; j < half; j++) {
                        double wr = cos[j * stride];
                        double wi = sin[j * stride];
                        int a = start + j;
                        int b = a + half;
                        double tr = re[b] * wr - im[b] * wi;
                        double ti = re[b] * wi + im[b] * wr;
                        re[b] = re[a] - tr;
                        im[b] = im[a] - ti;
                        re[a] += tr;
                        im[a] += ti;
                    }
                }
            }
        }
    }
}
