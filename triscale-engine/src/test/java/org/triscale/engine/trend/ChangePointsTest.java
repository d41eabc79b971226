package org.triscale.engine.trend;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * E-divisive means (Matteson and James 2014) with its AR(1)-aware null and the confirmation over
 * looks: edge cases, a reference split, and seeded Monte Carlo of a single look's two promises on
 * histories of 30 builds whose KPI varies by 1 % (standard deviation) from build to build, the
 * sample suite's order of spread between sequels ({@link ChangePointsCalibrationTest}: serial
 * correlation, repeated looks and the builds a step needs).
 */
class ChangePointsTest {
    private static final double NOISE = 0.01;

    @Test
    void shortConstantAndTiedHistoriesHaveNone() {
        assertThat(ChangePoints.detect(new double[0])).isEmpty();
        assertThat(ChangePoints.detect(new double[] {1})).isEmpty();
        assertThat(ChangePoints.detect(new double[] {1, 2, 3, 10, 11})).isEmpty(); // fewer than 2 × 3
        assertThat(ChangePoints.detect(new double[30])).isEmpty();
        double[] constant = new double[30];
        java.util.Arrays.fill(constant, 42.5);
        assertThat(ChangePoints.detect(constant)).isEmpty();
        double[] ties = new double[30];
        for (int i = 0; i < ties.length; i++) {
            ties[i] = i % 2; // alternating ties: no shift in level
        }
        assertThat(ChangePoints.detect(ties)).isEmpty();
    }

    @Test
    void aCleanStepIsFoundWhereItIsWithItsRelativeChange() {
        double[] step = new double[16];
        for (int i = 0; i < step.length; i++) {
            step[i] = i < 8 ? 100 : 110;
        }
        List<ChangePoints.ChangePoint> points = ChangePoints.detect(step);
        assertThat(points).hasSize(1);
        assertThat(points.get(0).index()).isEqualTo(9); // the first value after the change, 1-based
        assertThat(points.get(0).change()).isCloseTo(0.10, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(points.get(0).pValue()).isLessThanOrEqualTo(ChangePoints.ALPHA);
    }

    @Test
    void historiesShorterThanTheMinimumAreNotSearched() {
        double[] step = new double[ChangePoints.MIN_HISTORY - 1];
        for (int i = 0; i < step.length; i++) {
            step[i] = i < step.length / 2 ? 100 : 150;
        }
        assertThat(ChangePoints.detect(step, 0.01, 199, 1)).isEmpty();
        double[] longer = java.util.Arrays.copyOf(step, ChangePoints.MIN_HISTORY);
        longer[longer.length - 1] = 150;
        assertThat(ChangePoints.detect(longer, 0.01, 199, 1)).hasSize(1);
    }

    /**
     * A step with only 3 builds after it is found by the last look but not by the one before (2
     * builds after it, fewer than {@value ChangePoints#MIN_SEGMENT}): not shown until confirmed.
     */
    @Test
    void aPointIsShownOnlyOnceTheEarlierLooksFoundItToo() {
        double[] history = new double[15];
        for (int i = 0; i < history.length; i++) {
            history[i] = i < 12 ? 100 : 110;
        }
        ChangePoints.Settings once = ChangePoints.Settings.DEFAULT.withLooks(1);
        assertThat(ChangePoints.confirmed(history, once)).extracting(ChangePoints.ChangePoint::index).containsExactly(13);
        assertThat(ChangePoints.confirmed(history, ChangePoints.Settings.DEFAULT)).isEmpty();
        double[] later = java.util.Arrays.copyOf(history, 17);
        later[15] = 110;
        later[16] = 110;
        assertThat(ChangePoints.confirmed(later, ChangePoints.Settings.DEFAULT))
                .extracting(ChangePoints.ChangePoint::index).containsExactly(13);
    }

    /**
     * The AR(1) coefficient the null uses: 0 for a constant segment, near the truth (raised by one
     * standard error) for a long AR(1) segment of φ = 0.6, and a real step is not read as
     * dependence (the means of the two parts are removed first).
     */
    @Test
    void theNullsCoefficientAllowsForDependenceButNotForAStep() {
        assertThat(ChangePoints.phi(new double[20], 10)).isZero();
        SplittableRandom random = new SplittableRandom(4);
        double[] ar = new double[400];
        double y = 0;
        for (int i = 0; i < ar.length; i++) {
            y = 0.6 * y + random.nextGaussian(0, 1);
            ar[i] = y;
        }
        assertThat(ChangePoints.phi(ar, 200)).isBetween(0.55, 0.72);
        double[] step = new double[400];
        for (int i = 0; i < step.length; i++) {
            step[i] = (i < 200 ? 0 : 10) + random.nextGaussian(0, 1);
        }
        assertThat(ChangePoints.phi(step, 200)).isLessThan(0.15);
    }

    /**
     * Two steps, down and up or a staircase: both found (the null's fit removes a second step too,
     * so that it is not read as serial correlation).
     */
    @Test
    void twoStepsAreTwoChangePoints() {
        SplittableRandom random = new SplittableRandom(3);
        double[] history = new double[36];
        double[] staircase = new double[36];
        for (int i = 0; i < history.length; i++) {
            history[i] = (i < 12 ? 100 : i < 24 ? 110 : 95) * (1 + NOISE * random.nextGaussian(0, 1));
            staircase[i] = (i < 12 ? 100 : i < 24 ? 110 : 120) * (1 + NOISE * random.nextGaussian(0, 1));
        }
        assertThat(ChangePoints.detect(history)).extracting(ChangePoints.ChangePoint::index)
                .containsExactly(13, 25);
        assertThat(ChangePoints.detect(staircase)).extracting(ChangePoints.ChangePoint::index)
                .containsExactly(13, 25);
    }

    @Test
    void badInputNamesTheParameter() {
        assertThatThrownBy(() -> ChangePoints.detect(new double[] {1, Double.NaN}))
                .hasMessageContaining("values[1] = NaN").hasMessageContaining("finite");
        assertThatThrownBy(() -> ChangePoints.detect(new double[] {1}, 0, 199, 1)).hasMessageContaining("alpha = 0");
        assertThatThrownBy(() -> ChangePoints.detect(new double[] {1}, 0.01, 5, 1))
                .hasMessageContaining("permutations = 5");
        assertThatThrownBy(() -> ChangePoints.Settings.DEFAULT.withLooks(0)).hasMessageContaining("looks = 0");
        assertThatThrownBy(() -> ChangePoints.confirmed(new double[] {1}, null)).hasMessageContaining("settings = null");
    }

    @Test
    void sameSeedSameAnswer() {
        double[] history = history(new SplittableRandom(9), 0.05);
        assertThat(ChangePoints.detect(history, 0.01, 199, 5)).isEqualTo(ChangePoints.detect(history, 0.01, 199, 5));
    }

    /**
     * A 5 % step at build 20 of 30 (builds 20 to 30 are 5 % higher), 1 % noise, one look: a change
     * point at 20 ± 2 in at least 90 % of 200 seeded replications (observed 94.5 %; the plain
     * permutation test, which ignores serial correlation, found it in all of them).
     */
    @Test
    void aStepOf5PercentAtBuild20IsDetectedAt20Plus2() {
        SplittableRandom random = new SplittableRandom(2026);
        int replications = 200;
        int near = 0;
        for (int r = 0; r < replications; r++) {
            List<ChangePoints.ChangePoint> points = ChangePoints.detect(history(random, 0.05), 0.01, 199, r);
            if (points.stream().anyMatch(p -> Math.abs(p.index() - 20) <= 2 && p.change() > 0.03)) {
                near++;
            }
        }
        assertThat(near).as("replications with a change point at 20 ± 2").isGreaterThanOrEqualTo(180);
    }

    /**
     * Stable histories (1 % noise, no step): none in at least 95 % of 400 seeded replications; at
     * α = 0.01 per split the expected false-alarm rate is about 1 % (MC standard error 0.5 %), so
     * the bound leaves room and still fails for a test that alarms at 5 %.
     */
    @Test
    void stableHistoriesShowNoneIn95PercentOfReplications() {
        SplittableRandom random = new SplittableRandom(7);
        int replications = 400;
        int clean = 0;
        for (int r = 0; r < replications; r++) {
            clean += ChangePoints.detect(history(random, 0), 0.01, 199, r).isEmpty() ? 1 : 0;
        }
        assertThat(clean).as("stable histories without a change point").isGreaterThanOrEqualTo(380);
        assertThat(clean).as("at most ~3 % false alarms at α = 0.01").isGreaterThanOrEqualTo(388);
    }

    private static double[] history(SplittableRandom random, double step) {
        double[] history = new double[30];
        for (int i = 0; i < history.length; i++) {
            history[i] = 100 * (i >= 19 ? 1 + step : 1) * (1 + NOISE * random.nextGaussian(0, 1));
        }
        return history;
    }
}
