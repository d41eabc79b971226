package org.triscale.engine.trend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.triscale.engine.CheckResult;

class MannKendallTestTest {

    @Test
    void exactPValuesOfSmallSeriesDerivedByHand() {
        // n = 4, sorted: S = 6, only the sorted and reversed orderings reach |S| = 6: p = 2/24.
        assertResult(new double[] {1, 2, 3, 4}, 6, 2.0 / 24);
        // n = 5: S = 10, p = 2/120; one inversion: S = 8, P(|S| >= 8) = 2 (1 + 4) / 120.
        assertResult(new double[] {1, 2, 3, 4, 5}, 10, 2.0 / 120);
        assertResult(new double[] {5, 4, 3, 2, 1}, -10, 2.0 / 120);
        assertResult(new double[] {1, 2, 3, 5, 4}, 8, 10.0 / 120);
        // n = 6, two inversions: S = 11, P(|S| >= 11) = 2 (1 + 5 + 14) / 720 (Mahonian numbers).
        assertResult(new double[] {2, 1, 3, 4, 6, 5}, 11, 40.0 / 720);
        // n = 3 with one tie: orderings 112, 121, 211 have S = 2, 0, -2.
        assertResult(new double[] {1, 1, 2}, 2, 2.0 / 3);
    }

    @Test
    void exactPValueEqualsScipyExactKendallTau() {
        // scipy.stats.kendalltau(range(10), x, method="exact"): tau = 7/9, p = 0.0009463183421516755.
        double[] x = {3.1, 2.4, 5.0, 4.2, 6.3, 5.9, 7.7, 6.1, 8.4, 9.0};
        CheckResult r = MannKendallTest.test(x, 0.05);
        assertThat(r.statistic()).isEqualTo(35);
        assertThat(r.pValue()).isCloseTo(0.0009463183421516755, withinPercentage(1e-9));
        assertThat(r.passed()).isFalse();
        assertThat(r.description()).startsWith("monotonic trend detected: the values tend to increase")
                .contains("exact p = 0.00095 ≤ α = 0.05").contains("n = 10");
    }

    @Test
    void normalApproximationWithContinuityCorrectionAboveTwentyValues() {
        // n = 25 distinct values: S = 166, Var(S) = 25 * 24 * 55 / 18, p = 2 (1 - Phi((166 - 1) / sd)).
        double[] x = {12, 9, 14, 11, 15, 10, 13, 17, 16, 8, 18, 19, 7, 20, 21, 22, 6, 23, 24, 25, 5, 26, 27, 28, 29};
        CheckResult r = MannKendallTest.test(x, 0.025);
        assertThat(r.statistic()).isEqualTo(166);
        assertThat(r.pValue()).isCloseTo(1.1640806991178375e-4, withinPercentage(1e-7));
        assertThat(r.description()).contains("p ≈ 0.00012 ≤ α = 0.025");
    }

    @Test
    void normalApproximationUsesTheTieCorrectedVariance() {
        // x_i = i mod 7 + floor(i / 10), i = 0..29: tie groups 2,3,5,4,4,4,4,2,2; S = 141,
        // Var(S) = (30 * 29 * 65 - sum t(t-1)(2t+5)) / 18 = 3083.67, p = 2 (1 - Phi(140 / sd)).
        double[] x = new double[30];
        for (int i = 0; i < 30; i++) {
            x[i] = i % 7 + i / 10;
        }
        CheckResult r = MannKendallTest.test(x, 0.025);
        assertThat(r.statistic()).isEqualTo(141);
        assertThat(r.pValue()).isCloseTo(0.01169803971794277, withinPercentage(1e-7));
        assertThat(r.passed()).isFalse();
        assertThat(MannKendallTest.test(x, 0.01).passed()).isTrue();
    }

    @Test
    void passingDescriptionReadsWell() {
        CheckResult r = MannKendallTest.test(new double[] {3, 1, 4, 1.5, 5, 9, 2, 6, 5.3, 3.5}, 0.025);
        assertThat(r.name()).isEqualTo("mann-kendall");
        assertThat(r.passed()).isTrue();
        assertThat(r.description()).matches("no monotonic trend \\(Mann–Kendall S = \\d+, exact p = 0\\.\\d+ > α = 0\\.025,"
                + " n = 10\\)");
    }

    @Test
    void constantValuesPassWithoutNaN() {
        CheckResult r = MannKendallTest.test(new double[] {7, 7, 7, 7, 7, 7}, 0.05);
        assertThat(r.passed()).isTrue();
        assertThat(r.statistic()).isZero();
        assertThat(r.pValue()).isEqualTo(1.0);
        assertThat(r.description()).contains("all 6 values are equal").contains("no variation");
        // 0.0 and -0.0 are the same value.
        assertThat(MannKendallTest.test(new double[] {0.0, -0.0, 0.0}, 0.05).description()).contains("all 3 values");
        double[] many = new double[500];
        java.util.Arrays.fill(many, 1e-300);
        assertThat(MannKendallTest.test(many, 0.05).pValue()).isEqualTo(1.0);
    }

    @Test
    void twoValuedAndHeavilyTiedDataUseTheExactDistribution() {
        // 000111: C(6,3) = 20 orderings, S = 9 reached by 2 of them; p = 0.1 is the smallest possible.
        CheckResult three = MannKendallTest.test(new double[] {0, 0, 0, 1, 1, 1}, 0.05);
        assertThat(three.statistic()).isEqualTo(9);
        assertThat(three.pValue()).isEqualTo(0.1);
        assertThat(three.passed()).isTrue();
        assertThat(three.description()).contains("no order is significant at this α (smallest possible p = 0.1)");
        // 0000011111: C(10,5) = 252 orderings, p = 2/252.
        CheckResult five = MannKendallTest.test(new double[] {0, 0, 0, 0, 0, 1, 1, 1, 1, 1}, 0.025);
        assertThat(five.pValue()).isEqualTo(2.0 / 252);
        assertThat(five.passed()).isFalse();
        // Nine equal values and one larger at the end: 10 orderings, S = 9, p = 2/10.
        double[] nine = {1, 1, 1, 1, 1, 1, 1, 1, 1, 2};
        assertThat(MannKendallTest.test(nine, 0.05).pValue()).isEqualTo(0.2);
        // 1 and 99 tied values: exact even at n = 100 (100 orderings).
        double[] late = new double[100];
        late[99] = 1;
        assertThat(MannKendallTest.test(late, 0.05).description()).contains("exact p = 0.02");
    }

    @Test
    void minimumNumberOfValuesIsAcceptedAndSaysItCannotFail() {
        CheckResult r = MannKendallTest.test(new double[] {1, 2, 3}, 0.05);
        assertThat(r.passed()).isTrue();
        assertThat(r.pValue()).isCloseTo(1.0 / 3, within(1e-15));
        assertThat(r.description()).contains("with 3 values no order is significant at this α"
                + " (smallest possible p = 0.33)");
        assertThat(MannKendallTest.test(new double[] {1, 2, 3, 4}, 0.05).description())
                .contains("smallest possible p = 0.083");
        assertThat(MannKendallTest.test(new double[] {1, 2, 3, 4, 5}, 0.05).passed()).isFalse();
    }

    @Test
    void extremeFiniteValues() {
        assertThat(MannKendallTest.test(new double[] {-Double.MAX_VALUE, 0, Double.MAX_VALUE}, 0.5).statistic())
                .isEqualTo(3);
        assertThat(MannKendallTest.test(new double[] {Double.MIN_VALUE, 0, -Double.MIN_VALUE}, 0.5).statistic())
                .isEqualTo(-3);
    }

    @Test
    void rejectsTooFewValues() {
        assertThatThrownBy(() -> MannKendallTest.test(new double[] {1, 2}, 0.05))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("values has 2 value(s)").hasMessageContaining("at least 3");
        assertThatThrownBy(() -> MannKendallTest.test(new double[0], 0.05))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values has 0 value(s)");
        assertThatThrownBy(() -> MannKendallTest.test(null, 0.05))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values must not be null");
    }

    @Test
    void rejectsNaNAndInfinities() {
        assertThatThrownBy(() -> MannKendallTest.test(new double[] {1, Double.NaN, 3, 4}, 0.05))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("values[1] is NaN").hasMessageContaining("drop NaN");
        assertThatThrownBy(() -> MannKendallTest.test(new double[] {1, 2, 3, Double.POSITIVE_INFINITY}, 0.05))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values[3] is Infinity");
        assertThatThrownBy(() -> MannKendallTest.test(new double[] {Double.NEGATIVE_INFINITY, 2, 3}, 0.05))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values[0] is -Infinity");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 1, -0.05, 1.5, Double.NaN, Double.POSITIVE_INFINITY})
    void rejectsAlphaOutsideTheOpenUnitInterval(double alpha) {
        assertThatThrownBy(() -> MannKendallTest.test(new double[] {1, 2, 3, 4}, alpha))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alpha must be in the open interval (0, 1), got " + alpha);
    }

    @Test
    void longSeriesScoreThroughRanksEqualsThePairwiseDefinition() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(2026);
        for (int trial = 0; trial < 40; trial++) {
            int n = MannKendallTest.DIRECT_SCORE_LIMIT + 1 + random.nextInt(2_000);
            int distinct = trial % 4 == 0 ? 2 : trial % 4 == 1 ? 17 : 1_000_000;
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                double v = random.nextInt(distinct) + (trial % 4 == 2 ? 0.001 * i : 0);
                x[i] = trial % 5 == 0 && v == 0 ? -0.0 : v; // -0.0 and 0.0 are one value
            }
            assertThat(MannKendallTest.score(x)).as("trial %d, n = %d", trial, n)
                    .isEqualTo(MannKendallTest.directScore(x));
        }
    }

    @Test
    void pValueAloneMatchesTheResult() {
        double[] x = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3};
        assertThat(MannKendallTest.pValue(x)).isEqualTo(MannKendallTest.test(x, 0.05).pValue());
    }

    private static void assertResult(double[] x, long s, double p) {
        CheckResult r = MannKendallTest.test(x, 0.5);
        assertThat(r.statistic()).as("S of %s", java.util.Arrays.toString(x)).isEqualTo(s);
        assertThat(r.pValue()).as("p of %s", java.util.Arrays.toString(x)).isCloseTo(p, within(1e-15));
        assertThat(r.passed()).isEqualTo(p > 0.5);
    }
}
