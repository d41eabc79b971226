package org.triscale.engine.comparison;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;

import java.util.Arrays;
import java.util.Locale;

/**
 * Seeded Monte Carlo calibration of {@link SequelComparison}: false alarms at most α = 1 % in
 * every design and kind of metric, the power of the paired design on the emulator's FCT sample
 * and of the unpaired one on FCT-like data, a drift inside the tolerance, and "unchanged" never
 * said of a 20 % change. With {@code -Dtriscale.calibration=full} it prints the tables of
 * {@code docs/regression-gate.md} and writes them to {@code target/checks-calibration/}.
 */
class SequelComparisonCalibrationTest {
    private static final long SEED = 1_945_000_000L;
    private static final double ALPHA = ComparisonSettings.DEFAULT_ALPHA;
    private static final ComparisonSettings SETTINGS = ComparisonSettings.of(Direction.LOWER_IS_BETTER);
    /** σd of the emulator's FCT sample for a change of CUBIC's dynamics (see ComparisonModel). */
    private static final double DYNAMICS = 0.1;
    private static final double[] FACTORS = {1, 1.02, 1.05, 1.10, 1.15, 1.20};
    private static final double[] RESIDUALS = {0, 0.02, 0.05, 0.1};

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
                    change = SequelComparison.paired(pair[0], pair[1], SETTINGS);
                    break;
                }
                case UNPAIRED: {
                    double[][] reference = model.pair(source, 1, 0)[0];
                    double[][] candidate = model.pair(source, factor, residual)[1];
                    change = SequelComparison.unpaired(medians(reference), medians(candidate), SETTINGS);
                    break;
                }
                default: {
                    double[][] reference = fct.sequel(5, 1);
                    double[][] candidate = fct.sequel(5, factor);
                    change = SequelComparison.unpaired(medians(reference), medians(candidate), SETTINGS);
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
            out[s] = SequelComparison.median(sequel[s]);
        }
        return out;
    }

    private static double median(double[] values) {
        double[] finite = Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
        return finite.length == 0 ? Double.NaN : SequelComparison.median(finite);
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
     * The emulator's FCT sample, paired: a change that scales every run alike (σd = 0: the
     * new-user scenario) is found at 5 % and 20 % every time; with σd = 0.02, 5 % is found at least
     * 90 % of the time; with σd = 0.1 (a change of CUBIC's dynamics), 20 % at least 99 % of the
     * time, and a 2 % drift, inside the tolerance (8.7 % there), is reported as regressed at most
     * 5 % of the time. Measured values: docs/regression-gate.md.
     */
    @Test
    void pairedDesignDetectsWhatTheIssueAsks() {
        int r = Calibration.replications(1_000, 10_000);
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(cell(Design.PAIRED, ComparisonModel.EMULATOR_FCT, 1.05, 0, r, 20)
                .share(ComparisonOutcome.REGRESSED)).as("σd = 0, × 1.05").isEqualTo(1.0);
        soft.assertThat(cell(Design.PAIRED, ComparisonModel.EMULATOR_FCT, 1.05, 0.02, r, 21)
                .share(ComparisonOutcome.REGRESSED)).as("σd = 0.02, × 1.05").isGreaterThanOrEqualTo(0.9);
        soft.assertThat(cell(Design.PAIRED, ComparisonModel.EMULATOR_FCT, 1.2, 0.02, r, 22)
                .share(ComparisonOutcome.REGRESSED)).as("σd = 0.02, × 1.2").isGreaterThanOrEqualTo(0.99);
        // Measured 99.3 % with 10,000 replications.
        soft.assertThat(cell(Design.PAIRED, ComparisonModel.EMULATOR_FCT, 1.2, DYNAMICS, r, 23)
                .share(ComparisonOutcome.REGRESSED)).as("σd = 0.1, × 1.2")
                .isGreaterThanOrEqualTo(0.993 - 3 * Calibration.standardError(0.993, r));
        Cell drift = cell(Design.PAIRED, ComparisonModel.EMULATOR_FCT, 1.02, DYNAMICS, r, 24);
        soft.assertThat(drift.tolerance()).as("median tolerance, σd = 0.1").isGreaterThan(0.02);
        soft.assertThat(drift.share(ComparisonOutcome.REGRESSED)).as("σd = 0.1, × 1.02")
                .isLessThanOrEqualTo(0.05);
        soft.assertAll();
    }

    /**
     * Unpaired, on the 5 × 5 FCT-like sequels of the gate's earlier calibration: a 15 % change is
     * reported as regressed as often as measured (88.4 %, below the 97.8 % of the test alone: the
     * estimate must also exceed the tolerance); unpaired on the emulator's sample, a 20 % change is
     * called unchanged at most as often as measured (4.1 %: the default tolerance there, 23 %,
     * exceeds 20 %).
     */
    @Test
    void unpairedDesignAsMeasured() {
        int r = Calibration.replications(1_000, 10_000);
        double extra = 3 * Calibration.standardError(0.884, r) + 3 * Calibration.standardError(0.884, 10_000);
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(cell(Design.UNPAIRED_FCT_5X5, null, 1.15, 0, r, 30).share(ComparisonOutcome.REGRESSED))
                .as("5 × 5, × 1.15").isGreaterThanOrEqualTo(0.884 - extra);
        soft.assertThat(cell(Design.UNPAIRED, ComparisonModel.EMULATOR_FCT, 1.2, 0, r, 31)
                .share(ComparisonOutcome.UNCHANGED)).as("unchanged, unpaired emulator, × 1.2")
                .isLessThanOrEqualTo(0.041 + 3 * Calibration.standardError(0.041, r)
                        + 3 * Calibration.standardError(0.041, 10_000));
        soft.assertAll();
    }

    @Test
    void printsTheTables() {
        if (!Calibration.full()) {
            return;
        }
        int r = Calibration.replications(1_500, 10_000);
        StringBuilder table = new StringBuilder("Probability of \"regressed\" (and of \"unchanged\"), " + r
                + " replications per cell; tolerance and detectable change: medians\n\n| design | metric | σd |");
        for (double factor : FACTORS) {
            table.append(" × ").append(factor).append(" |");
        }
        table.append(" tolerance | detectable change |\n|---|---|---|").append("---|".repeat(FACTORS.length + 2))
                .append('\n');
        int cell = 100;
        for (ComparisonModel model : ComparisonModel.values()) {
            double[] residuals = model == ComparisonModel.EMULATOR_FCT ? RESIDUALS : new double[] {0.1};
            for (Design design : new Design[] {Design.PAIRED, Design.UNPAIRED}) {
                for (double residual : design == Design.PAIRED ? residuals : new double[] {DYNAMICS}) {
                    row(table, design.name().toLowerCase(Locale.ROOT), model.name().toLowerCase(Locale.ROOT),
                            design == Design.PAIRED && model != ComparisonModel.COUNTS ? residual : Double.NaN,
                            (factor, c) -> cell(design, model, factor, residual, r, c), cell);
                    cell += FACTORS.length;
                }
            }
        }
        row(table, "unpaired, 5 × 5", "FCT-like", Double.NaN, (factor, c) -> cell(Design.UNPAIRED_FCT_5X5, null,
                factor, 0, r, c), cell);
        Calibration.publish("sequel-comparison", table.toString());
    }

    private interface CellAt {
        Cell at(double factor, long cell);
    }

    private static void row(StringBuilder table, String design, String metric, double residual, CellAt cells,
                            int firstCell) {
        table.append("| ").append(design).append(" | ").append(metric).append(" | ")
                .append(Double.isNaN(residual) ? "–" : Double.toString(residual)).append(" |");
        Cell last = null;
        for (int k = 0; k < FACTORS.length; k++) {
            double factor = FACTORS[k];
            Cell c = cells.at(factor, firstCell + k);
            table.append(' ').append(Calibration.percent(c.share(ComparisonOutcome.REGRESSED)));
            table.append(" (").append(Calibration.percent(c.share(ComparisonOutcome.UNCHANGED))).append(") |");
            if (factor == 1) {
                last = c;
            }
        }
        table.append(' ').append(Calibration.percent(last.tolerance())).append(" | ")
                .append(Calibration.percent(last.detectable())).append(" |\n");
    }
}
