package org.triscale.engine.comparison;

import org.triscale.engine.numeric.SequelArrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SequelComparisonTest {
    private static final ComparisonSettings LOWER = ComparisonSettings.of(Direction.LOWER_IS_BETTER);

    /** 5 series of 10 log-normal runs with median 1000 (a P95 FCT in ms), from a seeded generator. */
    private static double[][] sequel(long seed, double sigma) {
        ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(Calibration.rng(seed));
        double[][] out = new double[5][10];
        for (double[] series : out) {
            for (int r = 0; r < series.length; r++) {
                series[r] = 1000 * Math.exp(sigma * gaussian.sample());
            }
        }
        return out;
    }

    private static double[][] scaled(double[][] sequel, double factor) {
        double[][] out = new double[sequel.length][];
        for (int s = 0; s < sequel.length; s++) {
            out[s] = sequel[s].clone();
            for (int r = 0; r < out[s].length; r++) {
                out[s][r] *= factor;
            }
        }
        return out;
    }

    @Test
    void sameSeedsSameResultsAreUnchanged() {
        double[][] reference = sequel(1, 0.3);
        SequelChange change = SequelComparison.paired(reference, scaled(reference, 1), LOWER);
        assertThat(change.outcome()).isEqualTo(ComparisonOutcome.UNCHANGED);
        assertThat(change.design()).isEqualTo(Design.PAIRED);
        assertThat(change.scale()).isEqualTo(ChangeScale.LOG_RATIO);
        assertThat(change.zeros()).isEqualTo(50);
        assertThat(change.change().estimate()).isZero();
        assertThat(change.change().lower()).isZero();
        assertThat(change.change().upper()).isZero();
        // The tolerance comes from the baseline: its series medians spread by more than 2 %, the limit.
        assertThat(change.tolerance()).isEqualTo(Tolerance.DEFAULT_LIMIT);
        assertThat(change.toleranceSource()).isEqualTo(ToleranceSource.LIMIT);
        assertThat(change.acceptable()).isTrue();
        // A baseline whose series repeat one another has a score of 0: the floor keeps ±1 %.
        double[][] repeated = repeated(reference);
        SequelChange floor = SequelComparison.paired(repeated, scaled(repeated, 1), LOWER);
        assertThat(floor.tolerance()).isEqualTo(Tolerance.DEFAULT_FLOOR);
        assertThat(floor.toleranceSource()).isEqualTo(ToleranceSource.FLOOR);
        assertThat(floor.outcome()).isEqualTo(ComparisonOutcome.UNCHANGED);
    }

    /** Every series a copy of the first: series medians equal, a variability score of 0. */
    private static double[][] repeated(double[][] sequel) {
        double[][] out = new double[sequel.length][];
        for (int s = 0; s < sequel.length; s++) {
            out[s] = sequel[0].clone();
        }
        return out;
    }

    @Test
    void aDeterministicBackendZeroPointTwoPercentSlowerIsUnchangedWithinTheFloor() {
        // A deterministic test bed: every run 0.2 % slower, score 0. Without a floor the interval
        // [+0.2 %, +0.2 %] is neither inside ±0 % nor beyond it: inconclusive, a CI failure.
        double[][] reference = repeated(sequel(3, 0.3));
        SequelChange change = SequelComparison.paired(reference, scaled(reference, 1.002), LOWER);
        assertThat(change.outcome()).isEqualTo(ComparisonOutcome.UNCHANGED);
        assertThat(change.tolerance()).isEqualTo(0.01);
        SequelChange noFloor = SequelComparison.paired(reference, scaled(reference, 1.002),
                LOWER.withTolerance(Tolerance.fromScore(0)));
        assertThat(noFloor.tolerance()).isZero();
        assertThat(noFloor.toleranceSource()).isEqualTo(ToleranceSource.SCORE);
        assertThat(noFloor.outcome()).isNotEqualTo(ComparisonOutcome.UNCHANGED);
        // A floor above the 2 % limit is the user's resolution and wins over the limit.
        SequelChange wide = SequelComparison.paired(reference, scaled(reference, 1.03),
                LOWER.withTolerance(Tolerance.fromScore(0.05)));
        assertThat(wide.tolerance()).isCloseTo(0.05, within(1e-12));
        assertThat(wide.outcome()).isEqualTo(ComparisonOutcome.UNCHANGED);
        // 5 % on the same deterministic backend is beyond the floor: regressed.
        assertThat(SequelComparison.paired(reference, scaled(reference, 1.05), LOWER).outcome())
                .isEqualTo(ComparisonOutcome.REGRESSED);
    }

    @Test
    void aFloorOutsideZeroToOneIsRejectedWithItsRange() {
        assertThatThrownBy(() -> Tolerance.fromScore(-0.01))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("floor")
                .hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> Tolerance.fromScore(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0.01");
    }

    @Test
    void preChecksFindSeriesEffectsAndSerialCorrelationAndStayQuietOnConstantChanges() {
        int[] seriesOf = new int[50];
        for (int i = 0; i < 50; i++) {
            seriesOf[i] = i / 10;
        }
        double[] constant = new double[50];
        java.util.Arrays.fill(constant, 0.18);
        assertThat(SequelComparison.heterogeneityPValue(constant, seriesOf)).isEqualTo(1);
        assertThat(SequelComparison.serialCorrelationPValue(constant, seriesOf)).isEqualTo(1);
        double[] bySeries = new double[50];
        double[] trending = new double[50];
        for (int i = 0; i < 50; i++) {
            bySeries[i] = seriesOf[i] + 0.01 * (i % 10);   // series 0 < 1 < ... < 4: ranks separate
            trending[i] = Math.sin(i % 10 / 3.0) + 0.001 * seriesOf[i];  // smooth within each series
        }
        assertThat(SequelComparison.heterogeneityPValue(bySeries, seriesOf)).isLessThan(1e-6);
        assertThat(SequelComparison.serialCorrelationPValue(trending, seriesOf)).isLessThan(1e-3);
        // One series: no heterogeneity to test.
        assertThat(SequelComparison.heterogeneityPValue(new double[] {1, 2, 3}, new int[] {0, 0, 0})).isEqualTo(1);
    }

    @Test
    void theSeriesLevelTestSaysSoAndNeedsTwoSeries() {
        double[][] reference = sequel(11, 0.3);
        SequelChange change = SequelComparison.paired(reference, scaled(reference, 1.2),
                LOWER.withPairedTest(PairedTest.SERIES));
        assertThat(change.design()).isEqualTo(Design.PAIRED_SERIES);
        assertThat(change.design().label()).isEqualTo("paired by series");
        assertThat(change.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        assertThat(change.change().estimate()).isCloseTo(0.2, within(1e-9));
        double[][] one = {reference[0]};
        SequelChange single = SequelComparison.paired(one, scaled(one, 1.2), LOWER.withPairedTest(PairedTest.SERIES));
        assertThat(single.outcome()).isEqualTo(ComparisonOutcome.INCONCLUSIVE);
        assertThat(single.reason()).contains("needs 2 series at least, got 1");
    }

    @Test
    void sameSeedsTwentyPercentSlowerRegressed() {
        double[][] reference = sequel(2, 0.3);
        SequelChange change = SequelComparison.paired(reference, scaled(reference, 1.2), LOWER);
        assertThat(change.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        assertThat(change.change().estimate()).isCloseTo(0.2, within(1e-12));
        assertThat(change.change().lower()).isCloseTo(0.2, within(1e-12));
        assertThat(change.worsePValue()).isEqualTo(Math.pow(2, -50));
        assertThat(change.acceptable()).isFalse();
        // Better when higher is better: improved.
        SequelChange higher = SequelComparison.paired(reference, scaled(reference, 1.2),
                ComparisonSettings.of(Direction.HIGHER_IS_BETTER));
        assertThat(higher.outcome()).isEqualTo(ComparisonOutcome.IMPROVED);
    }

    @Test
    void differentSeedsUnchangedDataPassUnpaired() {
        SequelChange change = SequelComparison.unpaired(medians(sequel(3, 0.05)), medians(sequel(4, 0.05)), LOWER);
        assertThat(change.design()).isEqualTo(Design.UNPAIRED);
        assertThat(change.outcome()).isIn(ComparisonOutcome.UNCHANGED, ComparisonOutcome.INCONCLUSIVE);
        assertThat(change.outcome()).isNotEqualTo(ComparisonOutcome.REGRESSED);
        assertThat(change.referenceCount()).isEqualTo(5);
    }

    /**
     * A 20 % change on other seeds, beyond a 15 % tolerance: "unchanged" needs both one-sided
     * tests to reject a change as large as the tolerance, so it happens at most α of the time.
     */
    @Test
    void aChangeBeyondTheToleranceIsRarelyUnchanged() {
        ComparisonSettings settings = LOWER.withTolerance(Tolerance.relative(0.15));
        int replications = 1_000;
        int unchanged = 0;
        for (long seed = 0; seed < replications; seed++) {
            SequelChange change = SequelComparison.unpaired(medians(sequel(100 + seed, 0.25)),
                    medians(scaled(sequel(1_000_000 + seed, 0.25), 1.2)), settings);
            unchanged += change.outcome() == ComparisonOutcome.UNCHANGED ? 1 : 0;
        }
        assertThat(unchanged / (double) replications).isLessThanOrEqualTo(0.01
                + 3 * Calibration.standardError(0.01, replications));
    }

    private static double[] medians(double[][] sequel) {
        double[] out = new double[sequel.length];
        for (int s = 0; s < sequel.length; s++) {
            out[s] = SequelArrays.median(sequel[s]);
        }
        return out;
    }

    @Test
    void metricsThatCanBeZeroOrNegativeCompareDifferences() {
        double[][] reference = {{-1, 0, 1, 2, 3}, {-2, 0, 1, 1, 2}, {0, 0, 1, 2, 2}, {-1, 1, 1, 2, 4}, {0, 1, 1, 3, 3}};
        SequelChange change = SequelComparison.paired(reference, shifted(reference, 2), LOWER);
        assertThat(change.scale()).isEqualTo(ChangeScale.DIFFERENCE);
        assertThat(change.change().estimate()).isEqualTo(2);
        assertThat(change.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        assertThat(change.referenceMedian()).isEqualTo(1);
        assertThat(change.relative(change.change().estimate())).isEqualTo(2);
    }

    private static double[][] shifted(double[][] sequel, double by) {
        double[][] out = new double[sequel.length][];
        for (int s = 0; s < sequel.length; s++) {
            out[s] = sequel[s].clone();
            for (int r = 0; r < out[s].length; r++) {
                out[s][r] += by;
            }
        }
        return out;
    }

    /** A significant change within an explicit tolerance is unchanged; beyond it, regressed. */
    @Test
    void explicitTolerancesRelativeAndAbsolute() {
        double[][] reference = sequel(5, 0.3);
        double[][] candidate = scaled(reference, 1.02);
        assertThat(SequelComparison.paired(reference, candidate, LOWER.withTolerance(Tolerance.relative(0.05)))
                .outcome()).isEqualTo(ComparisonOutcome.UNCHANGED);
        assertThat(SequelComparison.paired(reference, candidate, LOWER.withTolerance(Tolerance.relative(0.01)))
                .outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        SequelChange absolute = SequelComparison.paired(reference, candidate,
                LOWER.withTolerance(Tolerance.absolute(50)));
        assertThat(absolute.tolerance()).isCloseTo(50 / absolute.referenceMedian(), within(1e-12));
        assertThat(absolute.toleranceSource()).isEqualTo(ToleranceSource.ABSOLUTE);
        assertThat(absolute.outcome()).isEqualTo(ComparisonOutcome.UNCHANGED);
    }

    /**
     * The paired default tolerance comes from the baseline (the score of its series medians, 5
     * series: their range) while it is below the default limit of 2 %, the limit above; never from
     * the candidate: two candidates whose series changes spread differently get the same tolerance.
     */
    @Test
    void pairedDefaultToleranceComesFromTheBaselineAtMostTheLimitNeverFromTheCandidate() {
        double[][] reference = seriesScaled(repeated(sequel(6, 0.3)), 1, 0.004);
        SequelChange narrow = SequelComparison.paired(reference, seriesScaled(reference, 1.05, 0.004), LOWER);
        assertThat(narrow.toleranceSource()).isEqualTo(ToleranceSource.SCORE);
        assertThat(narrow.tolerance()).isCloseTo(4 * 0.004, within(1e-12));
        assertThat(narrow.seriesCount()).isEqualTo(5);
        assertThat(narrow.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        SequelChange spread = SequelComparison.paired(reference, seriesScaled(reference, 1.01, 0.02),
                LOWER.withPairedTest(PairedTest.RUNS));
        assertThat(spread.tolerance()).isEqualTo(narrow.tolerance());
        assertThat(spread.toleranceSource()).isEqualTo(ToleranceSource.SCORE);
        // A baseline whose series spread by more than 2 %: the limit; the consistent 5 % change is
        // still a regression for the per-run test.
        double[][] wideReference = sequel(6, 0.3);
        SequelChange wide = SequelComparison.paired(wideReference, seriesScaled(wideReference, 1.01, 0.02),
                LOWER.withPairedTest(PairedTest.RUNS));
        assertThat(wide.toleranceSource()).isEqualTo(ToleranceSource.LIMIT);
        assertThat(wide.tolerance()).isEqualTo(Tolerance.DEFAULT_LIMIT);
        assertThat(wide.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        // By default such series differ (their changes run from +1 % to +9 %): the series are the
        // unit, 5 of them, and the t-test across them (t = 3.6 on 4 df, p = 0.011) cannot show it.
        SequelChange auto = SequelComparison.paired(wideReference, seriesScaled(wideReference, 1.01, 0.02), LOWER);
        assertThat(auto.design()).isEqualTo(Design.PAIRED_SERIES);
        assertThat(auto.outcome()).isEqualTo(ComparisonOutcome.INCONCLUSIVE);
        assertThat(auto.worsePValue()).isBetween(0.01, 0.02);
    }

    /** Series s scaled by {@code first + s · step}. */
    private static double[][] seriesScaled(double[][] sequel, double first, double step) {
        double[][] out = scaled(sequel, 1);
        for (int s = 0; s < out.length; s++) {
            for (int r = 0; r < out[s].length; r++) {
                out[s][r] *= first + s * step;
            }
        }
        return out;
    }

    @Test
    void invalidRunsDropTheirPairs() {
        double[][] reference = sequel(7, 0.3);
        double[][] candidate = scaled(reference, 1.2);
        reference[0][0] = Double.NaN;
        candidate[1][3] = Double.NaN;
        SequelChange change = SequelComparison.paired(reference, candidate, LOWER);
        assertThat(change.referenceCount()).isEqualTo(48);
        assertThat(change.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
    }

    @Test
    void tooFewObservationsAreInconclusiveAndSaySo() {
        double[][] reference = {{1, 2, 3}, {1, 2, 3}};
        SequelChange pairs = SequelComparison.paired(reference, scaled(reference, 2), LOWER);
        assertThat(pairs.outcome()).isEqualTo(ComparisonOutcome.INCONCLUSIVE);
        assertThat(pairs.reason()).contains("6 pairs", "at least 7");
        assertThat(pairs.minimumDetectableChange()).isEqualTo(Double.POSITIVE_INFINITY);
        SequelChange unpaired = SequelComparison.unpaired(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8}, LOWER);
        assertThat(unpaired.outcome()).isEqualTo(ComparisonOutcome.INCONCLUSIVE);
        assertThat(unpaired.reason()).contains("at least 4 candidate ones");
        SequelChange none = SequelComparison.unpaired(new double[] {Double.NaN}, new double[] {1}, LOWER);
        assertThat(none.reason()).contains("the reference has no valid");
        // One series of 10 pairs: no score of per-series changes, so the default is the limit.
        double[][] one = {sequel(8, 0.3)[0]};
        SequelChange noScore = SequelComparison.paired(one, scaled(one, 1.1), LOWER);
        assertThat(noScore.toleranceSource()).isEqualTo(ToleranceSource.LIMIT);
        assertThat(noScore.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
    }

    @Test
    void rejectsBadInputNamingIt() {
        double[][] reference = sequel(9, 0.3);
        assertThatThrownBy(() -> SequelComparison.paired(reference, new double[4][10], LOWER))
                .hasMessageContaining("same series").hasMessageContaining("unpaired");
        assertThatThrownBy(() -> SequelComparison.paired(reference, new double[][] {{1}, {1}, {1}, {1}, {1}}, LOWER))
                .hasMessageContaining("same runs");
        assertThatThrownBy(() -> SequelComparison.unpaired(new double[] {Double.POSITIVE_INFINITY}, new double[] {1},
                LOWER)).hasMessageContaining("reference[0]");
        assertThatThrownBy(() -> SequelComparison.paired(null, reference, LOWER)).hasMessageContaining("reference");
        assertThatThrownBy(() -> LOWER.withAlpha(0.5)).hasMessageContaining("alpha");
        assertThatThrownBy(() -> Tolerance.relative(-0.1)).hasMessageContaining("tolerance");
        assertThatThrownBy(() -> Tolerance.absolute(Double.NaN)).hasMessageContaining("tolerance");
    }

    /** The detectable change shrinks with the square root of the number of pairs and grows with the noise. */
    @Test
    void minimumDetectableChangeFollowsTheDesign() {
        UniformRandomProvider rng = Calibration.rng(10);
        ZigguratSampler.NormalizedGaussian gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
        double[][] reference = sequel(11, 0.3);
        double[][] candidate = scaled(reference, 1);
        for (double[] series : candidate) {
            for (int r = 0; r < series.length; r++) {
                series[r] *= Math.exp(0.03 * gaussian.sample());
            }
        }
        ComparisonSettings fixed = LOWER.withTolerance(Tolerance.relative(0));
        SequelChange change = SequelComparison.paired(reference, candidate, fixed);
        // σ of the changes 0.03: (t(0.99) + t(0.8)) · 0.03 · √(π/3) / √50 on the 37 % · 49 degrees of freedom
        // of a robust spread, times the 90 % upper bound of that spread √(df/χ²₀.₁(df)): ≈ 0.019.
        double df = 0.37 * 49;
        TDistribution t = TDistribution.of(df);
        double bound = Math.sqrt(df / ChiSquaredDistribution.of(df).inverseCumulativeProbability(0.1));
        assertThat(Math.log1p(change.minimumDetectableChange())).isCloseTo((t.inverseCumulativeProbability(0.99)
                + t.inverseCumulativeProbability(0.8)) * bound * 0.03 * Math.sqrt(Math.PI / 3 / 50), within(0.004));
        SequelChange unpaired = SequelComparison.unpaired(medians(reference), medians(candidate), fixed);
        assertThat(unpaired.minimumDetectableChange()).isGreaterThan(5 * change.minimumDetectableChange());
        SequelChange tolerant = SequelComparison.paired(reference, candidate,
                LOWER.withTolerance(Tolerance.relative(0.1)));
        assertThat(tolerant.minimumDetectableChange()).isGreaterThan(0.1);
    }
}
