package org.triscale.engine.analysis;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.triscale.engine.ValueRange;
import org.triscale.engine.numeric.PairwiseSum;

import java.util.Arrays;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

/** Run metrics: the window algorithm against a brute-force reference, and the edge cases. */
class RunMetricsTest {

    @Test
    void windowsMatchBruteForce() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(42L);
        Measure[] measures = {Measure.percentile(50), Measure.percentile(95), Measure.percentile(1),
            Measure.percentile(33.3), Measure.percentile(99.9), Measure.mean(), Measure.minimum(), Measure.maximum()};
        for (int trial = 0; trial < 92; trial++) {
            int n = 2 + rng.nextInt(trial < 80 ? 400 : 5000);
            double[] x = new double[n];
            double[] y = new double[n];
            int levels = 1 + rng.nextInt(50);
            for (int i = 0; i < n; i++) {
                x[i] = i * 0.01;
                y[i] = trial % 2 == 0 ? rng.nextInt(levels) : rng.nextDouble() * 10 + i * 0.001;
            }
            for (Measure measure : measures) {
                Windows windows = Windows.of(x, y, measure);
                double[][] expected = bruteForceWindows(x, y, measure);
                assertThat(windows.x).as("trial %d n=%d %s x", trial, n, measure).containsExactly(expected[0]);
                assertThat(windows.y).as("trial %d n=%d %s y", trial, n, measure).containsExactly(expected[1]);
            }
        }
    }

    @Test
    void leadingRowsOfLongerArraysGiveTheSameMetricAsExactArrays() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(7L);
        Measure[] measures = {Measure.percentile(95), Measure.percentile(50), Measure.mean(), Measure.minimum(),
            Measure.maximum()};
        for (int trial = 0; trial < 20; trial++) {
            int n = 2 + rng.nextInt(trial < 10 ? 50 : 3000);
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = i * 0.01;
                y[i] = trial % 5 == 0 && i % 7 == 3 ? Double.NaN : 40 + 20 * rng.nextDouble();
            }
            // The spare tail holds values that would change every measure and fail the argument checks.
            double[] longX = Arrays.copyOf(x, n + 1 + rng.nextInt(100));
            double[] longY = Arrays.copyOf(y, longX.length);
            Arrays.fill(longX, n, longX.length, Double.POSITIVE_INFINITY);
            Arrays.fill(longY, n, longY.length, -1e300);
            double[] yBefore = longY.clone();
            for (Measure measure : measures) {
                for (ConvergenceSpec convergence : new ConvergenceSpec[] {null, ConvergenceSpec.DEFAULT}) {
                    RunMetric exact = RunMetrics.compute(x, y, measure, new ValueRange(0, 100), convergence);
                    RunMetric prefix = RunMetrics.compute(longX, longY, n, measure, new ValueRange(0, 100),
                            convergence);
                    assertThat(prefix).as("trial %d n=%d %s %s", trial, n, measure, convergence).isEqualTo(exact);
                }
            }
            assertThat(longY).as("the caller's array is not modified").containsExactly(yBefore);
        }
    }

    @Test
    void aRowCountOutsideTheArraysIsRefused() {
        double[] values = {1, 2, 3};
        assertThatThrownBy(() -> RunMetrics.compute(values, values, 4, Measure.mean(), null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("row count is 4").hasMessageContaining("from 0 to 3");
        assertThatThrownBy(() -> RunMetrics.compute(values, values, -1, Measure.mean(), null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row count is -1");
    }

    @Test
    void nearestRankRoundsHalfToEven() {
        double[] y = new double[50];
        for (int i = 0; i < 50; i++) {
            y[i] = 49 - i;
        }
        // (50 − 1)·0.5 = 24.5 rounds to 24: the 25th smallest value.
        assertThat(RunMetrics.compute(y, Measure.percentile(50)).value()).isEqualTo(24);
        assertThat(RunMetrics.compute(new double[] {3, 1, 2}, Measure.percentile(75)).value()).isEqualTo(3);
        assertThat(RunMetrics.compute(new double[] {3, 1, 2}, Measure.minimum()).value()).isEqualTo(1);
        assertThat(RunMetrics.compute(new double[] {3, 1, 2}, Measure.maximum()).value()).isEqualTo(3);
        assertThat(RunMetrics.compute(new double[] {3, 1, 2}, Measure.mean()).value()).isEqualTo(2);
    }

    @Test
    void nanRowsAreDroppedAndCounted() {
        double[] x = {0, 1, Double.NaN, 3, 4};
        double[] y = {1, Double.NaN, 5, 2, 3};
        RunMetric metric = RunMetrics.compute(x, y, Measure.maximum(), null, null);
        assertThat(metric.valid()).isTrue();
        assertThat(metric.value()).isEqualTo(3);
        assertThat(metric.samples()).isEqualTo(3);
        assertThat(metric.droppedNaN()).isEqualTo(2);
        assertThat(metric.convergence()).isEmpty();
        RunMetric plain = RunMetrics.compute(new double[] {Double.NaN, 2, 4}, Measure.mean());
        assertThat(plain.value()).isEqualTo(3);
        assertThat(plain.droppedNaN()).isEqualTo(1);
    }

    @Test
    void fewerThanTwoSamplesLeaveTheMetricUndefined() {
        RunMetric one = RunMetrics.compute(new double[] {1, Double.NaN}, Measure.mean());
        assertThat(one.valid()).isFalse();
        assertThat(one.value()).isNaN();
        assertThat(one.samples()).isEqualTo(1);
        RunMetric none = RunMetrics.compute(new double[0], new double[0], Measure.percentile(50), null,
                ConvergenceSpec.DEFAULT);
        assertThat(none.valid()).isFalse();
        assertThat(none.convergence()).isEmpty();
    }

    @Test
    void convergedRunReportsTheMedianOfTheWindows() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(1L);
        int n = 2000;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = 100 + rng.nextDouble();
        }
        RunMetric metric = RunMetrics.compute(x, y, Measure.percentile(50), ValueRange.of(0, 200),
                ConvergenceSpec.DEFAULT);
        assertThat(metric.valid()).isTrue();
        assertThat(metric.convergence()).hasValueSatisfying(c -> assertThat(c.converged()).isTrue());
        double[] windows = bruteForceWindows(x, y, Measure.percentile(50))[1];
        Arrays.sort(windows);
        assertThat(metric.value()).isEqualTo(windows[(int) Math.rint((windows.length - 1) * 0.5)]);
        assertThat(metric.convergence().orElseThrow().points()).isEqualTo(100);
    }

    @Test
    void trendingRunDoesNotConverge() {
        int n = 1000;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = i;
        }
        RunMetric metric = RunMetrics.compute(x, y, Measure.mean(), null, ConvergenceSpec.DEFAULT);
        assertThat(metric.valid()).isFalse();
        assertThat(metric.value()).isNaN();
        assertThat(metric.convergence()).hasValueSatisfying(c -> assertThat(c.converged()).isFalse());
    }

    @Test
    void meanOfHugeFiniteSamplesIsFinite() {
        double[] y = new double[10];
        Arrays.fill(y, 0.9 * Double.MAX_VALUE);
        RunMetric metric = RunMetrics.compute(y, Measure.mean());
        assertThat(metric.valid()).isTrue();
        assertThat(metric.value()).isFinite().isCloseTo(0.9 * Double.MAX_VALUE, withinPercentage(1e-12));
    }

    @Test
    void aDefinedMetricIsFinite() {
        assertThatThrownBy(() -> new RunMetric(true, Double.POSITIVE_INFINITY, Measure.mean(), 10, 0,
                Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("metric (mean) is Infinity")
                .hasMessageContaining("must be finite");
        assertThat(new RunMetric(false, Double.NaN, Measure.mean(), 1, 0, Optional.empty()).valid())
                .isFalse();
    }

    @Test
    void finiteExtremesPassThroughTheConvergenceTest() {
        // ±1.5e308 alternating: the window means, the window midpoints and the normalisation all
        // overflowed before ("y[0] is -Infinity").
        int n = 40;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = i % 2 == 0 ? -1.5e308 : 1.5e308;
        }
        for (Measure measure : new Measure[] {Measure.mean(), Measure.percentile(50), Measure.minimum(),
                Measure.maximum()}) {
            RunMetric metric = RunMetrics.compute(x, y, measure, null, ConvergenceSpec.DEFAULT);
            assertThat(metric.valid()).as(measure.toString()).isTrue();
            assertThat(metric.value()).as(measure.toString()).isFinite();
            RunMetric bounded = RunMetrics.compute(x, y, measure, ValueRange.of(-Double.MAX_VALUE, Double.MAX_VALUE),
                    ConvergenceSpec.DEFAULT);
            assertThat(bounded.value()).isEqualTo(metric.value());
        }
        assertThat(RunMetrics.compute(x, y, Measure.percentile(50), null, ConvergenceSpec.DEFAULT).value())
                .isZero();
    }

    @Test
    void windowMidpointIsNumpysLerpUnlessItOverflows() {
        assertThat(Windows.midpoint(0.1, 0.7)).isEqualTo(0.7 - (0.7 - 0.1) * 0.5);
        assertThat(Windows.midpoint(-1.5e308, 1.5e308)).isZero();
        assertThat(Windows.midpoint(-Double.MAX_VALUE, Double.MAX_VALUE / 2)).isEqualTo(-Double.MAX_VALUE / 4);
    }

    @Test
    void rejectsInvalidArguments() {
        assertThatThrownBy(() -> RunMetrics.compute(new double[] {1, 2}, new double[] {1}, Measure.mean(), null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same length");
        assertThatThrownBy(() -> RunMetrics.compute(new double[] {1, Double.POSITIVE_INFINITY}, Measure.mean()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y[1]");
        assertThatThrownBy(() -> RunMetrics.compute(null, Measure.mean()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("y");
        assertThatThrownBy(() -> RunMetrics.compute(new double[] {1, 2}, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("measure");
        assertThatThrownBy(() -> Measure.parse("p95")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Measure.percentile(100)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ConvergenceSpec(95, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Windows computed the slow, obvious way, with numpy's formulas. */
    static double[][] bruteForceWindows(double[] x, double[] y, Measure measure) {
        int n = y.length;
        int count = Math.min(n / 2 + 1, 100);
        int length = n / 2;
        double step = (double) length / (count - 1);
        double[] wx = new double[count];
        double[] wy = new double[count];
        for (int i = 0; i < count; i++) {
            int start = (int) (i * step);
            wx[i] = x[(int) (start + length / 2.0)];
            double[] w = Arrays.copyOfRange(y, start, start + length);
            switch (measure.kind()) {
                case MEAN:
                    wy[i] = PairwiseSum.mean(w);
                    break;
                case MINIMUM:
                    wy[i] = Arrays.stream(w).min().orElseThrow();
                    break;
                case MAXIMUM:
                    wy[i] = Arrays.stream(w).max().orElseThrow();
                    break;
                default:
                    Arrays.sort(w);
                    double v = (length - 1) * (measure.percentile() / 100);
                    double m = 0.5 * (Math.floor(v) + Math.ceil(v));
                    int below = (int) Math.floor(m);
                    if (m == below) {
                        wy[i] = w[below];
                    } else {
                        double a = w[below];
                        double b = w[below + 1];
                        wy[i] = b - (b - a) * 0.5;
                    }
            }
        }
        return new double[][] {wx, wy};
    }

    @Test
    void theCallersSamplesAreLeftAsTheyWere() {
        // Without NaN the samples are read in place, not copied: they must not be reordered.
        double[] x = new double[301];
        double[] y = new double[301];
        for (int i = 0; i < y.length; i++) {
            x[i] = i;
            y[i] = (i * 37) % 101;
        }
        double[] xBefore = x.clone();
        double[] yBefore = y.clone();
        RunMetric alone = RunMetrics.compute(x, y, Measure.percentile(95), null, null);
        RunMetric windowed = RunMetrics.compute(x, y, Measure.percentile(95), new ValueRange(0, 100),
                ConvergenceSpec.DEFAULT);
        assertThat(x).containsExactly(xBefore);
        assertThat(y).containsExactly(yBefore);
        double[] sorted = yBefore.clone();
        Arrays.sort(sorted);
        assertThat(alone.value()).isEqualTo(sorted[(int) Math.rint(300 * 0.95)]);
        assertThat(windowed.samples()).isEqualTo(301);
        assertThat(RunMetrics.compute(x, y, Measure.percentile(95), null, null).value()).isEqualTo(alone.value());
    }
}
