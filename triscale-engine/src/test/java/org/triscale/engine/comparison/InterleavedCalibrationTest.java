package org.triscale.engine.comparison;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded Monte Carlo of the interleaved design ({@link SequelComparison#interleaved}) on a test
 * bed simulated slot by slot in time: 5 series (days) of 10 pairs, each pair two consecutive time
 * slots on one seed, the reference in the first or the second slot by a fair coin. A run's log
 * value is the seed's effect (shared by both members of a pair: common random numbers) plus the
 * day's effect, the test bed's noise in that slot (independent, AR(1) from slot to slot through
 * the day, Student t3), a linear drift through the day, an order effect (the second run of a pair
 * slower, e.g. a heating machine), with values rounded to whole units in the ties cell. None of
 * these generators was used to design the comparison.
 *
 * <p>Promise checked: false "regressed" and false "improved" each ≤ α = 1 % within 3 Monte Carlo
 * standard errors in every cell, and power ≥ 90 % for +5 % at σd = 0.08 (the per-pair change's
 * standard deviation) with independent noise. That the coin is what keeps α is checked too: with
 * the order fixed (reference always first) the order effect alone gives false alarms far above α.
 * {@code -Dtriscale.calibration=full} runs 20,000 replications per cell and writes the table to
 * {@code target/checks-calibration/interleaved.md}.
 */
class InterleavedCalibrationTest {
    private static final int SERIES = 5;
    private static final int PAIRS = 10;
    private static final double ALPHA = 0.01;
    private static final double FIVE_PERCENT = Math.log(1.05);
    /** The spread of the seeds' effects: large, as workloads differ far more than runs of one workload. */
    private static final double SEED_SD = 0.10;

    /**
     * One cell: how the slots of a day vary.
     *
     * @param name        the cell's row in the table
     * @param daySd       standard deviation of the day's effect (log scale)
     * @param phi         AR(1) coefficient of the noise from slot to slot, 0 for independent
     * @param pairSd      standard deviation of a pair's change from the noise (σd): the slot noise is σd/√2
     * @param heavyTails  Student t3 noise (unit variance) instead of normal
     * @param drift       log change of the test bed over a day, linear in time
     * @param orderEffect log change of the second run of a pair
     * @param ties        values rounded to whole units (around 100)
     */
    private record Cell(String name, double daySd, double phi, double pairSd, boolean heavyTails, double drift,
                        double orderEffect, boolean ties) {
        /** Fills {@code reference} and {@code candidate} with one launch; the candidate is {@code shift} slower. */
        void launch(UniformRandomProvider rng, ZigguratSampler.NormalizedGaussian normal, double shift,
                    boolean randomOrder, double[][] reference, double[][] candidate) {
            double slotSd = pairSd / Math.sqrt(2);
            for (int s = 0; s < SERIES; s++) {
                double day = daySd * normal.sample();
                double noise = noise(rng, normal);
                for (int r = 0; r < PAIRS; r++) {
                    double seed = SEED_SD * normal.sample();
                    boolean referenceFirst = !randomOrder || rng.nextBoolean();
                    for (int slot = 0; slot < 2; slot++) {
                        int time = 2 * r + slot;
                        if (time > 0) {
                            noise = phi * noise + Math.sqrt(1 - phi * phi) * noise(rng, normal);
                        }
                        double log = seed + day + slotSd * noise + drift * time / (2.0 * PAIRS)
                                + (slot == 1 ? orderEffect : 0);
                        boolean isReference = (slot == 0) == referenceFirst;
                        double value = 100 * Math.exp(log + (isReference ? 0 : shift));
                        if (ties) {
                            value = Math.max(1, Math.rint(value));
                        }
                        (isReference ? reference : candidate)[s][r] = value;
                    }
                }
            }
        }

        /** A unit-variance innovation. */
        private double noise(UniformRandomProvider rng, ZigguratSampler.NormalizedGaussian normal) {
            if (!heavyTails) {
                return normal.sample();
            }
            double chi = 0;
            for (int k = 0; k < 3; k++) {
                double z = normal.sample();
                chi += z * z;
            }
            return normal.sample() / Math.sqrt(chi / 3) / Math.sqrt(3.0);
        }
    }

    private static final List<Cell> CELLS = List.of(
            new Cell("independent, σd 0.08", 0, 0, 0.08, false, 0, 0, false),
            new Cell("day effects σs 0.035, σd 0.08", 0.035, 0, 0.08, false, 0, 0, false),
            new Cell("day effects σs 0.07, σd 0.08", 0.07, 0, 0.08, false, 0, 0, false),
            new Cell("AR(1) φ 0.3 slot to slot, σd 0.10", 0, 0.3, 0.10, false, 0, 0, false),
            new Cell("AR(1) φ 0.6 slot to slot, σd 0.10", 0, 0.6, 0.10, false, 0, 0, false),
            new Cell("drift +10 % a day, day effects σs 0.07, σd 0.08", 0.07, 0, 0.08, false, Math.log(1.1), 0, false),
            new Cell("second run of a pair 3 % slower, σd 0.08", 0, 0, 0.08, false, 0, Math.log(1.03), false),
            new Cell("heavy tails t3, σd 0.08", 0, 0, 0.08, true, 0, 0, false),
            new Cell("ties (whole units of ~100), σd 0.02", 0.035, 0.3, 0.02, false, 0, 0, true));

    /** Rates of regressed and improved over the replications. */
    private static double[] rates(Cell cell, double shift, boolean randomOrder, int replications, long seed) {
        UniformRandomProvider rng = Calibration.rng(seed);
        ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
        ComparisonSettings settings = ComparisonSettings.of(Direction.LOWER_IS_BETTER);
        double[][] reference = new double[SERIES][PAIRS];
        double[][] candidate = new double[SERIES][PAIRS];
        int regressed = 0;
        int improved = 0;
        for (int i = 0; i < replications; i++) {
            cell.launch(rng, normal, shift, randomOrder, reference, candidate);
            ComparisonOutcome outcome = SequelComparison.interleaved(reference, candidate, settings).outcome();
            regressed += outcome == ComparisonOutcome.REGRESSED ? 1 : 0;
            improved += outcome == ComparisonOutcome.IMPROVED ? 1 : 0;
        }
        return new double[] {(double) regressed / replications, (double) improved / replications};
    }

    @Test
    void falseAlarmsStayAtAlphaWhateverTheDriftAndPowerStaysAtNinetyPercent() {
        int replications = Calibration.replications(1_000, 20_000);
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "Interleaved comparison, 5 series × 10 pairs in random order, α = 1 %%, %,d replications per cell."
                        + " FA: regressed (improved) with no change; power: regressed at +5 %%.%n%n"
                        + "| test bed | FA regressed | FA improved | power +5 %% |%n|---|---|---|---|%n", replications));
        double bound = ALPHA + 3 * Calibration.standardError(ALPHA, replications);
        List<String> failures = new ArrayList<>();
        long seed = 2_026_120_300L;
        for (Cell cell : CELLS) {
            double[] none = rates(cell, 0, true, replications, seed++);
            double power = rates(cell, FIVE_PERCENT, true, replications, seed++)[0];
            table.append(String.format(Locale.ROOT, "| %s | %s | %s | %s |%n", cell.name(),
                    Calibration.percent(none[0]), Calibration.percent(none[1]), Calibration.percent(power)));
            if (none[0] > bound || none[1] > bound) {
                failures.add(cell.name() + ": regressed " + Calibration.percent(none[0]) + ", improved "
                        + Calibration.percent(none[1]));
            }
            if (cell.name().startsWith("independent")) {
                assertThat(power).as("power for +5 % at σd 0.08, independent noise")
                        .isGreaterThanOrEqualTo(0.90 - 3 * Calibration.standardError(0.9, replications));
            }
        }
        Calibration.publish("interleaved", table.toString());
        assertThat(failures).as("false alarms above α + 3 standard errors").isEmpty();
    }

    @Test
    void withoutTheCoinAnOrderEffectGivesFalseAlarms() {
        Cell heating = CELLS.stream().filter(c -> c.orderEffect() > 0).findFirst().orElseThrow();
        int replications = Calibration.replications(600, 5_000);
        double fixed = rates(heating, 0, false, replications, 2_026_120_399L)[0];
        double random = rates(heating, 0, true, replications, 2_026_120_398L)[0];
        System.out.printf(Locale.ROOT, "%s, %,d replications: regressed with the reference always first %s, in random"
                + " order %s%n", heating.name(), replications, Calibration.percent(fixed), Calibration.percent(random));
        assertThat(fixed).as("regressed with the reference always first").isGreaterThan(0.3);
        assertThat(random).as("regressed in random order")
                .isLessThanOrEqualTo(ALPHA + 3 * Calibration.standardError(ALPHA, replications));
    }

    @Test
    void anExplicitSeriesTestIsHonouredAndAutoTestsTheRuns() {
        double[][] reference = new double[SERIES][PAIRS];
        double[][] candidate = new double[SERIES][PAIRS];
        UniformRandomProvider rng = Calibration.rng(7);
        CELLS.get(2).launch(rng, ZigguratSampler.NormalizedGaussian.of(rng), FIVE_PERCENT, true, reference, candidate);
        ComparisonSettings settings = ComparisonSettings.of(Direction.LOWER_IS_BETTER);
        assertThat(SequelComparison.interleaved(reference, candidate, settings).design()).isEqualTo(Design.INTERLEAVED);
        assertThat(SequelComparison.interleaved(reference, candidate, settings.withPairedTest(PairedTest.SERIES))
                .design()).isEqualTo(Design.PAIRED_SERIES);
        assertThat(SequelComparison.paired(reference, candidate, settings).design()).isNotEqualTo(Design.INTERLEAVED);
        assertThat(Design.INTERLEAVED.label()).isEqualTo("interleaved");
        assertThat(Design.INTERLEAVED.isPaired()).isTrue();
    }
}
