package org.triscale.engine.trend;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.triscale.engine.ValueRange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Edge cases of the convergence test; the reference vectors cover TriScale's cases. */
class ConvergenceTestTest {
    private static final double[] X = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};

    @Test
    void constantSeriesWithoutBoundsPassesThroughNaN() {
        double[] y = new double[10];
        java.util.Arrays.fill(y, 4.2);
        ConvergenceResult result = ConvergenceTest.test(X, y, null, 95, 5);
        assertThat(result.converged()).isTrue();
        assertThat(result.fit().slope()).isNaN();
    }

    @Test
    void everyXEqualIsRefusedTheSlopeIsUndefined() {
        double[] x = {3, 3, 3, 3, 3};
        double[] y = {1, 4, 2, 8, 5};
        assertThatThrownBy(() -> ConvergenceTest.test(x, y, null, 95, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("x values all equal (5 points at x = 3.0): the slope is undefined");
        assertThatThrownBy(() -> ConvergenceTest.test(x, y, 0, 10, 95, 5)).hasMessageContaining("x values all equal");
        // Equal after the NaN rows are dropped.
        assertThatThrownBy(() -> ConvergenceTest.test(new double[] {1, 2, 2}, new double[] {Double.NaN, 1, 3}, null, 95, 5))
                .hasMessageContaining("2 points at x = 2.0");
    }

    @Test
    void constantSeriesWithBoundsHasZeroSlope() {
        double[] y = new double[10];
        java.util.Arrays.fill(y, 4.2);
        ConvergenceResult result = ConvergenceTest.test(X, y, ValueRange.of(0, 10), 95, 5);
        assertThat(result.converged()).isTrue();
        assertThat(result.fit().slope()).isZero();
    }

    @Test
    void extremeFiniteValuesNormaliseWithoutOverflow() {
        double[] x = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] y = {-1.5e308, 1.5e308, -1.5e308, 1.5e308, -1.5e308, 1.5e308, -1.5e308, 1.5e308};
        double[] small = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            small[i] = y[i] / 1e300;
        }
        ConvergenceResult huge = ConvergenceTest.test(x, y, null, 95, 5);
        ConvergenceResult plain = ConvergenceTest.test(x, small, null, 95, 5);
        assertThat(huge.fit().slope()).isFinite().isEqualTo(plain.fit().slope());
        assertThat(huge.converged()).isEqualTo(plain.converged());
        assertThat(ConvergenceTest.normalize(new double[] {Double.MAX_VALUE, 0, -Double.MAX_VALUE},
                -Double.MAX_VALUE, Double.MAX_VALUE)).containsExactly(1, 0, -1);
        // Ordinary values keep the reference's order of operations.
        assertThat(ConvergenceTest.normalize(new double[] {0.3}, 0.1, 0.7)).containsExactly((2 * 0.3 - (0.1 + 0.7)) / (0.7 - 0.1));
    }

    @Test
    void steepTrendFails() {
        double[] y = X.clone();
        ConvergenceResult result = ConvergenceTest.test(X, y, null, 95, 5);
        assertThat(result.converged()).isFalse();
        assertThat(result.fit().slope()).isEqualTo(1.0);
        assertThat(result.tolerance()).isEqualTo(5);
    }

    @Test
    void nanValuesAreDroppedWithTheirAbscissaAndCounted() {
        double[] y = {1, Double.NaN, 1.1, 0.9, Double.NaN, 1, 1.05, 0.95, 1, 1};
        ConvergenceResult result = ConvergenceTest.test(X, y, ValueRange.of(0, 2), 95, 5);
        assertThat(result.points()).isEqualTo(8);
        assertThat(result.droppedNaN()).isEqualTo(2);
        assertThat(result.fit().points()).isEqualTo(8);
        double[] x2 = X.clone();
        x2[0] = Double.NaN;
        assertThat(ConvergenceTest.test(x2, y, null, 95, 5).droppedNaN()).isEqualTo(3);
    }

    @Test
    void rejectsInvalidArguments() {
        assertThatThrownBy(() -> ConvergenceTest.test(new double[] {1, 2}, new double[] {Double.NaN, 1}, null, 95, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 2")
                .hasMessageContaining("1 dropped");
        assertThatThrownBy(() -> ConvergenceTest.test(X, new double[] {1}, null, 95, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same length");
        assertThatThrownBy(() -> ConvergenceTest.test(new double[] {1, 2}, new double[] {1, Double.NEGATIVE_INFINITY},
                null, 95, 5)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("finite");
        assertThatThrownBy(() -> ConvergenceTest.test(X, X, null, 95, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tolerance");
        assertThatThrownBy(() -> ConvergenceTest.test(X, X, null, -1, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("confidence");
        assertThatThrownBy(() -> ConvergenceTest.test(X, X, 5, 4, 95, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("yLow");
        assertThatThrownBy(() -> ConvergenceTest.test(null, X, null, 95, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x");
    }

    @Test
    void usesEveryPairBeyondOneHundredPoints() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(3L);
        int n = 1500;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = 50 + rng.nextDouble();
        }
        ConvergenceResult first = ConvergenceTest.test(x, y, null, 95, 5);
        ConvergenceResult second = ConvergenceTest.test(x, y, null, 95, 5);
        assertThat(first).isEqualTo(second);
        assertThat(first.fit().slopes()).isEqualTo((long) n * (n - 1) / 2);
        assertThat(first.fit().lowSlope()).isLessThan(first.fit().slope());
        assertThat(first.fit().highSlope()).isGreaterThan(first.fit().slope());
    }
}
