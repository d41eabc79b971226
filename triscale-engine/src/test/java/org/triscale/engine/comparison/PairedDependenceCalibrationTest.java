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
 * Seeded Monte Carlo of the paired comparison when pairs are not independent: 5 series of 10
 * pairs whose per-run log ratios share a series effect (baseline and candidate series ran on
 * different days: each series' change shifted by √2·σs·Z) or carry AR(1) noise from run to run,
 * plus heavy tails (Student t3) and ties (changes rounded to whole percents). False alarms of
 * {@link PairedTest#AUTO} (the default) and {@link PairedTest#SERIES} stay at α = 1 % within the
 * Monte Carlo error in every cell; {@link PairedTest#RUNS} does not under dependence; power of each
 * design for +5 %. {@code -Dtriscale.calibration=full} runs 20,000 replications per cell and
 * writes the table to {@code target/checks-calibration/paired-dependence.md}.
 */
class PairedDependenceCalibrationTest {
    private static final int SERIES = 5;
    private static final int RUNS = 10;
    private static final double ALPHA = 0.01;
    private static final double FIVE_PERCENT = Math.log(1.05);

    /** A generator of per-run log ratios, one cell of the table. */
    private record Cell(String name, String kind, double parameter, double sd) {
        double[][] changes(UniformRandomProvider rng, ZigguratSampler.NormalizedGaussian normal, double shift) {
            double[][] out = new double[SERIES][RUNS];
            for (int s = 0; s < SERIES; s++) {
                double seriesEffect = kind.equals("series") ? Math.sqrt(2) * parameter * normal.sample() : 0;
                double previous = normal.sample();
                for (int r = 0; r < RUNS; r++) {
                    double e;
                    switch (kind) {
                        case "ar":
                            e = r == 0 ? previous : parameter * previous
                                    + Math.sqrt(1 - parameter * parameter) * normal.sample();
                            previous = e;
                            break;
                        case "t3": {
                            double chi = 0;
                            for (int k = 0; k < 3; k++) {
                                double z = normal.sample();
                                chi += z * z;
                            }
                            e = normal.sample() / Math.sqrt(chi / 3) / Math.sqrt(3.0); // unit variance
                            break;
                        }
                        default:
                            e = normal.sample();
                    }
                    double change = shift + seriesEffect + sd * e;
                    if (kind.equals("ties")) {
                        change = Math.round(change * 100) / 100.0;
                    }
                    out[s][r] = change;
                }
            }
            return out;
        }
    }

    private static final List<Cell> CELLS = List.of(
            new Cell("independent, σd 0.08", "iid", 0, 0.08),
            new Cell("series effects σs 0.035, σd 0.08", "series", 0.035, 0.08),
            new Cell("series effects σs 0.07, σd 0.08", "series", 0.07, 0.08),
            new Cell("AR(1) φ 0.3, σd 0.10", "ar", 0.3, 0.10),
            new Cell("AR(1) φ 0.6, σd 0.10", "ar", 0.6, 0.10),
            new Cell("heavy tails t3, σd 0.08", "t3", 0, 0.08),
            new Cell("ties (whole percents), σd 0.02", "ties", 0, 0.02));

    /** Fraction of replications reported as regressed. */
    private static double regressedRate(Cell cell, PairedTest test, double shift, int replications, long seed) {
        UniformRandomProvider rng = Calibration.rng(seed);
        ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
        ComparisonSettings settings = ComparisonSettings.of(Direction.LOWER_IS_BETTER).withPairedTest(test);
        int regressed = 0;
        for (int i = 0; i < replications; i++) {
            double[][] changes = cell.changes(rng, normal, shift);
            double[][] reference = new double[SERIES][RUNS];
            double[][] candidate = new double[SERIES][RUNS];
            for (int s = 0; s < SERIES; s++) {
                for (int r = 0; r < RUNS; r++) {
                    reference[s][r] = 100;
                    candidate[s][r] = 100 * Math.exp(changes[s][r]);
                }
            }
            if (SequelComparison.paired(reference, candidate, settings).outcome() == ComparisonOutcome.REGRESSED) {
                regressed++;
            }
        }
        return (double) regressed / replications;
    }

    @Test
    void falseAlarmsStayAtAlphaUnderDependenceAndPowerIsReportedPerDesign() {
        int replications = Calibration.replications(1_500, 20_000);
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "Paired comparison, 5 series × 10 pairs, α = 1 %%, %,d replications per cell (standard error 0.26"
                        + " point at 1 %% with 1,500; 0.07 with 20,000). FA: regressed with no change; power: regressed"
                        + " at +5 %%.%n%n| cell | FA auto | FA series | FA runs | power auto | power series | power runs |"
                        + "%n|---|---|---|---|---|---|---|%n", replications));
        List<String> failures = new ArrayList<>();
        long seed = 2_024_000_000L;
        for (Cell cell : CELLS) {
            double[] fa = new double[3];
            double[] power = new double[3];
            PairedTest[] tests = {PairedTest.AUTO, PairedTest.SERIES, PairedTest.RUNS};
            for (int k = 0; k < 3; k++) {
                fa[k] = regressedRate(cell, tests[k], 0, replications, seed++);
                power[k] = regressedRate(cell, tests[k], FIVE_PERCENT, replications, seed++);
            }
            table.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |%n", cell.name(),
                    Calibration.percent(fa[0]), Calibration.percent(fa[1]), Calibration.percent(fa[2]),
                    Calibration.percent(power[0]), Calibration.percent(power[1]), Calibration.percent(power[2])));
            double bound = ALPHA + 3 * Calibration.standardError(ALPHA, replications);
            for (int k = 0; k < 2; k++) {
                if (fa[k] > bound) {
                    failures.add(tests[k] + " in " + cell.name() + ": " + Calibration.percent(fa[k]));
                }
            }
            if (cell.kind().equals("iid")) {
                // The per-run test keeps the sample's power with independent pairs.
                assertThat(power[2]).as("power of RUNS, independent pairs")
                        .isGreaterThanOrEqualTo(0.90 - 3 * Calibration.standardError(0.9, replications));
                assertThat(fa[2]).as("FA of RUNS, independent pairs").isLessThanOrEqualTo(bound);
            }
            if (cell.name().startsWith("series effects σs 0.07") || cell.name().startsWith("AR(1) φ 0.6")) {
                // The calibration must be able to fail: the per-run test does not keep α here.
                assertThat(fa[2]).as("FA of RUNS in " + cell.name()).isGreaterThan(0.05);
            }
        }
        Calibration.publish("paired-dependence", table.toString());
        assertThat(failures).as("false alarms above α + 3 standard errors").isEmpty();
    }
}
