package org.triscale.engine.trend;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Theil–Sen against a brute-force reference, on both computation paths, and its edge cases. */
class TheilSenTest {

    @Test
    void matchesBruteForceOnRandomInputsWithTies() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(20240611L);
        for (int trial = 0; trial < 400; trial++) {
            int n = 2 + rng.nextInt(60);
            double[] x = new double[n];
            double[] y = new double[n];
            int xLevels = 2 + rng.nextInt(n + 3);
            int yLevels = 1 + rng.nextInt(n + 3);
            for (int i = 0; i < n; i++) {
                x[i] = rng.nextInt(xLevels) * 0.5;
                y[i] = rng.nextInt(yLevels) * 0.25 - 3;
            }
            if (allEqual(x)) {
                x[0] += 1;
            }
            double confidence = new double[] {50, 75, 90, 95, 99}[rng.nextInt(5)];
            TheilSenFit fit = TheilSen.fit(x, y, confidence);
            double[] expected = bruteForce(x, y, confidence);
            String where = "trial " + trial + " n=" + n;
            assertThat(Double.doubleToLongBits(fit.slope())).as(where + " slope").isEqualTo(Double.doubleToLongBits(expected[0]));
            assertThat(Double.doubleToLongBits(fit.intercept())).as(where + " intercept").isEqualTo(Double.doubleToLongBits(expected[1]));
            assertThat(Double.doubleToLongBits(fit.lowSlope())).as(where + " low").isEqualTo(Double.doubleToLongBits(expected[2]));
            assertThat(Double.doubleToLongBits(fit.highSlope())).as(where + " high").isEqualTo(Double.doubleToLongBits(expected[3]));
            assertThat(fit.slopes()).as(where + " count").isEqualTo((long) expected[4]);
            if (!Double.isNaN(fit.lowSlope())) {
                assertThat(fit.lowSlope()).as(where).isLessThanOrEqualTo(fit.slope());
                assertThat(fit.highSlope()).as(where).isGreaterThanOrEqualTo(fit.slope());
            }
        }
    }

    @Test
    void selectionPathGivesTheSameFitAsSorting() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(7L);
        for (int trial = 0; trial < 60; trial++) {
            int n = 2 + rng.nextInt(120);
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = trial % 2 == 0 ? i : rng.nextInt(n / 2 + 2);
                y[i] = trial % 3 == 0 ? rng.nextInt(5) : rng.nextDouble() * 100;
            }
            if (allEqual(x)) {
                x[0] += 1;
            }
            TheilSenFit sorted = TheilSen.compute(x, y, 95, Integer.MAX_VALUE);
            TheilSenFit selected = TheilSen.compute(x, y, 95, 0);
            assertThat(selected).as("trial " + trial).isEqualTo(sorted);
        }
    }

    @Test
    void exactLine() {
        double[] x = {0, 1, 2, 3, 4, 5};
        double[] y = {1, 3, 5, 7, 9, 11};
        TheilSenFit fit = TheilSen.fit(x, y, 95);
        assertThat(fit.slope()).isEqualTo(2.0);
        assertThat(fit.intercept()).isEqualTo(1.0);
        assertThat(fit.lowSlope()).isEqualTo(2.0);
        assertThat(fit.highSlope()).isEqualTo(2.0);
        assertThat(fit.points()).isEqualTo(6);
        assertThat(fit.slopes()).isEqualTo(15);
        assertThat(fit.confidence()).isEqualTo(95);
    }

    @Test
    void constantDataHasZeroSlope() {
        TheilSenFit fit = TheilSen.fit(new double[] {3, 1, 2, 5}, new double[] {7, 7, 7, 7}, 95);
        assertThat(fit.slope()).isZero();
        assertThat(fit.lowSlope()).isZero();
        assertThat(fit.highSlope()).isZero();
        assertThat(fit.intercept()).isEqualTo(7.0);
    }

    @Test
    void twoPointsGiveTheirSlope() {
        TheilSenFit fit = TheilSen.fit(new double[] {1, 3}, new double[] {1, 2}, 95);
        assertThat(fit.slope()).isEqualTo(0.5);
        assertThat(fit.lowSlope()).isEqualTo(0.5);
        assertThat(fit.highSlope()).isEqualTo(0.5);
    }

    @Test
    void nanInputsFollowScipy() {
        // All-NaN ordinates (a constant series normalised by 0/0): every output is NaN.
        TheilSenFit fit = TheilSen.compute(new double[] {0, 1, 2}, new double[] {Double.NaN, Double.NaN, Double.NaN},
                95, TheilSen.QUADRATIC_LIMIT);
        assertThat(fit.slope()).isNaN();
        assertThat(fit.intercept()).isNaN();
        assertThat(fit.lowSlope()).isNaN();
        assertThat(fit.highSlope()).isNaN();
        // No pair with distinct x: no slope at all.
        TheilSenFit none = TheilSen.compute(new double[] {1, 1}, new double[] {1, 2}, 95, TheilSen.QUADRATIC_LIMIT);
        assertThat(none.slopes()).isZero();
        assertThat(none.slope()).isNaN();
        assertThat(none.lowSlope()).isNaN();
    }

    @Test
    void rejectsInvalidArguments() {
        assertThatThrownBy(() -> TheilSen.fit(new double[] {1}, new double[] {1}, 95))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 2");
        assertThatThrownBy(() -> TheilSen.fit(new double[] {1, 1}, new double[] {1, 2}, 95))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("distinct");
        assertThatThrownBy(() -> TheilSen.fit(new double[] {1, 2}, new double[] {1, Double.NaN}, 95))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y[1]");
        assertThatThrownBy(() -> TheilSen.fit(new double[] {1, Double.POSITIVE_INFINITY}, new double[] {1, 2}, 95))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x[1]");
        assertThatThrownBy(() -> TheilSen.fit(new double[] {1, 2}, new double[] {1, 2, 3}, 95))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same length");
        assertThatThrownBy(() -> TheilSen.fit(null, new double[] {1, 2}, 95))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x");
        assertThatThrownBy(() -> TheilSen.fit(new double[] {1, 2}, new double[] {1, 2}, 100))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("confidence");
    }

    @Test
    void senIntervalCoversTheTrueSlope() {
        // Seeded Monte Carlo: the 90 % interval of the slope of y = 0.3x + noise covers 0.3 at
        // least 90 % of the time (minus three standard errors).
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(11L);
        NormalDistribution.Sampler noise = NormalDistribution.of(0, 1).createSampler(rng);
        int replications = 2000;
        int n = 30;
        int covered = 0;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int r = 0; r < replications; r++) {
            for (int i = 0; i < n; i++) {
                x[i] = i;
                y[i] = 0.3 * i + noise.sample();
            }
            TheilSenFit fit = TheilSen.fit(x, y, 90);
            if (fit.lowSlope() <= 0.3 && 0.3 <= fit.highSlope()) {
                covered++;
            }
        }
        double se = Math.sqrt(0.9 * 0.1 / replications);
        assertThat(covered / (double) replications).isGreaterThanOrEqualTo(0.9 - 3 * se);
    }

    /** An independent, slow implementation of scipy's theilslopes(method="separate"). */
    private static double[] bruteForce(double[] x, double[] y, double confidence) {
        List<Double> slopes = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
                if (x[i] > x[j]) {
                    slopes.add((y[i] - y[j]) / (x[i] - x[j]));
                } else if (x[j] > x[i]) {
                    slopes.add((y[j] - y[i]) / (x[j] - x[i]));
                }
            }
        }
        Collections.sort(slopes);
        int count = slopes.size();
        double slope = median(slopes);
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            xs.add(x[i]);
            ys.add(y[i]);
        }
        Collections.sort(xs);
        Collections.sort(ys);
        double intercept = median(ys) - slope * median(xs);
        long n = x.length;
        long s = n * (n - 1) * (2 * n + 5) - ties(x) - ties(y);
        double sigma = Math.sqrt(s / 18.0);
        double a = confidence / 100;
        if (a > 0.5) {
            a = 1 - a;
        }
        double z = NormalDistribution.of(0, 1).inverseCumulativeProbability(a / 2);
        if (Double.isNaN(sigma)) {
            // Heavy ties can make σ² negative: SciPy then gives no interval.
            return new double[] {slope, intercept, Double.NaN, Double.NaN, count};
        }
        int high = (int) Math.min(Math.rint((count - z * sigma) / 2), count - 1);
        int low = (int) Math.max(Math.rint((count + z * sigma) / 2) - 1, 0);
        return new double[] {slope, intercept, slopes.get(low), slopes.get(high), count};
    }

    private static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static long ties(double[] values) {
        Map<Double, Long> counts = new HashMap<>();
        for (double v : values) {
            counts.merge(v, 1L, Long::sum);
        }
        long sum = 0;
        for (long t : counts.values()) {
            sum += t * (t - 1) * (2 * t + 5);
        }
        return sum;
    }

    private static boolean allEqual(double[] values) {
        for (double v : values) {
            if (v != values[0]) {
                return false;
            }
        }
        return true;
    }
}
