package org.triscale.engine.analysis;

import org.junit.jupiter.api.Test;
import org.triscale.engine.CheckResult;
import org.triscale.engine.Mode;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Variability scores: sorted bound values, the joint kind, and the fallbacks. */
class VariabilityScoresTest {
    private static final double[] TEN = {49.80, 49.99, 48.66, 49.50, 48.91, 50.28, 51.99, 50.87, 49.93, 50.69};

    @Test
    void boundValuesComeFromTheSortedData() {
        VariabilityResult result = VariabilityScores.score(TEN, 75, 75, IntervalKind.TWO_SIDED, null, Mode.TRISCALE);
        double[] sorted = TEN.clone();
        Arrays.sort(sorted);
        OrderStatisticInterval interval = result.interval();
        assertThat(result.lowerValue()).isEqualTo(sorted[interval.lowerIndex().getAsInt()]);
        assertThat(result.upperValue()).isEqualTo(sorted[interval.upperIndex().getAsInt()]);
        assertThat(result.score()).isEqualTo(result.upperValue() - result.lowerValue());
        assertThat(result.relativeScore())
                .isEqualTo(result.score() / ((result.lowerValue() + result.upperValue()) / 2));
        assertThat(result.defined()).isTrue();
    }

    @Test
    void jointKindUsesJointIndices() {
        double[] values = new double[40];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 37) % 40;
        }
        VariabilityResult result = VariabilityScores.score(values, 50, 90, IntervalKind.JOINT, null, Mode.TRISCALE);
        OrderStatisticInterval joint = ThompsonBounds.indices(40, 50, 90, IntervalKind.JOINT);
        assertThat(result.interval()).isEqualTo(joint);
        assertThat(result.lowerValue()).isEqualTo(joint.lowerIndex().getAsInt());
        assertThat(result.upperValue()).isEqualTo(joint.upperIndex().getAsInt());
        assertThat(result.interval().jointCoverage()).isGreaterThanOrEqualTo(90);
    }

    @Test
    void tooFewValuesGiveNoScore() {
        VariabilityResult result = VariabilityScores.score(new double[] {1, 2, 3}, 75, 95, IntervalKind.TWO_SIDED,
                null, Mode.TRISCALE);
        assertThat(result.defined()).isFalse();
        assertThat(result.lowerValue()).isNaN();
        assertThat(result.relativeScore()).isNaN();
        VariabilityResult one = VariabilityScores.score(new double[] {1, Double.NaN}, 75, 95, IntervalKind.JOINT,
                null, Mode.SOUND);
        assertThat(one.values()).isEqualTo(1);
        assertThat(one.droppedNaN()).isEqualTo(1);
        assertThat(one.stationarity().stationary()).isFalse();
    }

    @Test
    void triscaleFallbackLooksAtFirstAndLastOnly() {
        // A rise and fall that ends where it started: TriScale calls it stationary.
        double[] hump = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1};
        VariabilityResult triscale = VariabilityScores.score(hump, 75, 75, IntervalKind.TWO_SIDED, null,
                Mode.TRISCALE);
        assertThat(triscale.stationarity().stationary()).isTrue();
        assertThat(triscale.stationarity().checks()).extracting(CheckResult::name).contains("all-equal");
    }

    @Test
    void relativeScoreOfHugeValuesDoesNotOverflow() {
        // (lower + upper)/2 overflowed to Infinity and the relative score came out 0.0 (a pass).
        double[] values = new double[10];
        for (int i = 0; i < values.length; i++) {
            values[i] = 1e308 + i * 0.07e308;
        }
        VariabilityResult result = VariabilityScores.score(values, 50, 75, IntervalKind.TWO_SIDED, null, Mode.SOUND);
        double expected = (result.upperValue() / 2 - result.lowerValue() / 2)
                / ((result.upperValue() / 4 + result.lowerValue() / 4));
        assertThat(result.relativeScore()).isEqualTo(expected).isPositive();
        assertThat(VariabilityScores.relative(1e308, 1.7e308)).isCloseTo(0.7 / 1.35, within(1e-15));
        assertThat(VariabilityScores.relative(-1.7e308, 1e308)).isCloseTo(2.7 / -0.35, within(1e-12));
        // Ordinary values keep the reference's formula to the last bit.
        assertThat(VariabilityScores.relative(0.3, 0.7)).isEqualTo((0.7 - 0.3) / ((0.3 + 0.7) / 2));
    }

    @Test
    void oneSidedKindIsRejected() {
        assertThatThrownBy(() -> VariabilityScores.score(TEN, 75, 75, IntervalKind.ONE_SIDED, null, Mode.SOUND))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("TWO_SIDED or JOINT");
        assertThatThrownBy(() -> VariabilityScores.score(TEN, 75, 75, null, null, Mode.SOUND))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kind");
    }
}
