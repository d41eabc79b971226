package org.triscale.engine.sizing;

import org.junit.jupiter.api.Test;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Sizing: the designer's examples, extreme inputs, and consistency with the bounds. */
class SizingTest {
    private static final double[] PERCENTILES = {1, 5, 10, 25, 50, 75, 90, 95, 99};
    private static final double[] CONFIDENCES = {50, 75, 90, 95, 99};

    @Test
    void designExamples() {
        assertThat(Sizing.oneSided(75, 95, 0)).isEqualTo(11);
        assertThat(Sizing.oneSided(75, 75, 0)).isEqualTo(5);
        assertThat(Sizing.oneSided(95, 95, 0)).isEqualTo(59);
        assertThat(Sizing.twoSided(50, 95, 0)).isEqualTo(6);
    }

    @Test
    void exactIntegerRatiosAreNotRoundedUp() {
        // ln(0.5)/ln(0.5) = 1 and ln(0.25)/ln(0.5) = 2 exactly; the median pair: 2 and 3.
        assertThat(Sizing.oneSided(50, 50, 0)).isEqualTo(1);
        assertThat(Sizing.oneSided(50, 75, 0)).isEqualTo(2);
        assertThat(Sizing.twoSided(50, 50, 0)).isEqualTo(2);
        assertThat(Sizing.twoSided(50, 75, 0)).isEqualTo(3);
        assertThat(Sizing.oneSided(50, 87.5, 0)).isEqualTo(3);
    }

    @Test
    void extremeInputsAreMinimal() {
        int n = Sizing.oneSided(99.9, 99.9, 10);
        OrderStatisticInterval at = ThompsonBounds.indices(n, 99.9, 99.9, IntervalKind.ONE_SIDED);
        OrderStatisticInterval below = ThompsonBounds.indices(n - 1, 99.9, 99.9, IntervalKind.ONE_SIDED);
        assertThat(at.upperIndex().orElseThrow()).isLessThanOrEqualTo(n - 1 - 10);
        assertThat(below.upperIndex().isEmpty() || below.upperIndex().getAsInt() > n - 2 - 10).isTrue();

        int huge = Sizing.oneSided(0.001, 99.99, 100);
        assertThat(huge).isGreaterThan(10_000_000);
        assertThat(ThompsonBounds.lowerCoverage(huge, 0.001, 100)).isGreaterThanOrEqualTo(99.99);
        assertThat(ThompsonBounds.lowerCoverage(huge - 1, 0.001, 100)).isLessThan(99.99);

        assertThat(Sizing.joint(99.9, 99.9, 10)).isGreaterThanOrEqualTo(n);
        assertThat(Sizing.twoSided(50, 99.999, 1000)).isGreaterThan(2000);
    }

    @Test
    void tooExtremeInputsFailWithAClearMessage() {
        assertThatThrownBy(() -> Sizing.oneSided(1e-12, 99, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("percentile");
        assertThatThrownBy(() -> Sizing.oneSided(1e-7, 99.9, 1000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(String.valueOf(Integer.MAX_VALUE));
    }

    @Test
    void rejectsInvalidArguments() {
        assertThatThrownBy(() -> Sizing.oneSided(0, 95, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("percentile");
        assertThatThrownBy(() -> Sizing.twoSided(50, 100, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("confidence");
        assertThatThrownBy(() -> Sizing.joint(50, 95, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("robustness");
        assertThatThrownBy(() -> Sizing.oneSided(Double.NaN, 95, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sizesAreTheSmallestSamplesWithABound() {
        for (double p : PERCENTILES) {
            for (double c : CONFIDENCES) {
                for (int r = 0; r <= 5; r++) {
                    String where = "p=" + p + " c=" + c + " r=" + r;
                    int one = Sizing.oneSided(p, c, r);
                    assertThat(hasOneSided(one, p, c, r)).as(where).isTrue();
                    assertThat(one == 1 || one == 2 * (r + 1) || !hasOneSided(one - 1, p, c, r)).as(where).isTrue();

                    int two = Sizing.twoSided(p, c, r);
                    assertThat(hasTwoSided(two, p, c, r)).as(where).isTrue();
                    assertThat(two == 1 || two == 2 * (r + 1) || !hasTwoSided(two - 1, p, c, r)).as(where).isTrue();

                    int joint = Sizing.joint(p, c, r);
                    assertThat(ThompsonBounds.symmetricPairCoverage(joint, p, r)).as(where).isGreaterThanOrEqualTo(c);
                    if (joint > 2 * (r + 1)) {
                        assertThat(ThompsonBounds.symmetricPairCoverage(joint - 1, p, r)).as(where).isLessThan(c);
                    }
                    if (r == 0) {
                        assertThat(ThompsonBounds.indices(joint, p, c, IntervalKind.JOINT).complete()).as(where).isTrue();
                        assertThat(joint == 2 || !ThompsonBounds.indices(joint - 1, p, c, IntervalKind.JOINT).complete())
                                .as(where).isTrue();
                    }
                    assertThat(joint).as(where).isGreaterThanOrEqualTo(two);
                }
            }
        }
    }

    /** The harder end of a one-sided bound exists and may ignore r extreme samples. */
    private static boolean hasOneSided(int n, double p, double c, int r) {
        OrderStatisticInterval interval = ThompsonBounds.indices(n, p, c, IntervalKind.ONE_SIDED);
        return p <= 50 ? interval.lowerIndex().isPresent() && interval.lowerIndex().getAsInt() >= r
                : interval.upperIndex().isPresent() && interval.upperIndex().getAsInt() <= n - 1 - r;
    }

    private static boolean hasTwoSided(int n, double p, double c, int r) {
        OrderStatisticInterval interval = ThompsonBounds.indices(n, p, c, IntervalKind.TWO_SIDED);
        return interval.lowerIndex().isPresent() && interval.lowerIndex().getAsInt() >= r;
    }
}
