package org.triscale.engine.network;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.triscale.engine.comparison.HodgesLehmann;
import org.triscale.engine.comparison.ShiftEstimate;

import java.util.Arrays;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * {@link Harm#ofRuns}: the run as the independent unit, so the intervals hold whatever the
 * dependence between the flows of a run (docs/checks-calibration.md, "Harm intervals with
 * dependent flows").
 */
class HarmOfRunsTest {
    private static final boolean FULL = "full".equals(System.getProperty("triscale.calibration"));
    private static final double CONFIDENCE = 0.9;
    private static final int TRIALS = FULL ? 4000 : 1000;
    /** Trials on which the full calibration also measures the pooled-flow intervals (slower). */
    private static final int POOLED_TRIALS = 500;
    /** Three Monte Carlo standard errors of a coverage of 0.9 over TRIALS trials. */
    private static final double MC_ERROR = 3 * Math.sqrt(CONFIDENCE * (1 - CONFIDENCE) / TRIALS);
    private static final int ALONE_RUNS = 6;
    private static final int WITH_RUNS = 8;
    private static final int FLOWS = 20;
    /** The competitor scales every FCT by 2.5: the harm of every statistic is 1 − 1/2.5. */
    private static final double FACTOR = 2.5;
    private static final double HARM = 1 - 1 / FACTOR;

    @Test
    void aCompetitorThatDoublesEveryFctHasHarmOneHalfOnEveryStatistic() {
        double[][] alone = new double[5][];
        double[][] with = new double[5][];
        for (int r = 0; r < alone.length; r++) {
            alone[r] = new double[] {10 + r, 20 + 3 * r, 15 + 2 * r, 40 + r * r, 12};
            with[r] = Arrays.stream(alone[r]).map(v -> 2 * v).toArray();
        }
        FctHarmIntervals harm = Harm.ofRuns(alone, with, 90);
        for (HarmInterval h : new HarmInterval[] {harm.geometricMean(), harm.median(), harm.p95()}) {
            assertThat(h.estimate()).isCloseTo(0.5, within(1e-12));
            assertThat(h.lower()).isLessThan(0.5);
            assertThat(h.upper()).isGreaterThan(0.5).isLessThan(1);
            assertThat(h.confidence()).isEqualTo(90);
        }
        assertThat(harm.aloneCount()).isEqualTo(25);
        assertThat(harm.withCount()).isEqualTo(25);
    }

    /** Reference: Moses' interval of the log run statistics, mapped through 1 − exp(−shift). */
    @Test
    void theIntervalsAreMosesIntervalsOfTheLogRunStatistics() {
        double[][] alone = {{3, 9, 1, 4}, {7, 2, 8}, {5, 6, 10, 11, 12}, {4, 4.5, 30}};
        double[][] with = {{20, 3, 15}, {8, 9, 11, 4}, {30, 7, 12}, {6, 5, 50, 9}, {13, 14, 2}};
        FctHarmIntervals harm = Harm.ofRuns(alone, with, 80);
        double[] logA = Arrays.stream(alone).mapToDouble(r -> Math.log(FctSummary.of(r).p95())).toArray();
        double[] logW = Arrays.stream(with).mapToDouble(r -> Math.log(FctSummary.of(r).p95())).toArray();
        ShiftEstimate shift = HodgesLehmann.shift(logA, logW, 0.8);
        assertThat(harm.p95().estimate()).isCloseTo(1 - Math.exp(-shift.estimate()), within(1e-12));
        assertThat(harm.p95().lower()).isCloseTo(1 - Math.exp(-shift.lower()), within(1e-12));
        assertThat(harm.p95().upper()).isCloseTo(1 - Math.exp(-shift.upper()), within(1e-12));
        // By hand: the median of the 4 · 5 pairwise log ratios of the run geometric means.
        double[] ratios = new double[20];
        int k = 0;
        for (double[] a : alone) {
            for (double[] w : with) {
                ratios[k++] = Math.log(FctSummary.of(w).geometricMean() / FctSummary.of(a).geometricMean());
            }
        }
        Arrays.sort(ratios);
        assertThat(harm.geometricMean().estimate()).isCloseTo(1 - Math.exp(-(ratios[9] + ratios[10]) / 2),
                within(1e-12));
    }

    @Test
    void theOrderOfTheFlowsInARunDoesNotMatterButTheirRunDoes() {
        double[][] alone = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {2, 2, 2}};
        double[][] shuffled = {{3, 1, 2}, {6, 4, 5}, {9, 7, 8}, {2, 2, 2}};
        double[][] with = {{5, 6, 7}, {9, 9, 9}, {12, 11, 10}, {3, 8, 6}};
        assertThat(Harm.ofRuns(shuffled, with, 90)).isEqualTo(Harm.ofRuns(alone, with, 90));
        double[][] regrouped = {{1, 4, 7}, {2, 5, 8}, {3, 6, 9}, {2, 2, 2}};
        assertThat(Harm.ofRuns(regrouped, with, 90)).isNotEqualTo(Harm.ofRuns(alone, with, 90));
    }

    @Test
    void tooFewRunsLeaveTheIntervalOpenAndConstantRunsGiveZeroHarm() {
        // 2 runs a side: C(4, 2) = 6 orderings cannot reach a 5 % tail.
        FctHarmIntervals two = Harm.ofRuns(new double[][] {{1, 2}, {3, 4}}, new double[][] {{2, 4}, {6, 8}}, 90);
        assertThat(two.geometricMean().bounded()).isFalse();
        assertThat(two.geometricMean().lower()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(two.geometricMean().upper()).isEqualTo(1.0);
        assertThat(two.geometricMean().estimate()).isCloseTo(0.5, within(1e-12));
        // 3 runs a side reach it at 90 %: 1/20 = 5 %.
        FctHarmIntervals three = Harm.ofRuns(new double[][] {{1}, {2}, {3}}, new double[][] {{2}, {4}, {6}}, 90);
        assertThat(three.median().bounded()).isTrue();
        // At 95 %: 4 and 3 runs cannot reach a 2.5 % tail (1/35), 4 and 4 can (1/70).
        double[][] fourRuns = {{1}, {2}, {3}, {4}};
        double[][] doubled = {{2}, {4}, {6}, {8}};
        assertThat(Harm.ofRuns(fourRuns, Arrays.copyOf(doubled, 3), 95).median().bounded()).isFalse();
        assertThat(Harm.ofRuns(fourRuns, doubled, 95).median().bounded()).isTrue();
        // One FCT per run and one run a side: an estimate, no interval.
        FctHarmIntervals one = Harm.ofRuns(new double[][] {{100}}, new double[][] {{400}}, 90);
        assertThat(one.median().estimate()).isCloseTo(0.75, within(1e-12));
        assertThat(one.median().harmful()).isFalse();
        double[][] same = {{5, 5, 5}, {5, 5}, {5, 5, 5, 5}, {5}};
        FctHarmIntervals constant = Harm.ofRuns(same, same, 90);
        for (HarmInterval h : new HarmInterval[] {constant.geometricMean(), constant.median(), constant.p95()}) {
            assertThat(h.estimate()).isZero();
            assertThat(h.lower()).isZero();
            assertThat(h.upper()).isZero();
        }
    }

    @Test
    void badInputIsNamedWithItsRun() {
        double[][] ok = {{1, 2}, {3, 4}};
        assertThat(Harm.ofRuns(new double[][] {{1, Double.NaN}, {3}}, ok, 90).aloneCount()).isEqualTo(2);
        assertThatThrownBy(() -> Harm.ofRuns(new double[][] {{1, 2}, {3, -4}}, ok, 90))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("alone[1]: fcts[1] is -4.0");
        assertThatThrownBy(() -> Harm.ofRuns(ok, new double[][] {{1}, {Double.NaN}}, 90))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("with[1]: fcts must hold");
        assertThatThrownBy(() -> Harm.ofRuns(ok, new double[][] {{1}, null}, 90))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("with[1]: ");
        assertThatThrownBy(() -> Harm.ofRuns(new double[0][], ok, 90))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("alone must hold the FCTs of at least one run, got no run; pass one array of FCTs per run");
        assertThatThrownBy(() -> Harm.ofRuns(ok, null, 90))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("with must hold");
        assertThatThrownBy(() -> Harm.ofRuns(ok, ok, 0.9))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("confidence is in percent, in (1, 100), got 0.9, a fraction; use 90 for a 90 % interval");
    }

    /**
     * Coverage at 90 % of the three intervals in cells of dependent flows, none tuned on (the
     * method has nothing to tune): log FCTs 5 + 1.2·e with e a stationary AR(1) process within
     * each run (φ 0, 0.3, 0.6, 0.9; Gaussian or Student t3 innovations), a run-level shift
     * N(0, 0.5²) common to the flows of a run, FCTs rounded to 10 (ties); 6 runs alone, 8 with the
     * competitor, 20 flows a run, the competitor scaling every FCT by 2.5. Each cell asserts each
     * statistic at 90 % less 3 Monte Carlo standard errors. With
     * {@code -Dtriscale.calibration=full} the trials grow to 4,000 and the pooled-flow
     * {@link Harm#of(double[], double[], double)} is measured on the first 500 trials' data for
     * the table.
     */
    @Test
    void coverageWithDependentFlowsIsAtLeastTheConfidence() {
        Cell[] cells = {
            new Cell("independent flows", 0, false, 0, 0),
            new Cell("AR(1) φ 0.3", 0.3, false, 0, 0),
            new Cell("AR(1) φ 0.6", 0.6, false, 0, 0),
            new Cell("AR(1) φ 0.9", 0.9, false, 0, 0),
            new Cell("AR(1) φ 0.6, t3 innovations", 0.6, true, 0, 0),
            new Cell("AR(1) φ 0.3, run shift N(0, 0.5²)", 0.3, false, 0.5, 0),
            new Cell("independent, run shift N(0, 0.5²)", 0, false, 0.5, 0),
            new Cell("AR(1) φ 0.6, FCTs rounded to 10", 0.6, false, 0, 10),
        };
        StringBuilder table = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            Cell cell = cells[c];
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(3_720_000L + c);
            int[] covered = new int[3];
            int[] pooledCovered = new int[3];
            double width = 0;
            double pooledWidth = 0;
            for (int t = 0; t < TRIALS; t++) {
                double[][] alone = runs(rng, cell, ALONE_RUNS, 1);
                double[][] with = runs(rng, cell, WITH_RUNS, FACTOR);
                FctHarmIntervals harm = Harm.ofRuns(alone, with, 100 * CONFIDENCE);
                count(harm, covered);
                width += logWidth(harm.geometricMean());
                if (FULL && t < POOLED_TRIALS) {
                    FctHarmIntervals pooled = Harm.of(pooled(alone), pooled(with), 100 * CONFIDENCE);
                    count(pooled, pooledCovered);
                    pooledWidth += logWidth(pooled.geometricMean());
                }
            }
            table.append(String.format(Locale.ROOT, "| %s | %.1f %% | %.1f %% | %.1f %% | %s | %.3f | %s |%n",
                    cell.name, 100.0 * covered[0] / TRIALS, 100.0 * covered[1] / TRIALS, 100.0 * covered[2] / TRIALS,
                    FULL ? String.format(Locale.ROOT, "%.1f / %.1f / %.1f %%", 100.0 * pooledCovered[0] / POOLED_TRIALS,
                            100.0 * pooledCovered[1] / POOLED_TRIALS, 100.0 * pooledCovered[2] / POOLED_TRIALS) : "-",
                    width / TRIALS, FULL ? String.format(Locale.ROOT, "%.3f", pooledWidth / POOLED_TRIALS) : "-"));
            for (int s = 0; s < 3; s++) {
                assertThat((double) covered[s] / TRIALS).as("%s, statistic %d", cell.name, s)
                        .isGreaterThanOrEqualTo(CONFIDENCE - MC_ERROR);
            }
        }
        System.out.print(table);
    }

    private record Cell(String name, double phi, boolean t3, double runShift, double rounding) {
    }

    /** Runs of FLOWS flows: exp(5 + u + 1.2·e) times factor, e AR(1) of unit variance, u the run's shift. */
    private static double[][] runs(UniformRandomProvider rng, Cell cell, int count, double factor) {
        ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
        // t3 scaled to unit variance (its variance is 3).
        TDistribution t3 = TDistribution.of(3);
        TDistribution.Sampler heavy = t3.createSampler(rng);
        double[][] runs = new double[count][FLOWS];
        for (int r = 0; r < count; r++) {
            double shift = cell.runShift * normal.sample();
            double e = 0;
            for (int i = 0; i < FLOWS; i++) {
                double innovation = cell.t3 ? heavy.sample() / Math.sqrt(3) : normal.sample();
                e = i == 0 ? innovation : cell.phi * e + Math.sqrt(1 - cell.phi * cell.phi) * innovation;
                double fct = factor * Math.exp(5 + shift + 1.2 * e);
                runs[r][i] = cell.rounding > 0 ? Math.max(cell.rounding, cell.rounding * Math.rint(fct / cell.rounding))
                        : fct;
            }
        }
        return runs;
    }

    private static void count(FctHarmIntervals harm, int[] covered) {
        HarmInterval[] intervals = {harm.geometricMean(), harm.median(), harm.p95()};
        for (int s = 0; s < 3; s++) {
            if (intervals[s].lower() <= HARM && HARM <= intervals[s].upper()) {
                covered[s]++;
            }
        }
    }

    /** Width of the interval of the log ratio with/alone. */
    private static double logWidth(HarmInterval harm) {
        return Math.log(1 - harm.lower()) - Math.log(1 - harm.upper());
    }

    private static double[] pooled(double[][] runs) {
        return Arrays.stream(runs).flatMapToDouble(Arrays::stream).toArray();
    }
}
