package org.triscale.engine.baseline;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.junit.jupiter.api.Test;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.calibration.Calibration;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.Design;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.Tolerance;

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
    void pairedOnTheBaselinesSeedsWithKpiContext() {
        // +6 on every run: the log ratios differ between series (smaller where runs are larger), so
        // the default's pre-check takes the series as the unit; declared independent, the runs.
        GateResult bySeries = RegressionGate.compare(baseline(), shifted(6), true, LOWER);
        assertThat(bySeries.change().design()).isEqualTo(Design.PAIRED_SERIES);
        assertThat(bySeries.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        assertThat(bySeries.change().seriesCount()).isEqualTo(5);

        GateResult result = RegressionGate.compare(baseline(), shifted(6), true,
                LOWER.withPairedTest(org.triscale.engine.comparison.PairedTest.RUNS));

        assertThat(result.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        assertThat(result.change().design()).isEqualTo(Design.PAIRED);
        assertThat(result.change().referenceCount()).isEqualTo(25);
        assertThat(result.change().worsePValue()).isEqualTo(Math.pow(2, -25));
        KpiChange kpi = result.kpi();
        assertThat(kpi.baselineKpis()).containsExactly(15, 16, 17, 18, 19);
        assertThat(kpi.oldValue()).isEqualTo(17);
        assertThat(kpi.newValue()).isEqualTo(23);
        assertThat(kpi.change()).isEqualTo(6);
        assertThat(kpi.relativeChange()).isCloseTo(6 / 17.0, within(1e-15));
        assertThat(kpi.score()).isEqualTo(4);
        assertThat(kpi.relativeScore()).isCloseTo(4 / 17.0, within(1e-15));
    }

    @Test
    void unpairedComparesSeriesMediansOrRuns() {
        GateResult series = RegressionGate.compare(baseline(), shifted(6), false, LOWER);
        assertThat(series.change().design()).isEqualTo(Design.UNPAIRED);
        assertThat(series.unit()).isEqualTo(ComparisonUnit.SERIES);
        assertThat(series.change().referenceCount()).isEqualTo(5);
        assertThat(series.change().worsePValue()).isCloseTo(1 / 252.0, within(1e-15));

        double[][] oneSeries = {{10, 11, 12, 13, 14}};
        double[][] worse = {{20, 21, 22, 23, 24}};
        GateSettings runs = LOWER.withUnit(ComparisonUnit.RUNS).withTolerance(Tolerance.relative(0.1));
        GateResult result = RegressionGate.compare(oneSeries, worse, false, runs);
        assertThat(result.change().referenceCount()).isEqualTo(5);
        assertThat(result.change().worsePValue()).isCloseTo(1 / 252.0, within(1e-15));
        assertThat(result.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        // One series has no score.
        assertThat(result.kpi().score()).isNaN();
        assertThat(RegressionGate.compare(oneSeries, worse, false, LOWER).outcome())
                .isEqualTo(ComparisonOutcome.INCONCLUSIVE);
    }

    @Test
    void invalidRunsAreDroppedAndEmptySeriesIgnored() {
        double[][] candidate = shifted(6);
        candidate[0] = new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        candidate[1][2] = Double.NaN;

        GateResult result = RegressionGate.compare(baseline(), candidate, false, LOWER);

        assertThat(result.change().candidateCount()).isEqualTo(4);
        assertThat(result.kpi().newKpis()[0]).isNaN();
        // Series 2 keeps 4 valid runs: too few for the 75th percentile at 75 % (5 needed), but its
        // median still enters the comparison.
        assertThat(result.kpi().newKpis()[1]).isNaN();
        assertThat(result.kpi().newKpis()[2]).isEqualTo(23);
        assertThat(result.kpi().newValue()).isEqualTo(24);
        assertThat(RegressionGate.compare(baseline(), candidate, true, LOWER).change().referenceCount())
                .isEqualTo(19);
    }

    @Test
    void aSideWithoutValidDataIsInconclusive() {
        double[][] empty = {{Double.NaN, Double.NaN}};

        GateResult result = RegressionGate.compare(baseline(), empty, false, LOWER);

        assertThat(result.outcome()).isEqualTo(ComparisonOutcome.INCONCLUSIVE);
        assertThat(result.change().reason()).isEqualTo("the candidate has no valid observations");
        assertThat(result.kpi().oldValue()).isEqualTo(17);
        assertThat(result.kpi().newValue()).isNaN();
    }

    @Test
    void contextKpiFollowsTheSettings() {
        GateResult result = RegressionGate.compare(baseline(), shifted(0), true, LOWER.withKpi(50, 50, Side.LOWER)
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
            alarms += RegressionGate.compare(old, now, rep % 2 == 0, LOWER).outcome() == ComparisonOutcome.REGRESSED
                    ? 1 : 0;
        }
        assertThat(alarms / (double) r).isLessThanOrEqualTo(0.01 + 3 * Calibration.standardError(0.01, r));
    }

    @Test
    void identicalDataAreUnchanged() {
        double[][] constant = {{7, 7, 7, 7, 7}, {7, 7, 7, 7, 7}, {7, 7, 7, 7, 7}, {7, 7, 7, 7, 7}, {7, 7, 7, 7, 7}};

        GateResult result = RegressionGate.compare(constant, constant, false, LOWER);

        assertThat(result.outcome()).isEqualTo(ComparisonOutcome.UNCHANGED);
        assertThat(result.change().worsePValue()).isEqualTo(1.0);
        assertThat(result.kpi().score()).isZero();
        assertThat(result.kpi().change()).isZero();
        // Same seeds, same code: every run metric equals the baseline's.
        assertThat(RegressionGate.compare(baseline(), baseline(), true, LOWER).outcome())
                .isEqualTo(ComparisonOutcome.UNCHANGED);
    }

    @Test
    void badInputIsNamed() {
        double[][] infinite = {{1, Double.POSITIVE_INFINITY}};
        assertThatThrownBy(() -> RegressionGate.compare(baseline(), infinite, false, LOWER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("candidate[0][1] is Infinity");
        assertThatThrownBy(() -> RegressionGate.compare(null, baseline(), true, LOWER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("baseline must not be null");
        assertThatThrownBy(() -> RegressionGate.compare(baseline(), infinite.clone(), true, LOWER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("candidate[0][1] is Infinity");
        assertThatThrownBy(() -> RegressionGate.compare(baseline(), new double[][] {{1}}, true, LOWER))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("paired sequels need the same");
        assertThatThrownBy(() -> LOWER.withAlpha(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alpha must be a probability in (0, 0.5), got 0.0");
    }
}
