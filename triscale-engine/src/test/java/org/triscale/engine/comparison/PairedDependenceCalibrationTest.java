package org.triscale.engine.comparison;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.assertj.core.api.SoftAssertions;
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
 * design for +5 %. The same 50 runs as 10 series of 5: {@code AUTO} keeps α in every cell and
 * detects +5 % with independent pairs at least 90 % of the time. {@code -Dtriscale.calibration=full}
 * runs 20,000 replications per cell, adds the pre-check levels' table (why no level gives 5 series
 * both α under series effects and 90 % power with independent pairs) and writes the tables to
 * {@code target/checks-calibration/paired-dependence*.md}.
 */
class PairedDependenceCalibrationTest {
    private static final int SERIES = 5;
    private static final int RUNS = 10;
    /** The same 50 runs as 10 series of 5: the series-level test gets 9 degrees of freedom. */
    private static final int WIDE_SERIES = 10;
    private static final int WIDE_RUNS = 5;
    private static final double ALPHA = 0.01;
    private static final double FIVE_PERCENT = Math.log(1.05);

    /** A generator of per-run log ratios, one cell of the table. */
    private record Cell(String name, String kind, double parameter, double sd) {
        double[][] changes(UniformRandomProvider rng, ZigguratSampler.NormalizedGaussian normal, double shift) {
            return changes(rng, normal, shift, SERIES, RUNS);
        }

        double[][] changes(UniformRandomProvider rng, ZigguratSampler.NormalizedGaussian normal, double shift,
                           int seriesCount, int runCount) {
            double[][] out = new double[seriesCount][runCount];
            for (int s = 0; s < seriesCount; s++) {
                double seriesEffect = kind.equals("series") ? Math.sqrt(2) * parameter * normal.sample() : 0;
                double previous = normal.sample();
                for (int r = 0; r < runCount; r++) {
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
        return regressedRate(cell, test, shift, replications, seed, SERIES, RUNS);
    }

    private static double regressedRate(Cell cell, PairedTest test, double shift, int replications, long seed,
                                        int seriesCount, int runCount) {
        UniformRandomProvider rng = Calibration.rng(seed);
        ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
        ComparisonSettings settings = ComparisonSettings.of(Direction.LOWER_IS_BETTER).withPairedTest(test);
        int regressed = 0;
        for (int i = 0; i < replications; i++) {
            double[][] changes = cell.changes(rng, normal, shift, seriesCount, runCount);
            if (SequelComparison.paired(reference(changes), candidate(changes), settings).outcome()
                    == ComparisonOutcome.REGRESSED) {
                regressed++;
            }
        }
        return (double) regressed / replications;
    }

    /** A reference of 100 in every run. */
    private static double[][] reference(double[][] changes) {
        double[][] reference = new double[changes.length][];
        for (int s = 0; s < changes.length; s++) {
            reference[s] = new double[changes[s].length];
            java.util.Arrays.fill(reference[s], 100);
        }
        return reference;
    }

    /** The candidate whose per-run log ratios to {@link #reference} are the changes. */
    private static double[][] candidate(double[][] changes) {
        double[][] candidate = new double[changes.length][];
        for (int s = 0; s < changes.length; s++) {
            candidate[s] = new double[changes[s].length];
            for (int r = 0; r < changes[s].length; r++) {
                candidate[s][r] = 100 * Math.exp(changes[s][r]);
            }
        }
        return candidate;
    }

    @Test
    void tenSeriesOfFiveKeepAlphaAndReachNinetyPercentPowerWithIndependentPairs() {
        int replications = Calibration.replications(1_500, 20_000);
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "Paired comparison, the default design (auto), 10 series × 5 pairs (the same 50 runs), α = 1 %%, %,d"
                        + " replications per cell. FA: regressed with no change; power: regressed at +5 %%.%n%n"
                        + "| cell | FA auto | power auto |%n|---|---|---|%n", replications));
        List<String> failures = new ArrayList<>();
        long seed = 2_024_100_000L;
        double bound = ALPHA + 3 * Calibration.standardError(ALPHA, replications);
        for (Cell cell : CELLS) {
            double fa = regressedRate(cell, PairedTest.AUTO, 0, replications, seed++, WIDE_SERIES, WIDE_RUNS);
            double power = regressedRate(cell, PairedTest.AUTO, FIVE_PERCENT, replications, seed++, WIDE_SERIES,
                    WIDE_RUNS);
            table.append(String.format(Locale.ROOT, "| %s | %s | %s |%n", cell.name(), Calibration.percent(fa),
                    Calibration.percent(power)));
            if (fa > bound) {
                failures.add("AUTO in " + cell.name() + ": " + Calibration.percent(fa));
            }
            if (cell.kind().equals("iid")) {
                assertThat(power).as("power of AUTO, 10 × 5 independent pairs, +5 %")
                        .isGreaterThanOrEqualTo(0.90 - 3 * Calibration.standardError(0.9, replications));
            }
        }
        Calibration.publish("paired-dependence-10x5", table.toString());
        assertThat(failures).as("false alarms above α + 3 standard errors").isEmpty();
    }

    /**
     * For 5 × 10 pairs, the rate of "regressed" of {@code AUTO} with each pair of pre-check levels
     * (Kruskal–Wallis, serial correlation), from the same replications: the per-replication
     * p-values of both pre-checks and the outcomes of both tests are drawn once. Lower levels buy
     * power with independent pairs and lose α under series effects, which is why {@code AUTO}'s
     * level is {@value SequelComparison#PRE_CHECK_LEVEL}: asserted at the lowest level against the
     * highest, on the independent cell and the small series effects (σs 0.035) in the normal
     * build, on every cell with the table in the full calibration.
     */
    @Test
    void preCheckLevelsTradeFalseAlarmsUnderSeriesEffectsForPower() {
        int replications = Calibration.replications(600, 20_000);
        List<Cell> cells = Calibration.full() ? CELLS
                : CELLS.stream().filter(c -> c.kind().equals("iid") || c.parameter() == 0.035).toList();
        double alphaBound = ALPHA + 3 * Calibration.standardError(ALPHA, replications);
        double[] levels = {0.05, 0.1, 0.2, 0.3, 0.5};
        ComparisonSettings runs = ComparisonSettings.of(Direction.LOWER_IS_BETTER).withPairedTest(PairedTest.RUNS);
        ComparisonSettings series = ComparisonSettings.of(Direction.LOWER_IS_BETTER)
                .withPairedTest(PairedTest.SERIES);
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "AUTO with other pre-check levels (both"
                + " at the same level), 5 series × 10 pairs, α = 1 %%, %,d replications per cell: regressed with no"
                + " change (FA) and at +5 %% (power).%n%n| cell |", replications));
        for (double level : levels) {
            table.append(String.format(Locale.ROOT, " FA at %s | power at %s |", Calibration.percent(level),
                    Calibration.percent(level)));
        }
        table.append("\n|---|").append("---|---|".repeat(levels.length)).append('\n');
        long seed = 2_024_200_000L;
        SoftAssertions softly = new SoftAssertions();
        for (Cell cell : CELLS) {
            if (!cells.contains(cell)) {
                seed += 2; // the same seeds per cell in both modes
                continue;
            }
            double[][] rates = new double[2][levels.length];
            for (int k = 0; k < 2; k++) {
                UniformRandomProvider rng = Calibration.rng(seed++);
                ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
                for (int i = 0; i < replications; i++) {
                    double[][] changes = cell.changes(rng, normal, k == 0 ? 0 : FIVE_PERCENT);
                    double[][] reference = reference(changes);
                    double[][] candidate = candidate(changes);
                    double[] flat = new double[SERIES * RUNS];
                    int[] seriesOf = new int[flat.length];
                    for (int s = 0; s < SERIES; s++) {
                        for (int r = 0; r < RUNS; r++) {
                            // As the comparison computes them: log ratios rounded to 1e-9.
                            flat[s * RUNS + r] = Math.rint(Math.log(candidate[s][r] / reference[s][r]) * 1e9) / 1e9;
                            seriesOf[s * RUNS + r] = s;
                        }
                    }
                    double heterogeneity = SequelComparison.heterogeneityPValue(flat, seriesOf);
                    double serial = SequelComparison.serialCorrelationPValue(flat, seriesOf);
                    boolean byRuns = SequelComparison.paired(reference, candidate, runs).outcome()
                            == ComparisonOutcome.REGRESSED;
                    boolean bySeries = SequelComparison.paired(reference, candidate, series).outcome()
                            == ComparisonOutcome.REGRESSED;
                    for (int l = 0; l < levels.length; l++) {
                        boolean fires = heterogeneity < levels[l] || serial < levels[l];
                        rates[k][l] += (fires ? bySeries : byRuns) ? 1.0 / replications : 0;
                    }
                }
            }
            table.append("| ").append(cell.name()).append(" |");
            for (int l = 0; l < levels.length; l++) {
                table.append(' ').append(Calibration.percent(rates[0][l])).append(" | ")
                        .append(Calibration.percent(rates[1][l])).append(" |");
            }
            table.append('\n');
            int lowest = 0;
            int auto = levels.length - 1;
            softly.assertThat(rates[0][auto]).as("false alarms at AUTO's level in " + cell.name())
                    .isLessThanOrEqualTo(alphaBound);
            if (cell.kind().equals("iid")) {
                double se = Math.hypot(Calibration.standardError(rates[1][lowest], replications),
                        Calibration.standardError(rates[1][auto], replications));
                softly.assertThat(rates[1][lowest] - rates[1][auto])
                        .as("power bought by the lowest level with independent pairs").isGreaterThan(3 * se);
            }
            if (cell.parameter() == 0.035) {
                softly.assertThat(rates[0][lowest]).as("false alarms at the lowest level in " + cell.name())
                        .isGreaterThan(alphaBound);
            }
        }
        Calibration.publish("paired-dependence-pre-check-levels", table.toString());
        softly.assertAll();
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
