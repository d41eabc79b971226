package org.triscale.engine.baseline;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.PairedTest;
import org.triscale.engine.comparison.SequelChange;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Seeded Monte Carlo of the gate as a day-by-day client meets it: a baseline recorded one day
 * (written, hence accepted in the history), the candidate launched the next day and judged against
 * it with the launch-to-launch variation of the history ({@link RegressionGate#launchVariation}),
 * accepted into the history when unchanged or improved; 100 day pairs per client.
 *
 * <p>The test bed: 5 series of 10 runs on the same seeds every launch; a run's log value is the
 * seed's workload (common to every launch), plus a shift common to the launch, an independent
 * effect per series and launch, and AR(1) noise within each series. The default cells are sized to
 * seconds; {@code -Dtriscale.calibration=full} runs 20 clients per cell and the cells not tuned on
 * (shifts 0.5 to 2 %, φ 0.9, heavy tails, ties) and prints the table of
 * docs/checks-calibration.md.
 */
class LaunchVariationCalibrationTest {
    private static final long SEED = 37_000_000L;
    private static final int DAY_PAIRS = 100;
    private static final GateSettings UNDECLARED = GateSettings.of(Direction.LOWER_IS_BETTER);
    private static final GateSettings INDEPENDENT = UNDECLARED.withPairedTest(PairedTest.RUNS);

    /** One test bed. */
    record Bed(double launchShift, double seriesEffect, double phi, double noise, boolean heavyTails,
               double resolution) {
        static Bed dayByDay(double launchShift) {
            return new Bed(launchShift, 0.005, 0.3, 0.02, false, 0);
        }

        /** One launch: 5 series × 10 runs, the seeds' workloads {@code seeds}, times {@code 1 + change}. */
        double[][] launch(UniformRandomProvider rng, double[][] seeds, double change) {
            ZigguratSampler.NormalizedGaussian gauss = ZigguratSampler.NormalizedGaussian.of(rng);
            double shift = launchShift * gauss.sample();
            double[][] out = new double[seeds.length][];
            for (int s = 0; s < seeds.length; s++) {
                out[s] = new double[seeds[s].length];
                double effect = seriesEffect * gauss.sample();
                double e = noise * draw(rng, gauss);
                for (int r = 0; r < seeds[s].length; r++) {
                    if (r > 0) {
                        e = phi * e + Math.sqrt(1 - phi * phi) * noise * draw(rng, gauss);
                    }
                    double value = seeds[s][r] * Math.exp(shift + effect + e) * (1 + change);
                    out[s][r] = resolution > 0 ? Math.max(resolution, Math.rint(value / resolution) * resolution)
                            : value;
                }
            }
            return out;
        }

        private double draw(UniformRandomProvider rng, ZigguratSampler.NormalizedGaussian gauss) {
            if (!heavyTails) {
                return gauss.sample();
            }
            // Student t with 3 degrees of freedom, scaled to unit variance.
            double chi = 0;
            for (int i = 0; i < 3; i++) {
                double g = gauss.sample();
                chi += g * g;
            }
            return gauss.sample() / Math.sqrt(chi / 3) / Math.sqrt(3.0);
        }
    }

    /** Outcome counts of one cell. */
    record Counts(int comparisons, int regressed, int improved, int unchanged) {
        double regressedRate() {
            return (double) regressed / comparisons;
        }

        double improvedRate() {
            return (double) improved / comparisons;
        }

        double unchangedRate() {
            return (double) unchanged / comparisons;
        }
    }

    static double[][] seeds(UniformRandomProvider rng) {
        ZigguratSampler.NormalizedGaussian gauss = ZigguratSampler.NormalizedGaussian.of(rng);
        double[][] seeds = new double[5][10];
        for (double[] series : seeds) {
            for (int r = 0; r < series.length; r++) {
                series[r] = 100 * Math.exp(0.2 * gauss.sample()); // workloads differ by ±20 %
            }
        }
        return seeds;
    }

    /**
     * {@code clients} day-by-day clients: {@code warmUp} day pairs without change fill the history,
     * then {@link #DAY_PAIRS} day pairs whose candidate changed by {@code change} are counted.
     */
    static Counts dayByDay(Bed bed, double change, int clients, int warmUp, boolean declaredIndependent, long seed) {
        int regressed = 0;
        int improved = 0;
        int unchanged = 0;
        int comparisons = 0;
        for (int c = 0; c < clients; c++) {
            UniformRandomProvider rng = Calibration.rng(seed + c);
            double[][] seeds = seeds(rng);
            List<double[][]> accepted = new ArrayList<>();
            // Each pair of consecutive accepted launches compared once, as RegressionGate.launchVariation
            // compares it (checked by launchVariationOfTheHistoryIsThePairsEstimate): minutes become seconds.
            List<double[]> pairStats = new ArrayList<>();
            for (int day = 0; day < warmUp + DAY_PAIRS; day++) {
                double[][] baseline = bed.launch(rng, seeds, 0);
                accept(accepted, pairStats, baseline); // an update writes the baseline: accepted
                boolean counted = day >= warmUp;
                double[][] candidate = bed.launch(rng, seeds, counted ? change : 0);
                GateResult result;
                if (declaredIndependent) {
                    result = RegressionGate.compare(baseline, candidate, true, INDEPENDENT);
                } else {
                    result = RegressionGate.compare(baseline, candidate, true, UNDECLARED, variation(pairStats));
                }
                if (result.change().acceptable()) {
                    accept(accepted, pairStats, candidate);
                }
                if (counted) {
                    comparisons++;
                    regressed += result.outcome() == ComparisonOutcome.REGRESSED ? 1 : 0;
                    improved += result.outcome() == ComparisonOutcome.IMPROVED ? 1 : 0;
                    unchanged += result.outcome() == ComparisonOutcome.UNCHANGED ? 1 : 0;
                }
            }
        }
        return new Counts(comparisons, regressed, improved, unchanged);
    }

    /** Adds an accepted launch, and the change from the previous one with its standard error. */
    private static void accept(List<double[][]> accepted, List<double[]> pairStats, double[][] launch) {
        if (!accepted.isEmpty()) {
            SequelChange change = RegressionGate.compare(accepted.get(accepted.size() - 1), launch, true,
                    INDEPENDENT).change();
            double difference = change.relativeOnScale(change.change().estimate());
            double error = change.standardError();
            if (Double.isFinite(difference) && Double.isFinite(error)) {
                pairStats.add(new double[] {difference, error});
            }
        }
        accepted.add(launch);
        if (accepted.size() > 2) {
            accepted.remove(0);
        }
    }

    /** {@link LaunchVariation#of} of the last {@link LaunchVariation#WINDOW} pairs. */
    private static LaunchVariation variation(List<double[]> pairStats) {
        List<double[]> last = pairStats.subList(Math.max(0, pairStats.size() - LaunchVariation.WINDOW),
                pairStats.size());
        double[] differences = new double[last.size()];
        double[] errors = new double[last.size()];
        for (int i = 0; i < last.size(); i++) {
            differences[i] = last.get(i)[0];
            errors[i] = last.get(i)[1];
        }
        return LaunchVariation.of(differences, errors, LaunchVariation.DEFAULT_LAUNCH_SHIFT,
                LaunchVariation.DEFAULT_MINIMUM);
    }

    @Test
    void launchVariationOfTheHistoryIsThePairsEstimate() {
        UniformRandomProvider rng = Calibration.rng(SEED + 600);
        double[][] seeds = seeds(rng);
        Bed bed = Bed.dayByDay(0.015);
        List<double[][]> history = new ArrayList<>();
        List<double[][]> kept = new ArrayList<>();
        List<double[]> pairStats = new ArrayList<>();
        for (int i = 0; i < LaunchVariation.WINDOW + 6; i++) {
            double[][] launch = bed.launch(rng, seeds, 0);
            history.add(launch);
            accept(kept, pairStats, launch);
            LaunchVariation expected = variation(pairStats);
            LaunchVariation actual = RegressionGate.launchVariation(pairs(history), UNDECLARED,
                    LaunchVariation.DEFAULT_LAUNCH_SHIFT, LaunchVariation.DEFAULT_MINIMUM);
            assertThat(actual).isEqualTo(expected);
        }
        assertThat(variation(pairStats).source()).isEqualTo(LaunchVariation.Source.HISTORY);
        assertThat(variation(pairStats).launches()).isEqualTo(LaunchVariation.WINDOW);
        // 1.5 % per launch, plus series effects and AR(1) noise the per-run test does not see.
        assertThat(variation(pairStats).perLaunch()).isBetween(0.008, 0.03);
    }

    static List<LaunchVariation.Pair> pairs(List<double[][]> launches) {
        List<LaunchVariation.Pair> pairs = new ArrayList<>();
        for (int i = 1; i < launches.size(); i++) {
            pairs.add(new LaunchVariation.Pair(launches.get(i - 1), launches.get(i), true));
        }
        return pairs;
    }

    @Test
    void aDayByDayClientKeepsItsFalseAlarmsUnderALaunchShift() {
        // Independent series effects, AR(1) noise, a 1.5 % launch shift; no warm-up: the bound decides first.
        Counts counts = dayByDay(Bed.dayByDay(0.015), 0, Calibration.replications(3, 20), 0, false, SEED);
        print("1.5 % launch shift, no change", counts);
        assertThat(counts.regressedRate()).as("false regressed").isLessThanOrEqualTo(0.035);
        assertThat(counts.improvedRate()).as("false improved").isLessThanOrEqualTo(0.035);
    }

    @Test
    void aDayByDayClientDetectsFivePercentOnceTheHistoryHoldsItsLaunches() {
        Counts counts = dayByDay(Bed.dayByDay(0.005), 0.05, Calibration.replications(2, 20),
                LaunchVariation.DEFAULT_MINIMUM + 1, false, SEED + 100);
        print("0.5 % launch shift, +5 %", counts);
        assertThat(counts.regressedRate()).as("power").isGreaterThanOrEqualTo(0.70);
    }

    @Test
    void independentPairsDetectFivePercent() {
        // A pure function of the seed plus independent run noise: no launch shift, no series effect.
        Bed bed = new Bed(0, 0, 0, 0.08 / Math.sqrt(2), false, 0);
        Counts counts = dayByDay(bed, 0.05, Calibration.replications(2, 20), 0, true, SEED + 200);
        print("independent pairs, +5 %", counts);
        assertThat(counts.regressedRate()).as("power").isGreaterThanOrEqualTo(0.85);
    }

    @Test
    void withoutLaunchOrSeriesEffectsTheUndeclaredGateKeepsMostOfThePowerOfTheRunsTest() {
        // The cell where the series-level fallback of auto lost most: +5 % at σd = 0.08, 5 × 10 pairs
        // (auto 72 %, runs 96 %). With the history's estimate the per-run test decides.
        Bed bed = new Bed(0, 0, 0, 0.08 / Math.sqrt(2), false, 0);
        int clients = Calibration.replications(2, 20);
        Counts undeclared = dayByDay(bed, 0.05, clients, LaunchVariation.DEFAULT_MINIMUM + 1, false, SEED + 300);
        Counts runs = dayByDay(bed, 0.05, clients, LaunchVariation.DEFAULT_MINIMUM + 1, true, SEED + 300);
        print("no effects, +5 %, undeclared", undeclared);
        print("no effects, +5 %, independent", runs);
        assertThat(undeclared.regressedRate()).isGreaterThanOrEqualTo(runs.regressedRate() - 0.08);
    }

    @Test
    void aDeterministicBackendReadsUnchangedForARerunAndForATinyChange() {
        UniformRandomProvider rng = Calibration.rng(SEED + 400);
        double[][] seeds = seeds(rng);
        Bed deterministic = new Bed(0, 0, 0, 0, false, 0);
        double[][] baseline = deterministic.launch(rng, seeds, 0);
        List<double[][]> history = new ArrayList<>();
        for (int i = 0; i < LaunchVariation.DEFAULT_MINIMUM + 2; i++) {
            history.add(deterministic.launch(rng, seeds, 0));
        }
        LaunchVariation estimated = RegressionGate.launchVariation(pairs(history), UNDECLARED,
                LaunchVariation.DEFAULT_LAUNCH_SHIFT, LaunchVariation.DEFAULT_MINIMUM);
        assertThat(estimated.source()).isEqualTo(LaunchVariation.Source.HISTORY);
        assertThat(estimated.variance()).isZero();
        LaunchVariation bound = LaunchVariation.bound(LaunchVariation.DEFAULT_LAUNCH_SHIFT, 0,
                LaunchVariation.DEFAULT_MINIMUM);
        for (LaunchVariation launch : List.of(LaunchVariation.none(), bound, estimated)) {
            for (double change : new double[] {0, 0.002}) {
                GateResult result = RegressionGate.compare(baseline, deterministic.launch(rng, seeds, change), true,
                        launch.source() == LaunchVariation.Source.NONE ? INDEPENDENT : UNDECLARED, launch);
                assertThat(result.outcome()).as(launch.source() + ", change " + change)
                        .isEqualTo(ComparisonOutcome.UNCHANGED);
            }
        }
    }

    @Test
    void aLargeRegressionFailsOnTheFirstComparisonAfterABaseline() {
        UniformRandomProvider rng = Calibration.rng(SEED + 500);
        Bed bed = Bed.dayByDay(0.015);
        LaunchVariation bound = LaunchVariation.bound(LaunchVariation.DEFAULT_LAUNCH_SHIFT, 0,
                LaunchVariation.DEFAULT_MINIMUM);
        int caught20 = 0;
        int caught50 = 0;
        int trials = 50;
        for (int i = 0; i < trials; i++) {
            double[][] seeds = seeds(rng);
            double[][] baseline = bed.launch(rng, seeds, 0);
            caught20 += RegressionGate.compare(baseline, bed.launch(rng, seeds, 0.20), true, UNDECLARED, bound)
                    .outcome() == ComparisonOutcome.REGRESSED ? 1 : 0;
            caught50 += RegressionGate.compare(baseline, bed.launch(rng, seeds, 0.50), true, UNDECLARED, bound)
                    .outcome() == ComparisonOutcome.REGRESSED ? 1 : 0;
        }
        assertThat(caught20).as("+20 %").isGreaterThanOrEqualTo(trials - 2);
        assertThat(caught50).as("+50 %").isEqualTo(trials);
    }

    @Test
    void cellsNotTunedOn() {
        assumeTrue(Calibration.full(), "the full calibration only: 20 clients per cell, minutes");
        int clients = 20;
        for (double shift : new double[] {0.005, 0.01, 0.02}) {
            print(Locale.ROOT, "launch shift " + shift, dayByDay(Bed.dayByDay(shift), 0, clients, 0, false, SEED + 1000));
        }
        print(Locale.ROOT, "AR(1) 0.9, 1 % shift", dayByDay(new Bed(0.01, 0.005, 0.9, 0.02, false, 0), 0, clients, 0,
                false, SEED + 2000));
        print(Locale.ROOT, "t3 noise, 1 % shift", dayByDay(new Bed(0.01, 0.005, 0.3, 0.02, true, 0), 0, clients, 0,
                false, SEED + 3000));
        print(Locale.ROOT, "ties (1 % resolution), 1 % shift", dayByDay(new Bed(0.01, 0.005, 0.3, 0.02, false, 1.0),
                0, clients, 0, false, SEED + 4000));
        print(Locale.ROOT, "+2 % under a 1 % shift (unchanged is a miss)", dayByDay(Bed.dayByDay(0.01), 0.02, clients,
                LaunchVariation.DEFAULT_MINIMUM + 1, false, SEED + 5000));
    }

    private static void print(String cell, Counts counts) {
        print(Locale.ROOT, cell, counts);
    }

    private static void print(Locale locale, String cell, Counts counts) {
        System.out.println(String.format(locale, "| %s | %d | %.2f %% | %.2f %% | %.2f %% |", cell,
                counts.comparisons(), 100 * counts.regressedRate(), 100 * counts.improvedRate(),
                100 * counts.unchangedRate()));
    }
}
