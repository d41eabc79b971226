package org.triscale.engine.independence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.triscale.engine.CheckResult;

class LjungBoxTestTest {

    @Test
    void lagRuleIsRoundedNaturalLogarithm() {
        assertThat(LjungBoxTest.lags(3)).isEqualTo(1);
        assertThat(LjungBoxTest.lags(4)).isEqualTo(1);
        assertThat(LjungBoxTest.lags(5)).isEqualTo(2);
        assertThat(LjungBoxTest.lags(12)).isEqualTo(2);
        assertThat(LjungBoxTest.lags(13)).isEqualTo(3);
        assertThat(LjungBoxTest.lags(33)).isEqualTo(3);
        assertThat(LjungBoxTest.lags(34)).isEqualTo(4);
        assertThat(LjungBoxTest.lags(90)).isEqualTo(4);
        assertThat(LjungBoxTest.lags(91)).isEqualTo(5);
        assertThat(LjungBoxTest.lags(200)).isEqualTo(5);
    }

    @Test
    void statisticOfSmallSeriesComputedByHand() {
        // 1 3 2 5 4: deviations -2 0 -1 2 1, sum of squares 10, lag-1 products sum to 0, lag-2 to 1:
        // r1 = 0, r2 = 0.1, Q = 5 * 7 * (0 / 4 + 0.01 / 3) = 7/60.
        assertThat(LjungBoxTest.statistic(new double[] {1, 3, 2, 5, 4}, 2)).isCloseTo(7.0 / 60, within(1e-15));
        // 1..8: deviations -3.5..3.5, sum of squares 42, lag sums 26.25 and 11.5:
        // Q = 8 * 10 * ((26.25/42)^2 / 7 + (11.5/42)^2 / 6).
        double[] ramp = {1, 2, 3, 4, 5, 6, 7, 8};
        double q = 80 * (Math.pow(26.25 / 42, 2) / 7 + Math.pow(11.5 / 42, 2) / 6);
        assertThat(LjungBoxTest.statistic(ramp, 2)).isCloseTo(q, withinPercentage(1e-12));
        assertThat(q).isCloseTo(5.463907785336357, withinPercentage(1e-12));
        // Chi-square with 2 degrees of freedom: survival exp(-Q/2).
        assertThat(LjungBoxTest.asymptoticPValue(ramp)).isCloseTo(Math.exp(-q / 2), withinPercentage(1e-9));
        CheckResult r = LjungBoxTest.test(ramp, 0.05);
        assertThat(r.statistic()).isCloseTo(q, withinPercentage(1e-12));
    }

    @Test
    void exactPermutationPValueForUpToSixValuesMatchesBruteForce() {
        double[][] series = {
            {1, 3, 2, 5, 4}, {1, 2, 3, 4, 5}, {0.5, -1.2, 3.3, 0.1, 2.8, -0.7}, {1, 1, 2, 2, 1, 2}, {4, 1, 4, 1, 4},
            {2, 7, 1}, {3, 1, 2, 4},
        };
        for (double[] x : series) {
            assertThat(LjungBoxTest.pValue(x)).as(java.util.Arrays.toString(x))
                    .isCloseTo(bruteForcePValue(x), within(1e-12));
        }
    }

    @Test
    void randomPermutationPValueIsCloseToTheExactOne() {
        double[][] series = {
            {0.3, 1.9, -0.4, 2.2, 0.8, -1.1, 0.5, 1.4}, {1, 2, 3, 4, 5, 6, 7, 8}, {1, 0, 1, 0, 1, 0, 1, 1},
            {5.1, 4.8, 5.0, 5.6, 5.5, 5.9, 4.7, 4.9},
        };
        for (double[] x : series) {
            double exact = bruteForcePValue(x);
            double p = LjungBoxTest.pValue(x);
            double se = Math.sqrt(exact * (1 - exact) / LjungBoxTest.PERMUTATIONS);
            assertThat(p).as(java.util.Arrays.toString(x)).isCloseTo(exact, within(4 * se + 0.002));
        }
    }

    @Test
    void resultIsDeterministic() {
        double[] x = {0.3, 1.9, -0.4, 2.2, 0.8, -1.1, 0.5, 1.4, -0.2, 0.9, 1.7, -0.6};
        CheckResult first = LjungBoxTest.test(x, 0.05);
        assertThat(LjungBoxTest.test(x.clone(), 0.05)).isEqualTo(first);
        assertThat(first.statistic()).isCloseTo(3.535474626227482, withinPercentage(1e-12));
        assertThat(first.passed()).isTrue();
        assertThat(first.description()).matches("no serial dependence \\(Ljung–Box Q = 3\\.54 at lags 1–2, permutation"
                + " p = 0\\.\\d+ > α = 0\\.05, n = 12\\)");
    }

    @Test
    void detectsAlternationAndTrendsAndDescribesThem() {
        double[] alternating = new double[20];
        double[] ramp = new double[20];
        for (int i = 0; i < 20; i++) {
            alternating[i] = i % 2;
            ramp[i] = i;
        }
        CheckResult a = LjungBoxTest.test(alternating, 0.025);
        assertThat(a.passed()).isFalse();
        assertThat(a.pValue()).isEqualTo(1.0 / (LjungBoxTest.PERMUTATIONS + 1));
        assertThat(a.description()).startsWith("serial dependence detected: the values are autocorrelated"
                + " (lag-1 autocorrelation -0.95) (Ljung–Box Q = ").contains("at lags 1–3").contains("≤ α = 0.025");
        CheckResult r = LjungBoxTest.test(ramp, 0.025);
        assertThat(r.passed()).isFalse();
        assertThat(r.description()).contains("lag-1 autocorrelation 0.85");
    }

    @Test
    void constantValuesPassWithoutNaN() {
        CheckResult r = LjungBoxTest.test(new double[] {0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, 0.05);
        assertThat(r.passed()).isTrue();
        assertThat(r.statistic()).isZero();
        assertThat(r.pValue()).isEqualTo(1.0);
        assertThat(r.description()).contains("all 10 values are equal").contains("no variation");
        assertThat(LjungBoxTest.asymptoticPValue(new double[] {2, 2, 2})).isEqualTo(1.0);
    }

    @Test
    void twoValuedAndHeavilyTiedData() {
        double[] oneOutlier = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
        CheckResult r = LjungBoxTest.test(oneOutlier, 0.05);
        // Every ordering of one 1 among nine 0s has a Q at least as large unless the 1 is inside.
        assertThat(r.passed()).isTrue();
        assertThat(r.pValue()).isBetween(0.0, 1.0);
        assertThat(Double.isFinite(r.statistic())).isTrue();
        double[] twoValued = {1, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0};
        assertThat(LjungBoxTest.test(twoValued, 0.05).passed()).isTrue();
    }

    @Test
    void minimumNumberOfValuesIsAcceptedAndSaysItCannotFail() {
        // With 3 values the lag-1 sum of products is -d², d the deviation of the middle value: the
        // largest Q puts 1 or 3 in the middle (4 of 6 orderings), the smallest (Q = 0) puts 2 there.
        CheckResult three = LjungBoxTest.test(new double[] {1, 3, 2}, 0.05);
        assertThat(three.passed()).isTrue();
        assertThat(three.pValue()).isCloseTo(4.0 / 6, within(1e-15));
        assertThat(three.description()).contains("exact permutation p = 0.67")
                .contains("with 3 values no order is significant at this α (smallest possible p = 0.67)");
        assertThat(LjungBoxTest.test(new double[] {1, 2, 3}, 0.05).pValue()).isEqualTo(1.0);
        assertThat(LjungBoxTest.test(new double[] {1, 2, 3, 4}, 0.05).description())
                .contains("smallest possible p = 0.083");
    }

    @Test
    void scaleDoesNotMatterAndExtremeValuesDoNotOverflow() {
        double[] x = {0.3, 1.9, -0.4, 2.2, 0.8, -1.1, 0.5, 1.4, -0.2, 0.9, 1.7, -0.6};
        double[] huge = new double[x.length];
        double[] tiny = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            huge[i] = Math.scalb(x[i], 1000);
            tiny[i] = Math.scalb(x[i], -1000);
        }
        CheckResult reference = LjungBoxTest.test(x, 0.05);
        assertThat(LjungBoxTest.test(huge, 0.05)).isEqualTo(reference);
        assertThat(LjungBoxTest.test(tiny, 0.05)).isEqualTo(reference);
        CheckResult extreme = LjungBoxTest.test(new double[] {-Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
            Double.MAX_VALUE, 0, 1}, 0.05);
        assertThat(Double.isFinite(extreme.statistic())).isTrue();
        assertThat(extreme.pValue()).isBetween(0.0, 1.0);
    }

    @Test
    void rejectsTooFewValues() {
        assertThatThrownBy(() -> LjungBoxTest.test(new double[] {1, 2}, 0.05))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("values has 2 value(s)").hasMessageContaining("at least 3");
        assertThatThrownBy(() -> LjungBoxTest.test(null, 0.05))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values must not be null");
    }

    @Test
    void rejectsNaNAndInfinities() {
        assertThatThrownBy(() -> LjungBoxTest.test(new double[] {1, 2, Double.NaN, 4}, 0.05))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("values[2] is NaN").hasMessageContaining("drop NaN");
        assertThatThrownBy(() -> LjungBoxTest.test(new double[] {1, 2, 3, Double.NEGATIVE_INFINITY}, 0.05))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values[3] is -Infinity");
        assertThatThrownBy(() -> LjungBoxTest.asymptoticPValue(new double[] {Double.POSITIVE_INFINITY, 1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values[0] is Infinity");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 1, -0.05, 1.5, Double.NaN, Double.NEGATIVE_INFINITY})
    void rejectsAlphaOutsideTheOpenUnitInterval(double alpha) {
        assertThatThrownBy(() -> LjungBoxTest.test(new double[] {1, 2, 3, 4}, alpha))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alpha must be in the open interval (0, 1), got " + alpha);
    }

    /** Exact permutation p-value from all n! orderings, Q computed from the textbook formula. */
    static double bruteForcePValue(double[] x) {
        int h = LjungBoxTest.lags(x.length);
        double observed = textbookQ(x, h);
        int[] counts = new int[2];
        permute(x.clone(), 0, h, observed * (1 - 1e-9), counts);
        return counts[0] / (double) counts[1];
    }

    private static void permute(double[] a, int from, int h, double threshold, int[] counts) {
        if (from == a.length) {
            counts[0] += textbookQ(a, h) >= threshold ? 1 : 0;
            counts[1]++;
            return;
        }
        for (int i = from; i < a.length; i++) {
            double t = a[from];
            a[from] = a[i];
            a[i] = t;
            permute(a, from + 1, h, threshold, counts);
            a[i] = a[from];
            a[from] = t;
        }
    }

    /** Q = n(n+2) sum_k r_k^2 / (n-k), r_k = sum (x_t - mean)(x_{t+k} - mean) / sum (x_t - mean)^2. */
    private static double textbookQ(double[] x, int h) {
        int n = x.length;
        double mean = 0;
        for (double v : x) {
            mean += v / n;
        }
        double c0 = 0;
        for (double v : x) {
            c0 += (v - mean) * (v - mean);
        }
        double q = 0;
        for (int k = 1; k <= h; k++) {
            double ck = 0;
            for (int t = 0; t + k < n; t++) {
                ck += (x[t] - mean) * (x[t + k] - mean);
            }
            q += (ck / c0) * (ck / c0) / (n - k);
        }
        return n * (n + 2.0) * q;
    }
}
