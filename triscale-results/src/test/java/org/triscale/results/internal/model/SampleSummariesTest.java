package org.triscale.results.internal.model;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class SampleSummariesTest {
    @Test
    void keepsSmallRunsWhole() {
        double[] xs = {0.5, 1.0, 1.5, 2.0};
        double[] ys = {3, 1, 4, 1.5};
        TestResult.SampleSummary summary = SampleSummaries.of(xs, ys, true, false, Double.NaN, Double.NaN);
        assertThat(summary.count()).isEqualTo(4);
        assertThat(summary.explicitX()).isTrue();
        assertThat(summary.x()).containsExactly(0.5f, 1.0f, 1.5f, 2.0f);
        assertThat(summary.y()).containsExactly(3f, 1f, 4f, 1.5f);
        assertThat(summary.trendX()).isNull();
        assertThat(summary.trendY()).isNull();
    }

    @Test
    void longRunsKeepAtMostTheBudgetWithEveryExtreme() {
        int n = 1_000_003;
        double[] xs = new double[n];
        double[] ys = new double[n];
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < n; i++) {
            xs[i] = i;
            ys[i] = random.nextGaussian();
        }
        ys[123_457] = 100; // a spike
        ys[876_543] = -100; // a dip
        TestResult.SampleSummary summary = SampleSummaries.of(xs, ys, false, false, Double.NaN, Double.NaN);

        assertThat(summary.x()).hasSizeLessThanOrEqualTo(SampleSummaries.MAX_POINTS).hasSizeGreaterThan(1900);
        assertThat(summary.x()).contains(123_457f, 876_543f);
        assertThat(summary.y()).contains(100f, -100f);
        for (int i = 1; i < summary.x().size(); i++) {
            assertThat(summary.x().get(i)).isGreaterThan(summary.x().get(i - 1));
        }
        assertThat(SampleSummaries.of(xs, ys, false, false, Double.NaN, Double.NaN).y()).isEqualTo(summary.y());
    }

    @Test
    void eachBucketKeepsItsMinimumAndMaximum() {
        double[] ys = new double[SampleSummaries.MAX_POINTS * 3];
        for (int i = 0; i < ys.length; i++) {
            ys[i] = i % 3 == 1 ? -i : i; // every bucket of 6 holds its own extremes
        }
        int[] kept = SampleSummaries.decimate(ys);
        assertThat(kept).hasSize(SampleSummaries.MAX_POINTS);
        for (int b = 0; b < SampleSummaries.MAX_POINTS / 2; b++) {
            int from = b * 6;
            int min = from;
            int max = from;
            for (int i = from; i < from + 6; i++) {
                min = ys[i] < ys[min] ? i : min;
                max = ys[i] > ys[max] ? i : max;
            }
            assertThat(kept[2 * b]).isEqualTo(Math.min(min, max));
            assertThat(kept[2 * b + 1]).isEqualTo(Math.max(min, max));
        }
    }

    @Test
    void quantilesAreNearestRankOrderStatistics() {
        double[] ys = new double[201];
        double[] xs = new double[201];
        for (int i = 0; i < ys.length; i++) {
            xs[i] = i;
            ys[i] = 200 - i; // descending: the quantiles must not depend on the order
        }
        TestResult.SampleSummary summary = SampleSummaries.of(xs, ys, false, false, Double.NaN, Double.NaN);
        assertThat(summary.quantiles()).hasSize(101);
        assertThat(summary.quantiles().get(0)).isEqualTo(0f);
        assertThat(summary.quantiles().get(50)).isEqualTo(100f);
        assertThat(summary.quantiles().get(95)).isEqualTo(190f);
        assertThat(summary.quantiles().get(100)).isEqualTo(200f);
    }

    @Test
    void convergenceRangesAreTheWindowPositionsAndTheBounds() {
        double[] xs = new double[10];
        double[] ys = new double[10];
        for (int i = 0; i < 10; i++) {
            xs[i] = 10 * i;
            ys[i] = i;
        }
        // n = 10: K = 6 windows of L = 5 samples, starting at 0, 1, ..., 5, placed at sample start + 2
        TestResult.SampleSummary bounded = SampleSummaries.of(xs, ys, true, true, 0, 100);
        assertThat(bounded.trendX()).containsExactly(20.0, 70.0);
        assertThat(bounded.trendY()).containsExactly(0.0, 100.0);
        TestResult.SampleSummary observed = SampleSummaries.of(xs, ys, true, true, Double.NaN, Double.NaN);
        assertThat(observed.trendY()).containsExactly(0.0, 9.0);
    }
}
