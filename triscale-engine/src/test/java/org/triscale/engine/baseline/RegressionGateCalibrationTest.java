package org.triscale.engine.baseline;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.FctModel;
import org.triscale.engine.comparison.RankSumTest;

import java.util.Arrays;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Seeded Monte Carlo calibration of the unpaired design's rank test on FCT-like data
 * ({@link FctModel}), and of the decision rules it was chosen over: at the defaults (5 series of
 * 5 runs, the runs sized for the 75th percentile at 75 %, α = 1 %), the false-alarm rate on
 * unchanged data and the probability of detecting a 15 % shift of every FCT
 * (hence of P95 FCT). The full calibration ({@code -Dtriscale.calibration=full}) also measures the
 * designs that were considered and rejected, and runs every cell with series effects, data on
 * which runs are not exchangeable but series are. Numbers: {@code docs/regression-gate.md}.
 */
class RegressionGateCalibrationTest {
    private static final long SEED = 1_947_000_000L;
    private static final double SHIFT = 1.15;
    private static final double ALPHA = GateSettings.DEFAULT_ALPHA;
    private static final GateSettings DEFAULTS = GateSettings.of(Direction.LOWER_IS_BETTER);
    /** Series effects σs of the log: none, half and all of the spread of a run's log P95 (about 0.07). */
    private static final double[] SERIES_EFFECTS = {0, 0.035, 0.07};

    /** Power of the default gate against the 15 % shift without series effect, full calibration. */
    private static final double MEASURED_POWER = 0.978;
    /** Its power with a series effect of σs = 0.035, full calibration. */
    private static final double MEASURED_POWER_SERIES_EFFECT = 0.819;

    /** The decision rules compared. */
    enum Design {
        HEADLINE("median series KPI moved by more than the baseline's score (5 series)"),
        HEADLINE_10("the same with 10 series"),
        SERIES_KPIS("rank-sum test of the 5 series KPIs, α = 1 %"),
        RUNS("rank-sum test of the 25 run metrics, α = 1 %"),
        RUNS_AND_SCORE("runs rank-sum test and KPI moved beyond the score"),
        SERIES_MEDIANS("rank-sum test of the 5 series medians, α = 1 % (the unpaired design's test)");

        final String label;

        Design(String label) {
            this.label = label;
        }

        boolean detects(double[][] baseline, double[][] candidate) {
            double[][] old5 = Arrays.copyOf(baseline, 5);
            double[][] new5 = Arrays.copyOf(candidate, 5);
            switch (this) {
                case HEADLINE:
                    return beyondScore(old5, new5);
                case HEADLINE_10:
                    return beyondScore(baseline, candidate);
                case SERIES_KPIS:
                    return significant(RegressionGate.summarise(new5, DEFAULTS).seriesKpis(),
                            RegressionGate.summarise(old5, DEFAULTS).seriesKpis());
                case RUNS:
                    return significant(RegressionGate.observations(new5, ComparisonUnit.RUNS),
                            RegressionGate.observations(old5, ComparisonUnit.RUNS));
                case RUNS_AND_SCORE:
                    return RUNS.detects(baseline, candidate) && beyondScore(old5, new5);
                case SERIES_MEDIANS:
                    return significant(RegressionGate.observations(new5, ComparisonUnit.SERIES),
                            RegressionGate.observations(old5, ComparisonUnit.SERIES));
                default:
                    throw new AssertionError(this);
            }
        }

        /** TriScale's headline reading: the median series KPI moved up by more than the baseline's score. */
        private static boolean beyondScore(double[][] baseline, double[][] candidate) {
            SequelKpis old = RegressionGate.summarise(baseline, DEFAULTS);
            return RegressionGate.summarise(candidate, DEFAULTS).median() - old.median() > old.score();
        }

        private static boolean significant(double[] candidate, double[] baseline) {
            return RankSumTest.greater(candidate, baseline).pValue() <= ALPHA;
        }
    }

    @Test
    void defaultGateKeepsItsFalseAlarmRateAndDetectsA15PercentShift() {
        int r = Calibration.replications(1_500, 10_000);
        double falseAlarms = rate(Design.SERIES_MEDIANS, 0, 1, r, 0);
        double power = rate(Design.SERIES_MEDIANS, 0, SHIFT, r, 1);
        double withEffect = rate(Design.SERIES_MEDIANS, 0.07, 1, r, 2);
        System.out.printf("default gate, %d replications: false alarms %s, power %s, false alarms with series"
                + " effect 0.07 %s%n", r, Calibration.percent(falseAlarms), Calibration.percent(power),
                Calibration.percent(withEffect));
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(falseAlarms).as("false-alarm rate").isLessThanOrEqualTo(ALPHA
                + 3 * Calibration.standardError(ALPHA, r));
        soft.assertThat(withEffect).as("false-alarm rate with series effects").isLessThanOrEqualTo(ALPHA
                + 3 * Calibration.standardError(ALPHA, r));
        soft.assertThat(power).as("power against a 15 % shift").isGreaterThanOrEqualTo(MEASURED_POWER
                - 3 * Calibration.standardError(MEASURED_POWER, r)
                - 3 * Calibration.standardError(MEASURED_POWER, 10_000));
        soft.assertThat(power).as("power target").isGreaterThanOrEqualTo(0.9);
        soft.assertAll();
    }

    @Test
    void designsCompared() {
        assumeTrue(Calibration.full(), "the comparison of designs runs in the full calibration (-Dtriscale.calibration=full)");
        int r = Calibration.replications(1_500, 10_000);
        StringBuilder table = new StringBuilder("Regression gate on FCT-like data: false-alarm rate (no change) and"
                + " power (every FCT × 1.15), " + r + " replications per cell\n\n| design |");
        for (double effect : SERIES_EFFECTS) {
            table.append(" FA, σs = ").append(effect).append(" | power, σs = ").append(effect).append(" |");
        }
        table.append("\n|---|");
        table.append("---|".repeat(2 * SERIES_EFFECTS.length)).append('\n');
        Design[] designs = Design.values();
        double[][][] rates = new double[SERIES_EFFECTS.length][2][];
        for (int e = 0; e < SERIES_EFFECTS.length; e++) {
            rates[e][0] = rates(designs, SERIES_EFFECTS[e], 1, r, 10 + 2 * e);
            rates[e][1] = rates(designs, SERIES_EFFECTS[e], SHIFT, r, 11 + 2 * e);
        }
        for (int d = 0; d < designs.length; d++) {
            table.append("| ").append(designs[d].label).append(" |");
            for (int e = 0; e < SERIES_EFFECTS.length; e++) {
                table.append(' ').append(Calibration.percent(rates[e][0][d])).append(" | ")
                        .append(Calibration.percent(rates[e][1][d])).append(" |");
            }
            table.append('\n');
        }
        Calibration.publish("regression-gate", table.toString());
        int defaultDesign = Design.SERIES_MEDIANS.ordinal();
        SoftAssertions soft = new SoftAssertions();
        for (int e = 0; e < SERIES_EFFECTS.length; e++) {
            soft.assertThat(rates[e][0][defaultDesign]).as("default false alarms, series effect %s", SERIES_EFFECTS[e])
                    .isLessThanOrEqualTo(ALPHA + 3 * Calibration.standardError(ALPHA, r));
        }
        soft.assertThat(rates[1][1][defaultDesign]).as("default power, series effect 0.035")
                .isGreaterThanOrEqualTo(MEASURED_POWER_SERIES_EFFECT
                        - 6 * Calibration.standardError(MEASURED_POWER_SERIES_EFFECT, r));
        soft.assertAll();
    }

    /**
     * The default gate's probability of reporting a regression by size of the change: the power
     * curve, which is also the probability that a drift of the test bed by that much between the
     * baseline and the new build is reported as a regression.
     */
    @Test
    void powerCurveOfTheDefault() {
        assumeTrue(Calibration.full(), "the power curve runs in the full calibration (-Dtriscale.calibration=full)");
        int r = Calibration.replications(1_500, 10_000);
        double[] shifts = {1.02, 1.05, 1.08, 1.10, 1.15, 1.20};
        double[] effects = {0, 0.035};
        StringBuilder table = new StringBuilder("Default gate (5 × 5, series medians, α = 1 %): probability of"
                + " \"regressed\" when every FCT is multiplied by the factor, " + r + " replications per cell\n\n"
                + "| series effect σs |");
        for (double shift : shifts) {
            table.append(" × ").append(shift).append(" |");
        }
        table.append("\n|---|").append("---|".repeat(shifts.length)).append('\n');
        SoftAssertions soft = new SoftAssertions();
        for (int e = 0; e < effects.length; e++) {
            table.append("| ").append(effects[e]).append(" |");
            double previous = 0;
            for (int k = 0; k < shifts.length; k++) {
                double rate = rate(Design.SERIES_MEDIANS, effects[e], shifts[k], r, 100 + 10 * e + k);
                table.append(' ').append(Calibration.percent(rate)).append(" |");
                // A larger shift is detected at least as often, up to the Monte Carlo error of both cells.
                soft.assertThat(rate).as("power at × %s, series effect %s", shifts[k], effects[e])
                        .isGreaterThanOrEqualTo(previous - 3 * Math.sqrt(2) * Calibration.standardError(previous, r));
                previous = rate;
            }
            table.append('\n');
        }
        Calibration.publish("regression-gate-power", table.toString());
        soft.assertAll();
    }

    private static double rate(Design design, double seriesEffect, double scale, int replications, int cell) {
        return rates(new Design[] {design}, seriesEffect, scale, replications, cell)[0];
    }

    /** The fraction of replications in which each design reports a regression. */
    private static double[] rates(Design[] designs, double seriesEffect, double scale, int replications, int cell) {
        boolean tenSeries = Arrays.asList(designs).contains(Design.HEADLINE_10);
        FctModel model = new FctModel(Calibration.rng(SEED + cell), seriesEffect);
        int[] detected = new int[designs.length];
        for (int rep = 0; rep < replications; rep++) {
            double[][] baseline = model.sequel(tenSeries ? 10 : 5, 1);
            double[][] candidate = model.sequel(tenSeries ? 10 : 5, scale);
            for (int d = 0; d < designs.length; d++) {
                detected[d] += designs[d].detects(baseline, candidate) ? 1 : 0;
            }
        }
        double[] rates = new double[designs.length];
        for (int d = 0; d < designs.length; d++) {
            rates[d] = detected[d] / (double) replications;
        }
        return rates;
    }
}
