package org.triscale.engine.baseline;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.junit.jupiter.api.Test;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.calibration.Calibration;
import org.triscale.engine.comparison.Direction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RegressionGateTest {
    private static final GateSettings LOWER = GateSettings.of(Direction.LOWER_IS_BETTER);

    /** Series s (1 to 5) runs 10 + s ... 14 + s: medians 13 to 17, KPIs (the maxima) 15 to 19, score 4. */
    static double[][] baseline() {
        return shifted(0);
    }

    static double[][] shifted(double shift) {
        double[][] sequel = new double[5][5];
        for (int s = 0; s < 5; s++) {
            for (int r = 0; r < 5; r++) {
                // Runs out of order, so that nothing depends on it.
                sequel[s][r] = 11 + s + (r * 3) % 5 + shift;
            }
        }
        return sequel;
    }

    @Test
    void regressedBeyondTheScore() {
        GateResult result = RegressionGate.compare(baseline(), shifted(6), LOWER);

        assertThat(result.outcome()).isEqualTo(GateOutcome.REGRESSED);
        assertThat(result.worse().pValue()).isCloseTo(1 / 252.0, within(1e-15));
        assertThat(result.baselineCount()).isEqualTo(5);
        assertThat(result.newCount()).isEqualTo(5);
        KpiChange kpi = result.kpi();
        assertThat(kpi.baselineKpis()).containsExactly(15, 16, 17, 18, 19);
        assertThat(kpi.oldValue()).isEqualTo(17);
        assertThat(kpi.newValue()).isEqualTo(23);
        assertThat(kpi.change()).isEqualTo(6);
        assertThat(kpi.relativeChange()).isCloseTo(6 / 17.0, within(1e-15));
        assertThat(kpi.score()).isEqualTo(4);
        assertThat(kpi.relativeScore()).isCloseTo(4 / 17.0, within(1e-15));
        assertThat(kpi.beyondScore()).isTrue();
    }

    @Test
    void regressedWithinTheScoreWhenEverySeriesIsWorse() {
        GateResult result = RegressionGate.compare(baseline(), shifted(3.5), LOWER);

        assertThat(result.outcome()).isEqualTo(GateOutcome.REGRESSED);
        assertThat(result.worse().u()).isEqualTo(24);
        assertThat(result.worse().pValue()).isCloseTo(2 / 252.0, within(1e-15));
        assertThat(result.kpi().change()).isEqualTo(3.5);
        assertThat(result.kpi().beyondScore()).isFalse();
    }

    @Test
    void unchangedWithinTheNoise() {
        GateResult result = RegressionGate.compare(baseline(), shifted(0.5), LOWER);

        assertThat(result.outcome()).isEqualTo(GateOutcome.UNCHANGED);
        assertThat(result.worse().pValue()).isGreaterThan(0.01);
        assertThat(result.better().pValue()).isGreaterThan(0.01);
        assertThat(result.reason()).isEmpty();
    }

    @Test
    void improved() {
        GateResult result = RegressionGate.compare(baseline(), shifted(-6), LOWER);

        assertThat(result.outcome()).isEqualTo(GateOutcome.IMPROVED);
        assertThat(result.better().pValue()).isCloseTo(1 / 252.0, within(1e-15));
        assertThat(result.kpi().change()).isEqualTo(-6);
        assertThat(result.kpi().beyondScore()).isFalse();
    }

    @Test
    void higherIsBetterFlipsTheDirections() {
        GateSettings higher = GateSettings.of(Direction.HIGHER_IS_BETTER);

        assertThat(RegressionGate.compare(baseline(), shifted(-6), higher).outcome()).isEqualTo(GateOutcome.REGRESSED);
        assertThat(RegressionGate.compare(baseline(), shifted(6), higher).outcome()).isEqualTo(GateOutcome.IMPROVED);
        GateResult result = RegressionGate.compare(baseline(), shifted(-6), higher);
        // KPI for context: lower bound of the 25th percentile, the minima 11..15 before, 5..9 after.
        assertThat(result.kpi().baselineKpis()).containsExactly(11, 12, 13, 14, 15);
        assertThat(result.kpi().change()).isEqualTo(-6);
        assertThat(result.kpi().beyondScore()).isTrue();
    }

    @Test
    void absoluteAllowanceToleratesAShiftUpToIt() {
        assertThat(RegressionGate.compare(baseline(), shifted(6), LOWER.withAllowance(Allowance.of(7, 0))).outcome())
                .isEqualTo(GateOutcome.UNCHANGED);
        GateResult beyond = RegressionGate.compare(baseline(), shifted(12), LOWER.withAllowance(Allowance.of(5, 0)));
        assertThat(beyond.outcome()).isEqualTo(GateOutcome.REGRESSED);
        assertThat(beyond.kpi().allowance()).isEqualTo(5);
        // Change 12 > score 4 + allowance 5.
        assertThat(beyond.kpi().beyondScore()).isTrue();
        GateResult notBeyond = RegressionGate.compare(baseline(), shifted(8), LOWER.withAllowance(Allowance.of(5, 0)));
        assertThat(notBeyond.kpi().beyondScore()).isFalse();
    }

    @Test
    void relativeAllowanceToleratesAScaleUpToIt() {
        GateSettings tenPercent = LOWER.withAllowance(Allowance.of(0, 0.5));

        assertThat(RegressionGate.compare(baseline(), shifted(6), tenPercent).outcome())
                .isEqualTo(GateOutcome.UNCHANGED);
        assertThat(RegressionGate.compare(baseline(), shifted(20), tenPercent).outcome())
                .isEqualTo(GateOutcome.REGRESSED);
        // Both: a regression must exceed both; relative 0.5 of 17 is 8.5 > absolute 1.
        GateResult both = RegressionGate.compare(baseline(), shifted(6), LOWER.withAllowance(Allowance.of(1, 0.5)));
        assertThat(both.outcome()).isEqualTo(GateOutcome.UNCHANGED);
        assertThat(both.kpi().allowance()).isEqualTo(8.5);
    }

    @Test
    void tooFewSeriesAreInconclusiveAndSayHowManyAreNeeded() {
        double[][] three = java.util.Arrays.copyOf(baseline(), 3);
        double[][] threeWorse = java.util.Arrays.copyOf(shifted(100), 3);

        GateResult result = RegressionGate.compare(three, threeWorse, LOWER);

        assertThat(result.outcome()).isEqualTo(GateOutcome.INCONCLUSIVE);
        assertThat(result.smallestPValue()).isCloseTo(0.05, within(1e-15));
        assertThat(result.reason()).contains("too few series to decide at alpha = 0.01")
                .contains("3 baseline and 3 new series can give p-values no smaller than 0.05")
                .contains("with 3 baseline series, at least 7 new ones are needed");
        assertThat(result.worse()).isNull();
        assertThat(result.worsePValue()).isEmpty();
        assertThat(result.kpi().change()).isEqualTo(100);
    }

    @Test
    void fourNewSeriesAgainstFiveCanDecide() {
        double[][] four = java.util.Arrays.copyOf(shifted(6), 4);

        GateResult result = RegressionGate.compare(baseline(), four, LOWER);

        assertThat(result.outcome()).isEqualTo(GateOutcome.REGRESSED);
        assertThat(result.worse().pValue()).isCloseTo(1 / 126.0, within(1e-15));
    }

    @Test
    void invalidRunsAreDroppedAndEmptySeriesIgnored() {
        double[][] candidate = shifted(6);
        candidate[0] = new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        candidate[1][2] = Double.NaN;

        GateResult result = RegressionGate.compare(baseline(), candidate, LOWER);

        assertThat(result.newCount()).isEqualTo(4);
        assertThat(result.outcome()).isEqualTo(GateOutcome.REGRESSED);
        assertThat(result.kpi().newKpis()[0]).isNaN();
        // Series 2 keeps 4 valid runs: too few for the 75th percentile at 75 % (5 needed), but its
        // median still enters the rank test.
        assertThat(result.kpi().newKpis()[1]).isNaN();
        assertThat(result.kpi().newKpis()[2]).isEqualTo(23);
        assertThat(result.kpi().newValue()).isEqualTo(24);
    }

    @Test
    void aSideWithoutValidDataIsInconclusive() {
        double[][] empty = {{Double.NaN, Double.NaN}};

        GateResult result = RegressionGate.compare(baseline(), empty, LOWER);

        assertThat(result.outcome()).isEqualTo(GateOutcome.INCONCLUSIVE);
        assertThat(result.reason()).isEqualTo("the new sequel has no valid series");
        assertThat(RegressionGate.compare(new double[0][], empty, LOWER).reason())
                .isEqualTo("neither the baseline nor the new sequel has valid series");
        assertThat(result.kpi().oldValue()).isEqualTo(17);
        assertThat(result.kpi().newValue()).isNaN();
    }

    @Test
    void runsUnitComparesEveryRun() {
        double[][] oneSeries = {{10, 11, 12, 13, 14}};
        double[][] worse = {{20, 21, 22, 23, 24}};

        GateResult result = RegressionGate.compare(oneSeries, worse, LOWER.withUnit(ComparisonUnit.RUNS));

        assertThat(result.outcome()).isEqualTo(GateOutcome.REGRESSED);
        assertThat(result.baselineCount()).isEqualTo(5);
        assertThat(result.worse().pValue()).isCloseTo(1 / 252.0, within(1e-15));
        // One series has no score.
        assertThat(result.kpi().score()).isNaN();
        assertThat(result.kpi().beyondScore()).isFalse();
        assertThat(RegressionGate.compare(oneSeries, worse, LOWER).outcome()).isEqualTo(GateOutcome.INCONCLUSIVE);
    }

    @Test
    void contextKpiFollowsTheSettings() {
        GateResult result = RegressionGate.compare(baseline(), shifted(0), LOWER.withKpi(50, 50, Side.LOWER)
                .withScore(50, 75));

        // 5 runs, median, lower bound at 50 %: the 3rd smallest value, 13 + s - 1.
        assertThat(result.kpi().baselineKpis()).containsExactly(13, 14, 15, 16, 17);
    }

    @Test
    void falseAlarmRateOnTiedRunMetricsIsAtMostAlpha() {
        int r = Calibration.replications(2_000, 20_000);
        UniformRandomProvider rng = Calibration.rng(1_947_500_000L);
        var poisson = PoissonSampler.of(rng, 3);
        int alarms = 0;
        for (int rep = 0; rep < r; rep++) {
            double[][] old = new double[5][5];
            double[][] now = new double[5][5];
            for (int s = 0; s < 5; s++) {
                for (int i = 0; i < 5; i++) {
                    old[s][i] = poisson.sample();
                    now[s][i] = poisson.sample();
                }
            }
            alarms += RegressionGate.compare(old, now, LOWER).outcome() == GateOutcome.REGRESSED ? 1 : 0;
        }
        assertThat(alarms / (double) r).isLessThanOrEqualTo(0.01 + 3 * Calibration.standardError(0.01, r));
    }

    @Test
    void identicalConstantDataAreUnchanged() {
        double[][] constant = {{7, 7, 7, 7, 7}, {7, 7, 7, 7, 7}, {7, 7, 7, 7, 7}, {7, 7, 7, 7, 7}, {7, 7, 7, 7, 7}};

        GateResult result = RegressionGate.compare(constant, constant, LOWER);

        assertThat(result.outcome()).isEqualTo(GateOutcome.UNCHANGED);
        assertThat(result.worse().pValue()).isEqualTo(1.0);
        assertThat(result.worse().ties()).isTrue();
        assertThat(result.kpi().score()).isZero();
        assertThat(result.kpi().change()).isZero();
        assertThat(result.kpi().relativeScore()).isZero();
    }

    @Test
    void aSeededEmulatorReproducingTheBaselineIsUnchanged() {
        // Same seeds, same code: every run metric equals the baseline's.
        GateResult result = RegressionGate.compare(baseline(), baseline(), LOWER);

        assertThat(result.outcome()).isEqualTo(GateOutcome.UNCHANGED);
        assertThat(result.worse().pValue()).isGreaterThan(0.5);
        assertThat(result.better().pValue()).isGreaterThan(0.5);
    }

    @Test
    void badInputIsNamed() {
        double[][] infinite = {{1, Double.POSITIVE_INFINITY}};
        assertThatThrownBy(() -> RegressionGate.compare(baseline(), infinite, LOWER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("candidate[0][1] is Infinity");
        assertThatThrownBy(() -> RegressionGate.compare(null, baseline(), LOWER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("baseline must not be null");
        assertThatThrownBy(() -> LOWER.withAlpha(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alpha must be a probability in (0, 1), got 0.0");
        assertThatThrownBy(() -> Allowance.of(-1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("absolute allowance must be a finite number >= 0");
        assertThatThrownBy(() -> Allowance.of(0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("relative allowance must be a fraction in [0, 1), got 1.0");
    }
}
