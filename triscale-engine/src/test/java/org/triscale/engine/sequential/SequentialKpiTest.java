package org.triscale.engine.sequential;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Side;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SequentialKpiTest {
    private static final SequentialSpec P75 = new SequentialSpec(75, 75, Side.UPPER, Double.NaN, Double.NaN, 5);

    @Test
    void boundsAreTheOrderStatisticsAtTheBoundaryRanksRunningIntersected() {
        double[] values = {9, 3, 7, 1, 8, 2, 6, 4, 5, 10, 0, 11, 3.5, 2.5, 1.5, 6.5, 7.5, 8.5, 9.5, 0.5};
        List<SequentialStep> steps = SequentialKpi.replay(P75, values);
        MixtureBoundary upper = new MixtureBoundary(0.75, 0.25, 5);
        MixtureBoundary lower = new MixtureBoundary(0.25, 0.25, 5);
        double runningUpper = Double.POSITIVE_INFINITY;
        double runningLower = Double.NEGATIVE_INFINITY;
        for (int t = 1; t <= values.length; t++) {
            double[] sorted = Arrays.copyOf(values, t);
            Arrays.sort(sorted);
            int k = upper.rank(t);
            int j = lower.rank(t);
            if (k <= t) {
                runningUpper = Math.min(runningUpper, sorted[k - 1]);
            }
            if (j <= t) {
                runningLower = Math.max(runningLower, sorted[t - j]);
            }
            SequentialStep step = steps.get(t - 1);
            assertThat(step.runs()).isEqualTo(t);
            assertThat(step.upper()).as("upper at %d", t).isEqualTo(runningUpper);
            assertThat(step.lower()).as("lower at %d", t).isEqualTo(runningLower);
            assertThat(step.estimate()).isEqualTo(sorted[(int) Math.rint((t - 1) * 0.75)]);
            assertThat(step.lower()).isLessThanOrEqualTo(step.upper());
        }
        assertThat(steps.get(values.length - 1).upper()).isFinite();
    }

    @Test
    void belowTheMinimumAndWithOneSampleTheBoundsAreUndefined() {
        SequentialKpi kpi = SequentialKpi.start(P75);
        assertThat(kpi.current().runs()).isZero();
        assertThat(kpi.current().estimate()).isNaN();
        SequentialStep one = kpi.add(42);
        assertThat(one.upper()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(one.lower()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(one.estimate()).isEqualTo(42);
        assertThat(one.decision()).isEqualTo(Decision.UNDECIDED);
        assertThat(one.stop()).isFalse();
    }

    @Test
    void nanIsDroppedAndCountedAndInfinityRejected() {
        SequentialKpi kpi = SequentialKpi.start(P75);
        kpi.add(1);
        SequentialStep step = kpi.add(Double.NaN);
        assertThat(step.runs()).isEqualTo(1);
        assertThat(step.droppedNaN()).isEqualTo(1);
        assertThatThrownBy(() -> kpi.add(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Infinity")
                .hasMessageContaining("finite");
        assertThatThrownBy(() -> SequentialKpi.replay(P75, new double[] {1, Double.NEGATIVE_INFINITY}))
                .hasMessageContaining("values[1]");
    }

    @Test
    void constantDataGiveAPointIntervalThatMeetsAnyPrecision() {
        SequentialSpec spec = P75.withPrecision(0.01).withThreshold(5);
        SequentialKpi kpi = SequentialKpi.start(spec);
        SequentialStep step = null;
        for (int i = 0; i < 40 && (step == null || !step.stop()); i++) {
            step = kpi.add(5);
        }
        assertThat(step.upper()).isEqualTo(5);
        assertThat(step.decision()).isEqualTo(Decision.PASS);
        assertThat(kpi.predictRunsLeft()).hasValue(0);
        // the precision interval needs its own, wider ranks: it collapses a few runs later
        while (!step.precisionReached()) {
            step = kpi.add(5);
        }
        assertThat(step.relativeHalfWidth()).isZero();
    }

    @Test
    void tiesAtTheThresholdPassOnlyWhenTheBoundReachesIt() {
        SequentialKpi kpi = SequentialKpi.start(P75.withThreshold(2));
        SequentialStep step = null;
        for (int i = 0; i < 200; i++) {
            step = kpi.add(i % 2 == 0 ? 1 : 2);
        }
        // half the runs are 1, half 2: the P75 is 2, at most 2 holds, and is decided.
        assertThat(step.upper()).isEqualTo(2);
        assertThat(step.decision()).isEqualTo(Decision.PASS);
    }

    @Test
    void decisionsAreStickyAndMirrorForTheLowerSide() {
        SequentialSpec atMost = new SequentialSpec(50, 90, Side.UPPER, 10, Double.NaN, 5);
        SequentialSpec atLeast = new SequentialSpec(50, 90, Side.LOWER, 10, Double.NaN, 5);
        double[] high = new double[30];
        Arrays.fill(high, 20);
        high[29] = -1000;
        List<SequentialStep> upper = SequentialKpi.replay(atMost, high);
        List<SequentialStep> lower = SequentialKpi.replay(atLeast, high);
        int decided = firstDecided(upper);
        assertThat(decided).isPositive();
        assertThat(upper.get(decided - 1).decision()).isEqualTo(Decision.FAIL);
        assertThat(upper.get(decided - 1).lower()).isGreaterThan(10);
        assertThat(upper.get(29).decision()).isEqualTo(Decision.FAIL);
        assertThat(firstDecided(lower)).isEqualTo(decided);
        assertThat(lower.get(29).decision()).isEqualTo(Decision.PASS);
        assertThat(lower.get(29).kpi(Side.LOWER)).isEqualTo(20);
    }

    @Test
    void withoutAThresholdNothingIsDecidedAndNothingPredicted() {
        SequentialKpi kpi = SequentialKpi.start(P75);
        for (int i = 0; i < 50; i++) {
            assertThat(kpi.add(i).decision()).isEqualTo(Decision.UNDECIDED);
        }
        assertThat(kpi.current().relativeHalfWidth()).isNaN();
        assertThat(kpi.predictRunsLeft()).isEmpty();
    }

    @Test
    void predictionIsEmptyBeforeTwoRunsAndCountsDownToTheDecision() {
        SequentialSpec spec = new SequentialSpec(50, 90, Side.UPPER, 100, Double.NaN, 10);
        SequentialKpi kpi = SequentialKpi.start(spec);
        kpi.add(10);
        assertThat(kpi.predictRunsLeft()).isEmpty();
        kpi.add(11);
        OptionalInt left = kpi.predictRunsLeft();
        assertThat(left).isPresent();
        int total = 2 + left.getAsInt();
        int runs = 2;
        while (!kpi.current().stop()) {
            kpi.add(10 + (runs++ % 3));
        }
        // every value is far below 100: the decision comes when the upper bound first exists,
        // a data-independent run count the prediction knows exactly.
        assertThat(runs).isEqualTo(total);
        assertThat(kpi.predictRunsLeft()).hasValue(0);
    }

    @Test
    void specRejectsBadArgumentsWithTheirNameAndRange() {
        assertThatThrownBy(() -> new SequentialSpec(0, 75, Side.UPPER, 1, Double.NaN, 5))
                .hasMessageContaining("percentile").hasMessageContaining("(0, 100)");
        assertThatThrownBy(() -> new SequentialSpec(75, 40, Side.UPPER, 1, Double.NaN, 5))
                .hasMessageContaining("confidence").hasMessageContaining("(50, 100)").hasMessageContaining("40");
        assertThatThrownBy(() -> new SequentialSpec(75, 50, Side.UPPER, 1, Double.NaN, 5))
                .hasMessageContaining("confidence").hasMessageContaining("50.0");
        assertThatThrownBy(() -> new SequentialSpec(75, 75, null, 1, Double.NaN, 5)).hasMessageContaining("side");
        assertThatThrownBy(() -> new SequentialSpec(75, 75, Side.UPPER, Double.POSITIVE_INFINITY, Double.NaN, 5))
                .hasMessageContaining("threshold");
        assertThatThrownBy(() -> P75.withPrecision(0)).hasMessageContaining("precision").hasMessageContaining("> 0");
        assertThatThrownBy(() -> P75.withThreshold(Double.NaN)).hasMessageContaining("threshold");
        assertThatThrownBy(() -> P75.withTunedFor(0)).hasMessageContaining("tunedFor").hasMessageContaining(">= 1");
        assertThatThrownBy(() -> SequentialKpi.start(null)).hasMessageContaining("spec");
    }

    @Test
    void defaultTuningIsTheFixedNMinimum() {
        assertThat(SequentialSpec.of(75, 75, Side.UPPER).tunedFor()).isEqualTo(5);
        assertThat(SequentialSpec.of(95, 95, Side.UPPER).tunedFor()).isEqualTo(59);
    }

    private static int firstDecided(List<SequentialStep> steps) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).decision() != Decision.UNDECIDED) {
                return i + 1;
            }
        }
        return -1;
    }

    /**
     * The fixed-N KPI at the fallback confidence is the last look's order statistic, on either
     * side, and it is never looser than the fixed-N KPI at the sequence's own confidence.
     */
    @ParameterizedTest
    @CsvSource({"75, 75, UPPER, 57, 228", "90, 90, UPPER, 160, 642", "50, 95, UPPER, 103, 415", "25, 90, LOWER, 50, 200",
            "75, 75, UPPER, 5, 5", "95, 95, UPPER, 59, 60", "10, 95, LOWER, 29, 3000"})
    void fallbackConfidenceSelectsTheLastLookRank(double percentile, double confidence, Side side, int tunedFor,
                                                  int n) {
        SequentialKpi kpi = SequentialKpi.start(new SequentialSpec(percentile, confidence, side, Double.NaN, Double.NaN,
                tunedFor));
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = (i * 7919L) % n; // a permutation of 0..n-1, so value k - 1 is the k-th smallest
            kpi.add(values[i]);
        }
        double confidence2 = kpi.fallbackConfidence();
        assertThat(confidence2).isGreaterThanOrEqualTo(confidence).isLessThan(100);
        double p = percentile / 100;
        MixtureBoundary boundary = side == Side.UPPER ? MixtureBoundary.of(p, 1 - confidence / 100, tunedFor)
                : MixtureBoundary.of(1 - p, 1 - confidence / 100, tunedFor);
        int rank = boundary.lastLookRank(1 - confidence / 100, n);
        KpiResult last = Kpis.kpi(values.clone(), percentile, confidence2, side, null, Mode.SOUND);
        KpiResult fixed = Kpis.kpi(values.clone(), percentile, confidence, side, null, Mode.SOUND);
        if (rank > n) {
            assertThat(last.defined()).isFalse();
            return;
        }
        // The k-th smallest is k - 1 for an upper bound, the k-th largest is n - k for a lower one.
        assertThat(last.value()).isEqualTo(side == Side.UPPER ? rank - 1 : n - rank);
        assertThat(side == Side.UPPER ? last.value() >= fixed.value() : last.value() <= fixed.value()).isTrue();
    }

    @Test
    void fallbackConfidenceIsUndefinedBeforeTheFirstRun() {
        assertThat(SequentialKpi.start(P75).fallbackConfidence()).isNaN();
        SequentialKpi kpi = SequentialKpi.start(P75);
        kpi.add(Double.NaN);
        assertThat(kpi.fallbackConfidence()).isNaN();
    }
}
