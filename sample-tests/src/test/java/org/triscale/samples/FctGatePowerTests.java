package org.triscale.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.RunMetrics;
import org.triscale.engine.baseline.GateSettings;
import org.triscale.engine.baseline.RegressionGate;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.Direction;

/**
 * The power of the paired regression gate on the FCT sample itself, not on a model of it (named
 * {@code ...Tests} so that the README's quick sample suite leaves it out: it takes about 50 s): for many
 * base seeds, the 5 × 10 runs of {@link FctRegressionTest#cubicFlowsAlone} are run on the emulator
 * for CUBIC and for {@link SlowerCubic} on the same seeds, and each pair of sequels is judged by
 * the engine's {@link RegressionGate} with the settings the extension gives that test (lower is
 * better, α = 1 %, the default tolerance: the score of the per-series changes at most 2 %, KPI and
 * score at the 75th percentile and 75 %). The test counts the outcomes:
 *
 * <ul>
 *   <li><b>CUBIC against itself on the same seeds</b>: the emulator is deterministic, so every run
 *       comes out again: "unchanged", never "regressed".</li>
 *   <li><b>CUBIC against itself on another base seed</b> (unpaired): the false alarms of the
 *       design a build falls back to.</li>
 *   <li><b>{@link SlowerCubic}</b> as it is, and its per-run changes recentred on exactly 0 %, +5 %
 *       and +20 % (their pseudo-median, the centre the gate's estimate targets): the change of dynamics keeps its real spread between runs
 *       (σd, the standard deviation of the per-run log ratios), only its size is set.</li>
 *   <li><b>Every FCT × 1.2</b> (the new-user scenario: a change that scales every run
 *       alike).</li>
 * </ul>
 *
 * <p>The full calibration also resamples the measured pairs of runs into designs with more runs per
 * series.
 *
 * <p>The normal build runs {@value #FAST_BASE_SEEDS} base seeds and asserts what that many can show;
 * {@code -Dtriscale.calibration=full} runs {@value #FULL_BASE_SEEDS}, prints the tables of
 * docs/regression-gate.md and writes them to {@code target/checks-calibration/fct-gate-power.md}.
 * Rates carry their Monte Carlo standard error; assertions use one-sided Clopper–Pearson (1934)
 * limits at 95 %.
 */
class FctGatePowerTests {
    private static final boolean FULL = "full".equals(System.getProperty("triscale.calibration"));
    static final int FAST_BASE_SEEDS = 8;
    static final int FULL_BASE_SEEDS = 50;
    /** How long flows arrive in a run of {@code FctRegressionTest.cubicFlowsAlone}. */
    private static final Duration ARRIVALS = FctRegressionTest.ALONE_ARRIVALS;
    private static final int SERIES = 5;
    private static final int RUNS = 10;
    /** The first base seed: any fixed value; the emulator's runs depend on their seeds only. */
    private static final long FIRST_BASE_SEED = 1_945_095_000L;
    /** What the extension derives from {@code FctRegressionTest.cubicFlowsAlone}'s annotations. */
    // The emulator's runs depend only on their seed: independent pairs, as the sample declares
    // (@Runs(independent = true), so its gate tests the runs).
    private static final GateSettings SETTINGS = GateSettings.of(Direction.LOWER_IS_BETTER)
            .withPairedTest(org.triscale.engine.comparison.PairedTest.RUNS);

    @Test
    void pairedGateOnTheEmulatorsFctSample() throws IOException {
        int baseSeeds = FULL ? FULL_BASE_SEEDS : FAST_BASE_SEEDS;
        List<double[][]> cubic = new ArrayList<>();
        List<double[][]> slower = new ArrayList<>();
        for (int b = 0; b < baseSeeds; b++) {
            long[][] seeds = seeds(FIRST_BASE_SEED + b);
            cubic.add(p95(Cca.CUBIC, seeds, ARRIVALS));
            slower.add(p95(SlowerCubic.CCA, seeds, ARRIVALS));
        }
        List<double[]> pairs = pairs(cubic, slower);
        double[] logRatios = logRatios(pairs);
        double centre = pseudoMedian(logRatios);

        Rates same = new Rates("CUBIC against CUBIC, same seeds", "paired");
        Rates otherSeeds = new Rates("CUBIC against CUBIC, another base seed", "unpaired");
        Rates raw = new Rates("SlowerCubic as it is", "paired");
        Rates zero = new Rates("SlowerCubic recentred to 0 %", "paired");
        Rates five = new Rates("SlowerCubic recentred to +5 %", "paired");
        Rates twenty = new Rates("SlowerCubic recentred to +20 %", "paired");
        Rates scaled = new Rates("every FCT × 1.2", "paired");
        for (int b = 0; b < baseSeeds; b++) {
            double[][] ref = cubic.get(b);
            double[][] variant = slower.get(b);
            same.add(RegressionGate.compare(ref, ref, true, SETTINGS).outcome());
            otherSeeds.add(RegressionGate.compare(ref, cubic.get((b + 1) % baseSeeds), false, SETTINGS).outcome());
            raw.add(RegressionGate.compare(ref, variant, true, SETTINGS).outcome());
            zero.add(RegressionGate.compare(ref, recentred(variant, centre, 1.0), true, SETTINGS).outcome());
            five.add(RegressionGate.compare(ref, recentred(variant, centre, 1.05), true, SETTINGS).outcome());
            twenty.add(RegressionGate.compare(ref, recentred(variant, centre, 1.2), true, SETTINGS).outcome());
            scaled.add(RegressionGate.compare(ref, map(ref, x -> 1.2 * x), true, SETTINGS).outcome());
        }

        StringBuilder table = new StringBuilder();
        table.append(String.format(Locale.ROOT, "%d base seeds × %d × %d runs; ", baseSeeds, SERIES, RUNS))
                .append(describe(logRatios)).append("\n\n");
        table.append("| comparison | design | regressed | unchanged | inconclusive | improved |\n");
        table.append("|---|---|---|---|---|---|\n");
        for (Rates rates : List.of(same, otherSeeds, raw, zero, five, twenty, scaled)) {
            table.append(rates.row()).append('\n');
        }
        if (FULL) {
            table.append("\nThe measured pairs resampled:\n\n")
                    .append(designs(pairs, centre, new int[] {10, 15, 20}));
            write(table.toString());
        }
        System.out.println(table);

        // Deterministic emulator: unchanged code gives every run again.
        assertThat(same.count(ComparisonOutcome.UNCHANGED)).isEqualTo(baseSeeds);
        // False alarms at α = 1 %: more than 1 of 8, or 3 of 50, would have probability below 1 %.
        assertThat(otherSeeds.count(ComparisonOutcome.REGRESSED)).isLessThanOrEqualTo(FULL ? 3 : 1);
        assertThat(scaled.count(ComparisonOutcome.REGRESSED)).isEqualTo(baseSeeds);
        // 8 of 8 give a lower limit of 0.69, 6 of 8 one of 0.39; 50 of 50 one of 0.94.
        assertThat(twenty.lowerLimit(ComparisonOutcome.REGRESSED)).isGreaterThanOrEqualTo(FULL ? 0.9 : 0.65);
        assertThat(five.lowerLimit(ComparisonOutcome.REGRESSED)).isGreaterThanOrEqualTo(FULL ? 0.8 : 0.35);
        // Never "unchanged" for a change beyond the 2 % limit of the tolerance.
        for (Rates changed : List.of(five, twenty, scaled)) {
            assertThat(changed.count(ComparisonOutcome.UNCHANGED)).as(changed.name).isZero();
        }
    }

    /**
     * The run metric computed here is the extension's: CUBIC's P95 FCT on the seeds of the committed
     * baseline's first series equals the baseline's run metrics (stored to a millionth of a ms).
     */
    @Test
    void runMetricsAreTheExtensions() throws IOException {
        JsonNode baseline = new ObjectMapper().readTree(FctGatePowerTests.class.getResourceAsStream(
                "/triscale/baselines/" + FctRegressionTest.class.getName() + "/cubicFlowsAlone.json"));
        long[][] seeds = new long[1][RUNS];
        for (int r = 0; r < RUNS; r++) {
            seeds[0][r] = baseline.at("/seeds/0/" + r).asLong();
        }
        double[] measured = p95(Cca.CUBIC, seeds, ARRIVALS)[0];
        for (int r = 0; r < RUNS; r++) {
            assertThat(measured[r]).as("run %d", r)
                    .isCloseTo(baseline.at("/metrics/0/runMetrics/0/" + r).asDouble(), within(1e-5));
        }
    }

    /**
     * Power with more runs per series: each replication draws 5 × n pairs of runs with replacement
     * from the measured pairs, the candidate's runs recentred to +5 %, +20 % and 0 %.
     */
    private static String designs(List<double[]> pairs, double centre, int[] runsPerSeries) {
        int replications = 2000;
        SplittableRandom random = new SplittableRandom(FIRST_BASE_SEED);
        StringBuilder out = new StringBuilder("| runs per series (5 series) | pairs | regressed at +5 % | at +20 % |"
                + " at 0 % |\n|---|---|---|---|---|\n");
        for (int runs : runsPerSeries) {
            Rates five = new Rates("", "");
            Rates twenty = new Rates("", "");
            Rates zero = new Rates("", "");
            for (int i = 0; i < replications; i++) {
                double[][] ref = new double[SERIES][runs];
                double[][] variant = new double[SERIES][runs];
                for (int s = 0; s < SERIES; s++) {
                    for (int r = 0; r < runs; r++) {
                        double[] pair = pairs.get(random.nextInt(pairs.size()));
                        ref[s][r] = pair[0];
                        variant[s][r] = pair[1];
                    }
                }
                five.add(RegressionGate.compare(ref, recentred(variant, centre, 1.05), true, SETTINGS).outcome());
                twenty.add(RegressionGate.compare(ref, recentred(variant, centre, 1.2), true, SETTINGS).outcome());
                zero.add(RegressionGate.compare(ref, recentred(variant, centre, 1.0), true, SETTINGS).outcome());
            }
            out.append(String.format(Locale.ROOT, "| %d | %d | %s | %s | %s |%n", runs, SERIES * runs,
                    five.rate(ComparisonOutcome.REGRESSED), twenty.rate(ComparisonOutcome.REGRESSED),
                    zero.rate(ComparisonOutcome.REGRESSED)));
        }
        return out.append(String.format(Locale.ROOT, "%n(%d replications per row, drawn from %d measured pairs)%n",
                replications, pairs.size())).toString();
    }

    private static String describe(double[] logRatios) {
        double median = median(logRatios);
        return String.format(Locale.ROOT, "SlowerCubic's per-run log ratios: median %+.4f, pseudo-median %+.4f,"
                        + " mean %+.4f, σd (sd) %.4f, robust σd (1.4826 MAD) %.4f", median, pseudoMedian(logRatios),
                mean(logRatios), sd(logRatios), robustSd(logRatios, median));
    }

    /** Every run as a pair: CUBIC's P95 FCT and the slower CUBIC's on the same seed. */
    private static List<double[]> pairs(List<double[][]> cubic, List<double[][]> slower) {
        List<double[]> pairs = new ArrayList<>();
        for (int b = 0; b < cubic.size(); b++) {
            for (int s = 0; s < SERIES; s++) {
                for (int r = 0; r < RUNS; r++) {
                    pairs.add(new double[] {cubic.get(b)[s][r], slower.get(b)[s][r]});
                }
            }
        }
        return pairs;
    }

    /** The seeds of one base seed's 5 × 10 runs, from any fixed generator: only their independence matters. */
    private static long[][] seeds(long baseSeed) {
        SplittableRandom random = new SplittableRandom(baseSeed);
        long[][] seeds = new long[SERIES][RUNS];
        for (long[] series : seeds) {
            for (int r = 0; r < RUNS; r++) {
                series[r] = random.nextLong();
            }
        }
        return seeds;
    }

    /** Each run's P95 FCT, as {@code @Metric(samplePercentile = 95)} computes it from the run's samples. */
    private static double[][] p95(Cca cca, long[][] seeds, Duration arrivals) {
        double[][] values = new double[seeds.length][RUNS];
        for (int s = 0; s < seeds.length; s++) {
            for (int r = 0; r < RUNS; r++) {
                Trace trace = Emulator.run(FctRegressionTest.workload(false, cca, arrivals), seeds[s][r]);
                assertThat(trace.completionRatio()).as("share of flows that completed").isGreaterThanOrEqualTo(0.95);
                values[s][r] = RunMetrics.compute(trace.fctMillis(), Measure.percentile(95)).value();
            }
        }
        return values;
    }

    /**
     * The variant's runs moved so that the per-run changes are centred on {@code factor}: each run
     * keeps its own deviation from the centre, the spread of a change of dynamics.
     */
    private static double[][] recentred(double[][] variant, double centre, double factor) {
        return map(variant, x -> x * factor * Math.exp(-centre));
    }

    private static double[][] map(double[][] sequel, DoubleUnaryOperator f) {
        return Arrays.stream(sequel).map(series -> Arrays.stream(series).map(f).toArray()).toArray(double[][]::new);
    }

    private static double[] logRatios(List<double[]> pairs) {
        return pairs.stream().mapToDouble(pair -> Math.log(pair[1] / pair[0])).toArray();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * The pseudo-median (Hodges & Lehmann 1963) of all the per-run log ratios: the centre that the
     * gate's estimate targets, the median of a million Walsh averages drawn at random (the full set
     * would hold tens of millions).
     */
    private static double pseudoMedian(double[] values) {
        SplittableRandom random = new SplittableRandom(FIRST_BASE_SEED);
        double[] walsh = new double[1_000_000];
        for (int k = 0; k < walsh.length; k++) {
            walsh[k] = (values[random.nextInt(values.length)] + values[random.nextInt(values.length)]) / 2;
        }
        return median(walsh);
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElseThrow();
    }

    private static double sd(double[] values) {
        double m = mean(values);
        return Math.sqrt(Arrays.stream(values).map(x -> (x - m) * (x - m)).sum() / (values.length - 1));
    }

    private static double robustSd(double[] values, double median) {
        return 1.4826 * median(Arrays.stream(values).map(x -> Math.abs(x - median)).toArray());
    }

    /** Writes the table atomically: a temporary file moved into place. */
    private static void write(String table) throws IOException {
        Path folder = Path.of("target", "checks-calibration");
        Files.createDirectories(folder);
        Path temporary = Files.createTempFile(folder, "fct-gate-power", ".tmp");
        Files.writeString(temporary, table, StandardCharsets.UTF_8);
        Files.move(temporary, folder.resolve("fct-gate-power.md"), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** Counts of the outcomes of one comparison over the base seeds. */
    private static final class Rates {
        final String name;
        final String design;
        final int[] counts = new int[ComparisonOutcome.values().length];
        int total;

        Rates(String name, String design) {
            this.name = name;
            this.design = design;
        }

        void add(ComparisonOutcome outcome) {
            counts[outcome.ordinal()]++;
            total++;
        }

        int count(ComparisonOutcome outcome) {
            return counts[outcome.ordinal()];
        }

        /** The rate with its Monte Carlo standard error, in percent. */
        String rate(ComparisonOutcome outcome) {
            double p = (double) count(outcome) / total;
            return String.format(Locale.ROOT, "%.1f %% ± %.1f", 100 * p, 100 * Math.sqrt(p * (1 - p) / total));
        }

        /** One-sided 95 % Clopper–Pearson lower limit of the rate. */
        double lowerLimit(ComparisonOutcome outcome) {
            int x = count(outcome);
            return x == 0 ? 0 : BetaDistribution.of(x, total - x + 1).inverseCumulativeProbability(0.05);
        }

        String row() {
            return "| " + name + " | " + design + " | " + rate(ComparisonOutcome.REGRESSED) + " | "
                    + rate(ComparisonOutcome.UNCHANGED) + " | " + rate(ComparisonOutcome.INCONCLUSIVE) + " | "
                    + rate(ComparisonOutcome.IMPROVED) + " |";
        }
    }
}
