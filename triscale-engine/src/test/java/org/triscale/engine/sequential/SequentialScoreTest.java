package org.triscale.engine.sequential;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.calibration.Calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SequentialScoreTest {
    private static final double NONE = Double.NaN;
    /** The most series of the simulated sequels. */
    private static final int MAX_SERIES = 60;

    @Test
    void endsAreTheSequentialKpisOfBothPercentilesAtTheScoreConfidence() {
        double[] values = {9, 3, 7, 1, 8, 2, 6, 4, 5, 10, 0, 11, 3.5, 2.5, 1.5, 6.5, 7.5, 8.5, 9.5, 0.5};
        SequentialScore score = SequentialScore.start(25, 75, IntervalKind.TWO_SIDED, NONE, NONE, 5);
        SequentialKpi high = SequentialKpi.start(SequentialSpec.of(75, 75, Side.UPPER).withTunedFor(5));
        SequentialKpi low = SequentialKpi.start(SequentialSpec.of(25, 75, Side.LOWER).withTunedFor(5));
        for (double value : values) {
            SequentialScoreStep step = score.add(value);
            SequentialStep h = high.add(value);
            SequentialStep l = low.add(value);
            assertThat(step.highUpper()).isEqualTo(h.upper());
            assertThat(step.highLower()).isEqualTo(h.lower());
            assertThat(step.lowLower()).isEqualTo(l.lower());
            assertThat(step.lowUpper()).isEqualTo(l.upper());
            assertThat(step.score()).isEqualTo(h.upper() - l.lower());
            assertThat(step.decision()).isEqualTo(Decision.UNDECIDED); // no threshold
        }
        assertThat(score.current().score()).isFinite();
        assertThat(score.current().relativeScore())
                .isEqualTo(VariabilityScores.relative(score.current().lowLower(), score.current().highUpper()));
    }

    @Test
    void aJointScoreHoldsEachEndAtHalfTheError() {
        SequentialScore joint = SequentialScore.start(75, 80, IntervalKind.JOINT, NONE, NONE, 10);
        SequentialKpi high = SequentialKpi.start(SequentialSpec.of(75, 90, Side.UPPER).withTunedFor(10));
        for (int i = 0; i < 40; i++) {
            double value = (i * 37) % 41;
            assertThat(joint.add(value).highUpper()).isEqualTo(high.add(value).upper());
        }
    }

    @Test
    void decidesPassWhenTheUpperBoundOfTheRangeIsWithinTheThreshold() {
        SequentialScore score = SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, 10, NONE, 5);
        SequentialScoreStep step = null;
        for (int i = 0; i < 200 && (step == null || step.decision() == Decision.UNDECIDED); i++) {
            step = score.add(100 + (i * 7) % 5); // values in [100, 104]: range at most 4
        }
        assertThat(step.decision()).isEqualTo(Decision.PASS);
        assertThat(step.score()).isLessThanOrEqualTo(10);
        // Sticky: a later wide value does not undo it.
        assertThat(score.add(1e6).decision()).isEqualTo(Decision.PASS);
    }

    @Test
    void decidesFailWhenTheLowerBoundOfTheRangeExceedsTheThreshold() {
        SequentialScore score = SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, 1, NONE, 5);
        SequentialScoreStep step = null;
        for (int i = 0; i < 200 && (step == null || step.decision() == Decision.UNDECIDED); i++) {
            step = score.add(i % 2 == 0 ? 0 : 10); // half at 0, half at 10: range 10
        }
        assertThat(step.decision()).isEqualTo(Decision.FAIL);
        assertThat(step.highLower() - step.lowUpper()).isGreaterThan(1);
    }

    @Test
    void decidesTheRelativeScoreForPositiveMetricsOnly() {
        SequentialScore relative = SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, NONE, 0.1, 5);
        SequentialScore negative = SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, NONE, 0.1, 5);
        for (int i = 0; i < 100; i++) {
            relative.add(100 + i % 3);
            negative.add(-100 - i % 3);
        }
        assertThat(relative.current().decision()).isEqualTo(Decision.PASS);
        assertThat(relative.current().relativeScore()).isLessThanOrEqualTo(0.1);
        assertThat(negative.current().decision()).isEqualTo(Decision.UNDECIDED);
    }

    @Test
    void bothThresholdsMustPassAndEitherFails() {
        SequentialScore both = SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, 100, 0.01, 5);
        for (int i = 0; i < 200; i++) {
            both.add(i % 2 == 0 ? 10 : 20); // range 10: within 100, but 67 % relative
        }
        assertThat(both.current().decision()).isEqualTo(Decision.FAIL);
    }

    @Test
    void constantSeriesKpisPassAsSoonAsBothEndsExist() {
        SequentialScore score = SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, 0, 0, 5);
        int series = 0;
        while (score.current().decision() == Decision.UNDECIDED) {
            score.add(42);
            series++;
        }
        assertThat(score.current().score()).isZero();
        assertThat(score.current().decision()).isEqualTo(Decision.PASS);
        assertThat(series).isLessThanOrEqualTo(10);
    }

    @Test
    void oneSeriesDecidesNothingAndUndefinedKpisAreDroppedAndCounted() {
        SequentialScore score = SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, 5, NONE, 5);
        assertThat(score.current().series()).isZero();
        assertThat(score.fallbackConfidence()).isNaN();
        SequentialScoreStep step = score.add(3);
        assertThat(step.series()).isEqualTo(1);
        assertThat(step.score()).isInfinite();
        assertThat(step.relativeScore()).isNaN();
        assertThat(step.decision()).isEqualTo(Decision.UNDECIDED);
        step = score.add(Double.NaN);
        assertThat(step.series()).isEqualTo(1);
        assertThat(step.droppedNaN()).isEqualTo(1);
        assertThatThrownBy(() -> score.add(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("finite");
    }

    @Test
    void theLastLookIsStricterThanTheScoreConfidence() {
        SequentialScore score = SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, NONE, NONE, 5);
        for (int i = 0; i < 30; i++) {
            score.add(i);
        }
        assertThat(score.fallbackConfidence()).isGreaterThan(75).isLessThan(100);
    }

    @Test
    void rejectsArgumentsOutOfRangeNamingThem() {
        assertThatThrownBy(() -> SequentialScore.start(50, 75, IntervalKind.TWO_SIDED, 1, NONE, 5))
                .hasMessageContaining("percentile must not be 50");
        assertThatThrownBy(() -> SequentialScore.start(75, 40, IntervalKind.TWO_SIDED, 1, NONE, 5))
                .hasMessageContaining("confidence must be in (50, 100), got 40");
        assertThatThrownBy(() -> SequentialScore.start(75, 75, IntervalKind.ONE_SIDED, 1, NONE, 5))
                .hasMessageContaining("TWO_SIDED or JOINT");
        assertThatThrownBy(() -> SequentialScore.start(75, 75, null, 1, NONE, 5)).hasMessageContaining("kind");
        assertThatThrownBy(() -> SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, -1, NONE, 5))
                .hasMessageContaining("atMost must be finite and >= 0");
        assertThatThrownBy(() -> SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, NONE,
                Double.POSITIVE_INFINITY, 5)).hasMessageContaining("relativeAtMost");
        assertThatThrownBy(() -> SequentialScore.start(75, 75, IntervalKind.TWO_SIDED, 1, NONE, 0))
                .hasMessageContaining("tunedFor");
    }

    /**
     * The promise under optional stopping: with the threshold just below the true range, a pass at
     * any of 60 series is false; with it at the true range, a fail is. Each must stay within the
     * score's error (2(1 − c) two-sided, 1 − c joint), with the Monte Carlo error. The table (full
     * mode) also gives the mean series to a decision and the pass rate when the range is half the
     * threshold.
     */
    @TestFactory
    Stream<DynamicTest> falseDecisionsStayWithinTheErrorUnderOptionalStopping() {
        int replications = Calibration.replications(400, 4000);
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "Adaptive series: the variability score"
                + " of the 25th/75th percentiles of the series KPIs, stopping at the first decision or at %d series"
                + " (%d replications per row).%n%n| law | score | false passes (threshold just below the range) |"
                + " false fails (threshold at the range) | promised at most | range half the threshold: mean series"
                + " | passes |%n|---|---|---|---|---|---|---|%n", MAX_SERIES, replications));
        List<DynamicTest> tests = new ArrayList<>();
        for (IntervalKind kind : new IntervalKind[] {IntervalKind.TWO_SIDED, IntervalKind.JOINT}) {
            for (Law law : Law.values()) {
                tests.add(DynamicTest.dynamicTest(law + " " + kind, () -> falseDecisions(law, kind, replications,
                        table)));
            }
        }
        tests.add(DynamicTest.dynamicTest("publish", () -> Calibration.publish("adaptive-series", table.toString())));
        return tests.stream();
    }

    private static void falseDecisions(Law law, IntervalKind kind, int replications, StringBuilder table) {
        double confidence = kind == IntervalKind.JOINT ? 90 : 75;
        double alpha = kind == IntervalKind.JOINT ? 1 - confidence / 100 : 2 * (1 - confidence / 100);
        double range = law.quantile(0.75) - law.quantile(0.25);
        long seed = 11_000 + 100L * kind.ordinal() + law.ordinal();
        Outcome falsePasses = run(law, kind, confidence, Math.nextDown(range), replications, seed);
        Outcome falseFails = run(law, kind, confidence, range, replications, seed + 10);
        Outcome far = run(law, kind, confidence, 2 * range, replications, seed + 20);
        synchronized (table) {
            table.append(String.format(Locale.ROOT, "| %s | %s at %.0f %% | %s | %s | %s | %.1f | %s |%n",
                    law.label(), kind == IntervalKind.JOINT ? "joint" : "two-sided", confidence,
                    Calibration.percent(falsePasses.passes()), Calibration.percent(falseFails.fails()),
                    Calibration.percent(alpha), far.meanSeries(), Calibration.percent(far.passes())));
        }
        double limit = alpha + 3 * Calibration.standardError(alpha, replications);
        assertThat(falsePasses.passes()).as("false passes").isLessThanOrEqualTo(limit);
        assertThat(falseFails.fails()).as("false fails").isLessThanOrEqualTo(limit);
        assertThat(far.fails()).as("fails with the range half the threshold").isLessThanOrEqualTo(limit);
    }

    /** Rates of each decision and the mean series at the stop. */
    private record Outcome(double passes, double fails, double meanSeries) {
    }

    private static Outcome run(Law law, IntervalKind kind, double confidence, double atMost, int replications,
                               long seed) {
        DoubleSupplier sampler = law.sampler(Calibration.rng(seed));
        int passes = 0;
        int fails = 0;
        long series = 0;
        for (int r = 0; r < replications; r++) {
            SequentialScore score = SequentialScore.start(75, confidence, kind, atMost, NONE, MAX_SERIES / 4);
            while (score.current().series() < MAX_SERIES && score.current().decision() == Decision.UNDECIDED) {
                score.add(sampler.getAsDouble());
            }
            passes += score.current().decision() == Decision.PASS ? 1 : 0;
            fails += score.current().decision() == Decision.FAIL ? 1 : 0;
            series += score.current().series();
        }
        return new Outcome(passes / (double) replications, fails / (double) replications,
                series / (double) replications);
    }
}
