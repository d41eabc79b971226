package org.triscale.engine.bounds;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Edge cases and invariants of the order-statistic bounds; the reference vectors cover TriScale's cases. */
class ThompsonBoundsTest {
    private static final double[] PERCENTILES = {1, 5, 10, 25, 50, 75, 90, 95, 99};
    private static final double[] CONFIDENCES = {50, 75, 90, 95, 99};
    /** Tolerance for comparing the reference's term sums with the regularized-beta tails. */
    private static final double TIE = 1e-10;

    @Test
    void rejectsInvalidArguments() {
        assertThatThrownBy(() -> ThompsonBounds.indices(0, 50, 95, IntervalKind.ONE_SIDED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("n").hasMessageContaining("0");
        assertThatThrownBy(() -> ThompsonBounds.indices(10, 100, 95, IntervalKind.ONE_SIDED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("percentile")
                .hasMessageContaining("(0, 100)");
        assertThatThrownBy(() -> ThompsonBounds.indices(10, Double.NaN, 95, IntervalKind.ONE_SIDED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("percentile");
        assertThatThrownBy(() -> ThompsonBounds.indices(10, 50, 0, IntervalKind.ONE_SIDED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("confidence");
        assertThatThrownBy(() -> ThompsonBounds.indices(10, 50, 95, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kind");
        assertThatThrownBy(() -> ThompsonBounds.lowerCoverage(10, 50, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("index");
    }

    @Test
    void oneSampleHasNoBoundAtHighConfidence() {
        OrderStatisticInterval interval = ThompsonBounds.indices(1, 75, 95, IntervalKind.ONE_SIDED);
        assertThat(interval.lowerIndex()).isEmpty();
        assertThat(interval.upperIndex()).isEmpty();
        assertThat(interval.complete()).isFalse();
        assertThat(interval.lowerCoverage()).isNaN();
        assertThat(interval.jointCoverage()).isNaN();
        assertThat(ThompsonBounds.indices(1, 50, 95, IntervalKind.JOINT).lowerIndex()).isEmpty();
    }

    @Test
    void exactTieCountsAsReached() {
        // n = 3, median, 75 %: 1 − 2·(1/8) is exactly 0.75.
        OrderStatisticInterval interval = ThompsonBounds.indices(3, 50, 75, IntervalKind.TWO_SIDED);
        assertThat(interval.lowerIndex()).hasValue(0);
        assertThat(interval.upperIndex()).hasValue(2);
        assertThat(interval.jointCoverage()).isEqualTo(75.0);
    }

    @Test
    void everyIndexReachingTheConfidenceGivesTheLastSample() {
        // The reference raised here (p = 95, c = 75, n = 3): every tail reaches the confidence.
        OrderStatisticInterval interval = ThompsonBounds.indices(3, 95, 75, IntervalKind.ONE_SIDED);
        assertThat(interval.lowerIndex()).hasValue(2);
        assertThat(interval.upperIndex()).isEmpty();
    }

    @Test
    void oneSidedIndicesAreTheLargestThatReachTheConfidence() {
        for (int n = 1; n <= 150; n++) {
            for (double p : PERCENTILES) {
                for (double c : CONFIDENCES) {
                    OrderStatisticInterval interval = ThompsonBounds.indices(n, p, c, IntervalKind.ONE_SIDED);
                    String where = "n=" + n + " p=" + p + " c=" + c;
                    if (interval.lowerIndex().isPresent()) {
                        int l = interval.lowerIndex().getAsInt();
                        assertThat(ThompsonBounds.lowerCoverage(n, p, l)).as(where).isGreaterThanOrEqualTo(c - TIE);
                        if (l + 1 < n) {
                            assertThat(ThompsonBounds.lowerCoverage(n, p, l + 1)).as(where).isLessThan(c + TIE);
                        }
                    } else {
                        assertThat(ThompsonBounds.lowerCoverage(n, p, 0)).as(where).isLessThan(c + TIE);
                    }
                    if (interval.upperIndex().isPresent()) {
                        int u = interval.upperIndex().getAsInt();
                        assertThat(ThompsonBounds.upperCoverage(n, p, u)).as(where).isGreaterThanOrEqualTo(c - TIE);
                        if (u > 0) {
                            assertThat(ThompsonBounds.upperCoverage(n, p, u - 1)).as(where).isLessThan(c + TIE);
                        }
                    } else {
                        assertThat(ThompsonBounds.upperCoverage(n, p, n - 1)).as(where).isLessThan(c + TIE);
                    }
                }
            }
        }
    }

    @Test
    void twoSidedIsSymmetricAndHoldsAtTwoCMinusOneJointly() {
        for (int n = 2; n <= 120; n++) {
            for (double p : PERCENTILES) {
                for (double c : CONFIDENCES) {
                    OrderStatisticInterval interval = ThompsonBounds.indices(n, p, c, IntervalKind.TWO_SIDED);
                    String where = "n=" + n + " p=" + p + " c=" + c;
                    assertThat(interval.lowerIndex().isPresent()).as(where).isEqualTo(interval.upperIndex().isPresent());
                    if (!interval.complete()) {
                        continue;
                    }
                    assertThat(interval.lowerIndex().getAsInt() + interval.upperIndex().getAsInt()).as(where)
                            .isEqualTo(n - 1);
                    double promised = p == 50 ? c : 2 * c - 100;
                    assertThat(interval.jointCoverage()).as(where).isGreaterThanOrEqualTo(promised - TIE);
                    assertThat(interval.lowerCoverage()).as(where).isGreaterThanOrEqualTo(c - TIE);
                    assertThat(interval.upperCoverage()).as(where).isGreaterThanOrEqualTo(c - TIE);
                }
            }
        }
    }

    @Test
    void jointIntervalIsTheWidestSymmetricPairHoldingJointly() {
        for (int n = 2; n <= 60; n++) {
            for (double p : PERCENTILES) {
                for (double c : CONFIDENCES) {
                    String where = "n=" + n + " p=" + p + " c=" + c;
                    OrderStatisticInterval interval = ThompsonBounds.indices(n, p, c, IntervalKind.JOINT);
                    double q = Math.min(p, 100 - p);
                    int expected = -1;
                    for (int l = 0; l <= n - 1 - l; l++) {
                        // Brute force over the trinomial split: below ξq, between, above ξ(1−q).
                        // (1e-12: the brute force rounds; exact ties such as n = 3, median, 75 % count as reached)
                        if (bruteForcePairCoverage(n, q, l) >= c / 100 - 1e-12) {
                            expected = l;
                        }
                    }
                    if (expected < 0) {
                        assertThat(interval.lowerIndex()).as(where).isEmpty();
                        assertThat(interval.upperIndex()).as(where).isEmpty();
                    } else {
                        assertThat(interval.lowerIndex()).as(where).hasValue(expected);
                        assertThat(interval.upperIndex()).as(where).hasValue(n - 1 - expected);
                        assertThat(interval.jointCoverage()).as(where).isGreaterThanOrEqualTo(c);
                        assertThat(interval.lowerPercentile()).as(where).isEqualTo(q);
                        assertThat(interval.upperPercentile()).as(where).isEqualTo(100 - q);
                    }
                }
            }
        }
    }

    @Test
    void jointIntervalOfANonMedianPairIsWiderThanTriscales() {
        // P25/P75 at 75 % from 10 values: TriScale's ends hold at 75 % each, only 50 % jointly guaranteed.
        OrderStatisticInterval twoSided = ThompsonBounds.indices(10, 75, 75, IntervalKind.TWO_SIDED);
        OrderStatisticInterval joint = ThompsonBounds.indices(10, 75, 75, IntervalKind.JOINT);
        assertThat(twoSided.jointCoverage()).isLessThan(75);
        assertThat(joint.jointCoverage()).isGreaterThanOrEqualTo(75);
        assertThat(joint.lowerIndex().orElseThrow()).isLessThan(twoSided.lowerIndex().orElseThrow());
        assertThat(joint.upperIndex().orElseThrow()).isGreaterThan(twoSided.upperIndex().orElseThrow());
    }

    /** P(at least l + 1 values below ξq and at least l + 1 above ξ(1−q)), summing the trinomial. */
    private static double bruteForcePairCoverage(int n, double q, int l) {
        double pq = q / 100;
        double pMiddle = 1 - 2 * pq;
        double total = 0;
        for (int below = 0; below <= n; below++) {
            for (int above = 0; above + below <= n; above++) {
                if (below >= l + 1 && above >= l + 1) {
                    int middle = n - below - above;
                    total += Math.exp(logFactorial(n) - logFactorial(below) - logFactorial(above) - logFactorial(middle))
                            * Math.pow(pq, below) * Math.pow(pq, above) * (middle == 0 ? 1 : Math.pow(pMiddle, middle));
                }
            }
        }
        return total;
    }

    private static final double[] LOG_FACTORIAL = new double[128];

    static {
        for (int i = 2; i < LOG_FACTORIAL.length; i++) {
            LOG_FACTORIAL[i] = LOG_FACTORIAL[i - 1] + Math.log(i);
        }
    }

    private static double logFactorial(int k) {
        return LOG_FACTORIAL[k];
    }

    @Test
    void jointMedianIntervalIsSymmetricWhenTheSymmetricOneIsNarrowest() {
        OrderStatisticInterval joint = ThompsonBounds.indices(10, 50, 95, IntervalKind.JOINT);
        assertThat(joint.lowerIndex()).hasValue(1);
        assertThat(joint.upperIndex()).hasValue(8);
        assertThat(joint.jointCoverage()).isGreaterThan(95);
    }

    @ParameterizedTest
    @CsvSource({"20000, 75, 95", "20001, 75, 95", "50000, 99, 99", "100000, 50, 95", "1000000, 99.9, 99"})
    void largeSamplesStayConsistentAcrossTheTailMethods(int n, double p, double c) {
        OrderStatisticInterval one = ThompsonBounds.indices(n, p, c, IntervalKind.ONE_SIDED);
        int l = one.lowerIndex().orElseThrow();
        int u = one.upperIndex().orElseThrow();
        assertThat(ThompsonBounds.lowerCoverage(n, p, l)).isGreaterThanOrEqualTo(c);
        assertThat(ThompsonBounds.lowerCoverage(n, p, l + 1)).isLessThan(c);
        assertThat(ThompsonBounds.upperCoverage(n, p, u)).isGreaterThanOrEqualTo(c);
        assertThat(ThompsonBounds.upperCoverage(n, p, u - 1)).isLessThan(c);
        OrderStatisticInterval twoSided = ThompsonBounds.indices(n, p, c, IntervalKind.TWO_SIDED);
        OrderStatisticInterval joint = ThompsonBounds.indices(n, p, c, IntervalKind.JOINT);
        assertThat(joint.lowerIndex().orElseThrow()).isLessThanOrEqualTo(twoSided.lowerIndex().orElseThrow());
        assertThat(joint.upperIndex().orElseThrow()).isGreaterThanOrEqualTo(twoSided.upperIndex().orElseThrow());
        assertThat(joint.jointCoverage()).isGreaterThanOrEqualTo(c);
    }

    @Test
    void intervalRecordChecksItsIndices() {
        assertThatThrownBy(() -> new OrderStatisticInterval(3, 50, 95, IntervalKind.ONE_SIDED, OptionalInt.of(3),
                OptionalInt.empty())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lowerIndex");
        assertThatThrownBy(() -> new OrderStatisticInterval(3, 50, 95, null, OptionalInt.empty(),
                OptionalInt.empty())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void twoSidedPercentilePairIsReported() {
        OrderStatisticInterval interval = ThompsonBounds.indices(40, 90, 95, IntervalKind.TWO_SIDED);
        assertThat(interval.lowerPercentile()).isEqualTo(10);
        assertThat(interval.upperPercentile()).isEqualTo(90);
        OrderStatisticInterval low = ThompsonBounds.indices(40, 10, 95, IntervalKind.TWO_SIDED);
        assertThat(low.lowerPercentile()).isEqualTo(10);
        assertThat(low.upperPercentile()).isEqualTo(90);
        assertThat(low.lowerIndex()).isEqualTo(interval.lowerIndex());
    }
}
