package org.triscale.engine.numeric;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

/** numpy's pairwise summation: its block structure, its accuracy, and its argument checks. */
class PairwiseSumTest {

    @Test
    void smallBlocksArePlainLoops() {
        double[] a = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7};
        double plain = 0;
        for (double v : a) {
            plain += v;
        }
        assertThat(PairwiseSum.sum(a)).isEqualTo(plain);
        assertThat(PairwiseSum.sum(new double[0])).isZero();
        assertThat(PairwiseSum.mean(new double[] {4})).isEqualTo(4);
    }

    @Test
    void matchesAnIndependentRecursiveDefinition() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(5L);
        for (int n : new int[] {8, 9, 15, 16, 127, 128, 129, 255, 1000, 4099}) {
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = rng.nextDouble() * 100 - 20;
            }
            assertThat(PairwiseSum.sum(a)).as("n=" + n).isEqualTo(reference(a, 0, n));
            assertThat(PairwiseSum.sum(a, 3, n - 2)).as("range n=" + n).isEqualTo(reference(a, 3, n - 5));
        }
    }

    @Test
    void isCloserToTheExactSumThanALeftToRightLoop() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(9L);
        int n = 100_000;
        double[] a = new double[n];
        BigDecimal exact = BigDecimal.ZERO;
        double plain = 0;
        for (int i = 0; i < n; i++) {
            a[i] = 50 + rng.nextDouble();
            exact = exact.add(new BigDecimal(a[i]));
            plain += a[i];
        }
        double pairwiseError = Math.abs(new BigDecimal(PairwiseSum.sum(a)).subtract(exact).doubleValue());
        double plainError = Math.abs(new BigDecimal(plain).subtract(exact).doubleValue());
        assertThat(pairwiseError).isLessThan(plainError);
    }

    @Test
    void rejectsBadRanges() {
        assertThatThrownBy(() -> PairwiseSum.sum(new double[3], 2, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PairwiseSum.sum(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PairwiseSum.mean(new double[0])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one");
    }

    @Test
    void meanOfHugeFiniteValuesIsFinite() {
        // The pairwise sum of these overflows; their mean does not.
        double[] ten = new double[10];
        Arrays.fill(ten, 0.9 * Double.MAX_VALUE);
        assertThat(PairwiseSum.sum(ten)).isInfinite();
        assertThat(PairwiseSum.mean(ten)).isCloseTo(0.9 * Double.MAX_VALUE, withinPercentage(1e-12));
        assertThat(PairwiseSum.mean(new double[] {Double.MAX_VALUE, Double.MAX_VALUE})).isEqualTo(Double.MAX_VALUE);
        assertThat(PairwiseSum.mean(new double[] {-Double.MAX_VALUE, -Double.MAX_VALUE, 0, 0}))
                .isEqualTo(-Double.MAX_VALUE / 2);
        double[] mixed = {1.5e308, 1.5e308, -1.0e308, 2, 1.5e308, 1.5e308, 1.5e308, 1.5e308, 1.5e308, 1};
        assertThat(PairwiseSum.mean(mixed, 0, mixed.length)).isCloseTo(9.5e307, withinPercentage(1e-12));
        // A range inside a larger array, with the overflow only in the range.
        assertThat(PairwiseSum.mean(ten, 2, 9)).isCloseTo(0.9 * Double.MAX_VALUE, withinPercentage(1e-12));
    }

    @Test
    void meanOfInfinitiesIsStillNumpys() {
        assertThat(PairwiseSum.mean(new double[] {Double.POSITIVE_INFINITY, 1})).isInfinite();
        assertThat(PairwiseSum.mean(new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})).isNaN();
    }

    /** numpy's pairwise_sum, written from its description. */
    private static double reference(double[] a, int start, int n) {
        if (n < 8) {
            double s = 0.;
            for (int i = 0; i < n; i++) {
                s += a[start + i];
            }
            return s;
        }
        if (n <= 128) {
            double[] r = new double[8];
            System.arraycopy(a, start, r, 0, 8);
            int i;
            for (i = 8; i < n - n % 8; i += 8) {
                for (int j = 0; j < 8; j++) {
                    r[j] += a[start + i + j];
                }
            }
            double s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
            for (; i < n; i++) {
                s += a[start + i];
            }
            return s;
        }
        int n2 = n / 2;
        n2 -= n2 % 8;
        return reference(a, start, n2) + reference(a, start + n2, n - n2);
    }
}
