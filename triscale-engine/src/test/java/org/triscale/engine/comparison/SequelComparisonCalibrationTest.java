package org.triscale.engine.comparison;

import org.triscale.engine.numeric.SequelArrays;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;

import java.util.Arrays;
import java.util.Locale;

/**
 * Seeded Monte Carlo calibration of {@link SequelComparison} with its default tolerance: false
 * alarms at most α = 1 % in every design and kind of metric, the power of the paired design on the
 * emulator's FCT sample and of the unpaired one on FCT-like data, drifts inside the tolerance, and
 * "unchanged" never said of a 20 % change the design cannot resolve. Each target is asserted on
 * the bound of the measured rate that is 3 standard errors on the wrong side. With
 * {@code -Dtriscale.calibration=full} it prints the tables of {@code docs/regression-gate.md} and
 * writes them to {@code target/checks-calibration/}.
 */
class SequelComparisonCalibrationTest {
    private static final long SEED = 1_945_000_000L;
    private static final double ALPHA = ComparisonSettings.DEFAULT_ALPHA;
    // Independent pairs: the per-run test is what this calibration measures (dependence:
    // PairedDependenceCalibrationTest).
    private static final ComparisonSettings SETTINGS = ComparisonSettings.of(Direction.LOWER_IS_BETTER)
            .withPairedTest(PairedTest.RUNS);
    /** σd of the emulator's FCT sample for a change of CUBIC's dynamics (see ComparisonModel). */
    private static final double DYNAMICS = 0.1;
    private static final double[] FACTORS = {1, 1.02, 1.05, 1.10, 1.15, 1.20};
    private static final double[] RESIDUALS = {0, 0.02, 0.05, 0.07, 0.09, 0.1};

    /** The share of each outcome, the median tolerance and the median detectable change of one cell. */
    record Cell(double[] shares, double tolerance, double detectable) {
        double share(ComparisonOutcome outcome) {
            return shares[outcome.ordinal()];
        }
    }

    /** What is compared. */
    enum Design {
        /** Paired per-run changes of a candidate on the reference's seeds. */
        PAIRED,
        /** Series medians of a candidate on other seeds. */
        UNPAIRED,
        /** Series medians of the 5 × 5 FCT-like sequels of the gate's earlier calibration (as today). */
        UNPAIRED_FCT_5X5
    }

    static Cell cell(Design design, ComparisonModel model, double factor, double residual, int replications,
                     long cell) {
        return cell(design, model, factor, residual, replications, cell, SETTINGS);
    }

    static Cell cell(Design design, ComparisonModel model, double factor, double residual, int replications,
                     long cell, ComparisonSettings settings) {
        ComparisonModel.Source source = new ComparisonModel.Source(Calibration.rng(SEED + cell));
        FctModel fct = new FctModel(Calibration.rng(SEED + cell), 0);
        int[] counts = new int[ComparisonOutcome.values().length];
        double[] tolerances = new double[replications];
        double[] detectable = new double[replications];
        for (int rep = 0; rep < replications; rep++) {
            SequelChange change;
            switch (design) {
                case PAIRED: {
                    double[][][] pair = model.pair(source, factor, residual);
                    change = SequelComparison.paired(pair[0], pair[1], settings);
                    break;
                }
                case UNPAIRED: {
                    double[][] reference = model.pair(source, 1, 0)[0];
                    // On other seeds the residual means nothing: the candidate is the reference's
                    // distribution scaled by the factor (a residual would also widen it, a change of
                    // spread the rank-sum test may report).
                    double[][] candidate = model.pair(source, factor, 0)[1];
                    change = SequelComparison.unpaired(medians(reference), medians(candidate), settings);
                    break;
                }
                default: {
                    double[][] reference = fct.sequel(5, 1);
                    double[][] candidate = fct.sequel(5, factor);
                    change = SequelComparison.unpaired(medians(reference), medians(candidate), settings);
                }
            }
            counts[change.outcome().ordinal()]++;
            tolerances[rep] = change.relative(change.tolerance());
            detectable[rep] = change.relativeMinimumDetectableChange();
        }
        double[] shares = new double[counts.length];
        for (int i = 0; i < counts.length; i++) {
            shares[i] = counts[i] / (double) replications;
        }
        return new Cell(shares, median(tolerances), median(detectable));
    }

    private static double[] medians(double[][] sequel) {
        double[] out = new double[sequel.length];
        for (int s = 0; s < sequel.length; s++) {
            out[s] = SequelArrays.median(sequel[s]);
        }
        return out;
    }

    private static double median(double[] values) {
        double[] finite = Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
        return finite.length == 0 ? Double.NaN : SequelArrays.median(finite);
    }

    private static double limit(double rate, int replications) {
        return rate + 3 * Calibration.standardError(Math.max(rate, 1e-3), replications);
    }

    @Test
    void falseAlarmsStayBelowAlphaInEveryDesignAndKindOfMetric() {
        int r = Calibration.replications(1_500, 10_000);
        SoftAssertions soft = new SoftAssertions();
        int cell = 0;
        for (ComparisonModel model : ComparisonModel.values()) {
            for (Design design : new Design[] {Design.PAIRED, Design.UNPAIRED}) {
                double residual = model == ComparisonModel.EMULATOR_FCT ? DYNAMICS : 0.1;
                Cell result = cell(design, model, 1, residual, r, cell++);
                soft.assertThat(result.share(ComparisonOutcome.REGRESSED)).as("false alarms, %s %s", design, model)
                        .isLessThanOrEqualTo(limit(ALPHA, r));
            }
        }
        Cell fct = cell(Design.UNPAIRED_FCT_5X5, null, 1, 0, r, cell);
        soft.assertThat(fct.share(ComparisonOutcome.REGRESSED)).as("false alarms, 5 × 5 FCT")
                .isLessThanOrEqualTo(limit(ALPHA, r));
        soft.assertAll();
    }

    /**
     * The emulator's FCT sample, paired, with the default tolerance (at most 2 %): a 5 % change is
     * found at least 90 % of the time while a change moves the runs by up to ±7 % (σd ≤ 0.07; the
     * full table gives 90.6 % at 0.09 and 82.8 % at 0.1, below the target), a 20 % change at least
     * 99 % of the time up to σd = 0.1. The lower 3-standard-error bound of each rate must clear the
     * target. Measured values: docs/regression-gate.md.
     */
    @Test
    void pairedDesignDetectsWhatTheIssueAsks() {
        int r = Calibration.replications(1_000, 10_000);
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(cell(Design.PAIRED, ComparisonModel.EMULATOR_FCT, 1.05, 0, r, 20)
                .share(ComparisonOutcome.REGRESSED)).as("σd = 0, × 1.05").isEqualTo(1.0);
        int cell = 21;
        for (double residual : new double[] {0.02, 0.05, 0.07}) {
            double power = cell(Design.PAIRED, ComparisonModel.EMULATOR_FCT, 1.05, residual, r, cell++)
                    .share(ComparisonOutcome.REGRESSED);
            soft.assertThat(lowerBound(power, r)).as("σd = %s, × 1.05: %s", residual, power)
                    .isGreaterThanOrEqualTo(0.9);
        }
        double twenty = cell(Design.PAIRED, ComparisonModel.EMULATOR_FCT, 1.2, DYNAMICS, r, cell)
                .share(ComparisonOutcome.REGRESSED);
        soft.assertThat(lowerBound(twenty, r)).as("σd = 0.1, × 1.2: %s", twenty).isGreaterThanOrEqualTo(0.99);
        soft.assertAll();
    }

    /**
     * A drift of the test bed inside the tolerance. The default never exceeds 2 %, so a 2 % drift
     * is at its edge, not inside it. A drift well inside an explicit tolerance (2 % inside ±5 % at
     * σd = 0.1, inside ±4 % at σd = 0.05) is reported as regressed at most 5 % of the time; one
     * closer to the edge than about half the detectable change is not protected (docs).
     */
    @Test
    void aDriftWellInsideTheToleranceIsRarelyRegressed() {
        int r = Calibration.replications(1_000, 10_000);
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(cell(Design.PAIRED, ComparisonModel.EMULATOR_FCT, 1.02, 0.05, r, 40).tolerance())
                .as("median default tolerance, σd = 0.05").isEqualTo(Tolerance.DEFAULT_LIMIT);
        double[][] cases = {{DYNAMICS, 0.05}, {0.05, 0.04}};
        int cell = 41;
        for (double[] c : cases) {
            double rate = cell(Design.PAIRED, ComparisonModel.EMULATOR_FCT, 1.02, c[0], r, cell++,
                    SETTINGS.withTolerance(Tolerance.relative(c[1]))).share(ComparisonOutcome.REGRESSED);
            soft.assertThat(upperBound(rate, r)).as("× 1.02 inside ±%s, σd = %s: %s", c[1], c[0], rate)
                    .isLessThanOrEqualTo(0.05);
        }
        soft.assertAll();
    }

    /**
     * Unpaired: on the 5 × 5 FCT-like sequels of the gate's earlier calibration, a 15 % change is
     * reported as regressed at least 90 % of the time; on the emulator's sample a 20 % change on
     * other seeds, which this design cannot resolve (detectable change about 28 %), is never called
     * unchanged.
     */
    @Test
    void unpairedDesignDetectsWhatTheIssueAsks() {
        int r = Calibration.replications(1_000, 10_000);
        SoftAssertions soft = new SoftAssertions();
        double power = cell(Design.UNPAIRED_FCT_5X5, null, 1.15, 0, r, 30).share(ComparisonOutcome.REGRESSED);
        soft.assertThat(lowerBound(power, r)).as("5 × 5, × 1.15: %s", power).isGreaterThanOrEqualTo(0.9);
        soft.assertThat(cell(Design.UNPAIRED, ComparisonModel.EMULATOR_FCT, 1.2, 0, r, 31)
                .share(ComparisonOutcome.UNCHANGED)).as("unchanged, unpaired emulator, × 1.2").isZero();
        soft.assertAll();
    }

    private static double lowerBound(double rate, int replications) {
        return rate - 3 * Calibration.standardError(Math.min(Math.max(rate, 1e-3), 1 - 1e-3), replications);
    }

    private static double upperBound(double rate, int replications) {
        return limit(rate, replications);
    }

    @Test
    void falseAlarmsStayAtAlphaAndPowerDoesNotFallAsTheChangeGrows() {
        Assumptions.assumeTrue(Calibration.full(), "the tables are printed with -Dtriscale.calibration=full");
        int r = Calibration.replications(1_500, 10_000);
        StringBuilder table = new StringBuilder("Probability of \"regressed\" (and of \"unchanged\"), " + r
                + " replications per cell; tolerance and detectable change: medians\n\n| design | metric | σd |");
        for (double factor : FACTORS) {
            table.append(" × ").append(factor).append(" |");
        }
        table.append(" tolerance | detectable change |\n|---|---|---|").append("---|".repeat(FACTORS.length + 2))
                .append('\n');
        int cell = 100;
        SoftAssertions soft = new SoftAssertions();
        for (ComparisonModel model : ComparisonModel.values()) {
            double[] residuals = model == ComparisonModel.EMULATOR_FCT ? RESIDUALS : new double[] {0.1};
            for (Design design : new Design[] {Design.PAIRED, Design.UNPAIRED}) {
                for (double residual : design == Design.PAIRED ? residuals : new double[] {0}) {
                    String name = design.name().toLowerCase(Locale.ROOT) + " " + model.name().toLowerCase(Locale.ROOT)
                            + " σd " + residual;
                    checkRow(soft, name, r, row(table, design.name().toLowerCase(Locale.ROOT),
                            model.name().toLowerCase(Locale.ROOT),
                            design == Design.PAIRED && model != ComparisonModel.COUNTS ? residual : Double.NaN,
                            (factor, c) -> cell(design, model, factor, residual, r, c), cell));
                    cell += FACTORS.length;
                }
            }
        }
        checkRow(soft, "unpaired 5 × 5 FCT-like", r, row(table, "unpaired, 5 × 5", "FCT-like", Double.NaN,
                (factor, c) -> cell(Design.UNPAIRED_FCT_5X5, null, factor, 0, r, c), cell));
        Calibration.publish("sequel-comparison", table.toString());
        soft.assertAll();
    }

    /**
     * What every row of the table must show: false alarms (× 1) at most α, and a share of
     * "regressed" that does not fall as the change grows (a larger slowdown is never harder to
     * find), each within 3 standard errors.
     */
    private static void checkRow(SoftAssertions soft, String name, int replications, Cell[] cells) {
        soft.assertThat(cells[0].share(ComparisonOutcome.REGRESSED)).as("false alarms, %s", name)
                .isLessThanOrEqualTo(limit(ALPHA, replications));
        double slack = 3 * Math.sqrt(2 * 0.25 / replications);
        for (int k = 1; k < cells.length; k++) {
            soft.assertThat(cells[k].share(ComparisonOutcome.REGRESSED)).as("regressed at × %s, %s", FACTORS[k], name)
                    .isGreaterThanOrEqualTo(cells[k - 1].share(ComparisonOutcome.REGRESSED) - slack);
        }
    }

    private interface CellAt {
        Cell at(double factor, long cell);
    }

    private static Cell[] row(StringBuilder table, String design, String metric, double residual, CellAt cells,
                              int firstCell) {
        Cell[] all = new Cell[FACTORS.length];
        table.append("| ").append(design).append(" | ").append(metric).append(" | ")
                .append(Double.isNaN(residual) ? "–" : Double.toString(residual)).append(" |");
        Cell last = null;
        for (int k = 0; k < FACTORS.length; k++) {
            double factor = FACTORS[k];
            Cell c = cells.at(factor, firstCell + k);
            all[k] = c;
            table.append(' ').append(Calibration.percent(c.share(ComparisonOutcome.REGRESSED)));
            table.append(" (").append(Calibration.percent(c.share(ComparisonOutcome.UNCHANGED))).append(") |");
            if (factor == 1) {
                last = c;
            }
        }
        table.append(' ').append(Calibration.percent(last.tolerance())).append(" | ")
                .append(Calibration.percent(last.detectable())).append(" |\n");
        return all;
    }
}
