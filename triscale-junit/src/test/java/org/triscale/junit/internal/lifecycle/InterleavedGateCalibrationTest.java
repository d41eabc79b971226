package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.triscale.engine.Mode;
import org.triscale.engine.baseline.ComparisonUnit;
import org.triscale.engine.baseline.GateSettings;
import org.triscale.engine.baseline.LaunchVariation;
import org.triscale.engine.baseline.RegressionGate;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.Design;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.PairedTest;
import org.triscale.engine.comparison.Tolerance;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.FailingChecks;
import org.triscale.results.internal.setup.GateSpec;
import org.triscale.results.internal.setup.Metrics;
import org.triscale.results.internal.setup.Settings;
import org.triscale.results.internal.setup.TestSetup;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded Monte Carlo of {@code @Baseline(interleaved = true)} as the extension schedules it: every
 * replication is one launch of 5 series × 10 runs whose invocations come from {@link Invocations}
 * (the reference and candidate arms of each run back to back, in the order of the run's coin), with
 * its own base seed. The test bed is simulated invocation by invocation in time: a run's log value
 * is its seed's effect (shared by both arms: common random numbers), the launch's shift, the
 * series' (day's) effect, the test bed's noise in that time slot (independent, or AR(1) from slot to
 * slot), a linear trend through the launch, a step halfway through it, and, for the candidate, the
 * change. The gate decides as {@code BaselineGate} does for an interleaved test
 * ({@link RegressionGate#compareInterleaved} with the default tolerance: the reference's variability
 * score, at most 2 %, at least the 1 % floor; no launch term).
 *
 * <p>Promises checked: with no change, false "regressed" and false "improved" each ≤ α = 1 % within
 * 3 Monte Carlo standard errors in every drift cell; a +5 % change under a 0.5 % launch shift is
 * regressed in ≥ 85 % of launches (σd = 0.08, the per-pair change's standard deviation). The
 * order is what keeps α: {@link #allReferencesFirstUnderATrendIsAFalseAlarm} runs the same trend
 * with every reference of the launch first, and the warm-up cell (the second run of a pair slower)
 * holds only because the coin puts the reference second half of the time.
 */
class InterleavedGateCalibrationTest {
    private static final int SERIES = 5;
    private static final int RUNS = 10;
    private static final double ALPHA = 0.01;
    private static final int REPLICATIONS = 1_000;
    /** The spread of the seeds' effects: workloads differ far more than runs of one workload. */
    private static final double SEED_SD = 0.10;
    private static final GateSettings SETTINGS = GateSettings.of(Direction.LOWER_IS_BETTER)
            .withTolerance(Tolerance.fromScore(Tolerance.DEFAULT_FLOOR)).withAlpha(ALPHA);

    /**
     * One cell of the test bed.
     *
     * @param name        the cell's name
     * @param launchSd    standard deviation of the launch's shift (log scale), common to every run
     * @param daySd       standard deviation of a series' effect
     * @param phi         AR(1) coefficient of the noise from slot to slot, 0 for independent
     * @param pairSd      standard deviation of a pair's change from the noise (σd): a slot's noise is σd/√2
     * @param trend       log change of the test bed over the launch, linear in time
     * @param step        log change of the test bed from the middle of the launch on
     * @param warmUp      log change of the second run of a pair (a machine that heats up)
     */
    record Cell(String name, double launchSd, double daySd, double phi, double pairSd, double trend, double step,
                double warmUp) {
    }

    static final List<Cell> DRIFT = List.of(
            new Cell("trend +10 % over the launch", 0, 0, 0, 0.08, Math.log(1.10), 0, 0),
            new Cell("step +5 % halfway", 0, 0, 0, 0.08, 0, Math.log(1.05), 0),
            new Cell("launch shift 2 %, day effects 0.035", 0.02, 0.035, 0, 0.08, 0, 0, 0),
            new Cell("trend +10 %, AR(1) φ 0.6 slot to slot", 0, 0, 0.6, 0.08, Math.log(1.10), 0, 0),
            new Cell("trend −5 %, step +3 %, launch shift 1 %", 0.01, 0, 0, 0.08, Math.log(0.95), Math.log(1.03), 0),
            new Cell("second run of a pair 3 % slower, trend +10 %", 0, 0, 0, 0.08, Math.log(1.10), 0,
                    Math.log(1.03)));

    /** The schedule of one launch: the invocations' runs in the order the extension executes them. */
    static List<RunRecord> schedule(long baseSeed) {
        Settings settings = new Settings(Mode.SOUND, FailingChecks.WARN, baseSeed, false, Path.of("out"));
        GateSpec gate = new GateSpec(List.of(), new GateSpec.Comparison(Tolerance.fromScore(), ComparisonUnit.SERIES,
                ALPHA, PairedTest.AUTO, false, LaunchVariation.DEFAULT_LAUNCH_SHIFT, true),
                new GateSpec.Files(Path.of("b.json"), 0, Path.of("h.jsonl"), Path.of(".")),
                new GateSpec.Fingerprinting("", Map.of(), Set.of()),
                new GateSpec.Policies(false, false, GateSpec.MissingPolicy.FAIL, GateSpec.InconclusivePolicy.FAIL, true));
        TestSetup setup = new TestSetup(new TestSetup.TestId("a.Lab", "cca", "Lab.cca"),
                new TestSetup.RunsSetup(75, 75, 0, RUNS, RUNS), new TestSetup.SeriesSetup(SERIES, 75, 75),
                Optional.empty(), new Metrics(List.of()), List.of(), List.of(), settings, Optional.of(gate));
        TemplateState state = new TemplateState(setup);
        List<RunRecord> order = new ArrayList<>();
        Invocations invocations = new Invocations(state, NoApi.INSTANCE);
        List<TestTemplateInvocationContext> seen = new ArrayList<>();
        while (invocations.tryAdvance(seen::add)) {
            TestTemplateInvocationContext last = seen.get(seen.size() - 1);
            if (last instanceof RunInvocationContext run) {
                order.add(run.record());
                state.started(run.record()); // as the run's @BeforeEach callback marks it
            }
        }
        return order;
    }

    /**
     * Fills the two arms of one launch from its schedule; {@code sequential} runs, instead of the
     * extension's order, every reference of the launch first and then every candidate (two
     * sequels one after the other, what interleaving replaces).
     */
    static void launch(Cell cell, double change, long baseSeed, SplittableRandom rng, double[][] reference,
                       double[][] candidate, boolean sequential) {
        List<RunRecord> order = schedule(baseSeed);
        assertThat(order).hasSize(2 * SERIES * RUNS);
        double launchShift = cell.launchSd() * rng.nextGaussian();
        double[] day = new double[SERIES];
        for (int s = 0; s < SERIES; s++) {
            day[s] = cell.daySd() * rng.nextGaussian();
        }
        double[][] seedEffect = new double[SERIES][RUNS];
        for (double[] series : seedEffect) {
            for (int r = 0; r < RUNS; r++) {
                series[r] = SEED_SD * rng.nextGaussian();
            }
        }
        double slotSd = cell.pairSd() / Math.sqrt(2);
        double noise = rng.nextGaussian();
        for (int time = 0; time < order.size(); time++) {
            if (time > 0) {
                noise = cell.phi() * noise + Math.sqrt(1 - cell.phi() * cell.phi()) * rng.nextGaussian();
            }
            RunRecord run = order.get(time);
            boolean isReference = RunRecorderArms.isReference(run);
            boolean second = time % 2 == 1;
            if (sequential) {
                // Slot `time` holds pair time % 50 of the references, then of the candidates.
                int pair = time % (SERIES * RUNS);
                run = order.get(2 * pair);
                isReference = time < SERIES * RUNS;
                second = false;
            }
            double fraction = time / (double) order.size();
            double log = seedEffect[run.series - 1][run.run - 1] + launchShift + day[run.series - 1]
                    + slotSd * noise + cell.trend() * fraction + (fraction >= 0.5 ? cell.step() : 0)
                    + (second ? cell.warmUp() : 0);
            (isReference ? reference : candidate)[run.series - 1][run.run - 1] = 100 * Math.exp(log
                    + (isReference ? 0 : change));
        }
    }

    /** Rates of regressed and improved over the replications. */
    static double[] rates(Cell cell, double change, long seed, int replications, boolean sequential) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] reference = new double[SERIES][RUNS];
        double[][] candidate = new double[SERIES][RUNS];
        int regressed = 0;
        int improved = 0;
        for (int i = 0; i < replications; i++) {
            launch(cell, change, rng.nextLong(), rng, reference, candidate, sequential);
            var result = RegressionGate.compareInterleaved(reference, candidate, SETTINGS);
            assertThat(result.change().design()).isEqualTo(Design.INTERLEAVED);
            regressed += result.outcome() == ComparisonOutcome.REGRESSED ? 1 : 0;
            improved += result.outcome() == ComparisonOutcome.IMPROVED ? 1 : 0;
        }
        return new double[] {(double) regressed / replications, (double) improved / replications};
    }

    private static double standardError(double p, int n) {
        return Math.sqrt(p * (1 - p) / n);
    }

    private static String percent(double rate) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * rate);
    }

    @Test
    void driftStepsAndLaunchShiftsWithNoChangeKeepFalseAlarmsAtAlpha() {
        double bound = ALPHA + 3 * standardError(ALPHA, REPLICATIONS);
        List<String> failures = new ArrayList<>();
        long seed = 2_026_120_700L;
        for (Cell cell : DRIFT) {
            double[] none = rates(cell, 0, seed++, REPLICATIONS, false);
            System.out.printf(Locale.ROOT, "interleaved gate, %s: regressed %s, improved %s (%,d launches)%n",
                    cell.name(), percent(none[0]), percent(none[1]), REPLICATIONS);
            if (none[0] > bound || none[1] > bound) {
                failures.add(cell.name() + ": regressed " + percent(none[0]) + ", improved " + percent(none[1]));
            }
        }
        assertThat(failures).as("false alarms above α + 3 standard errors (%s)", percent(bound)).isEmpty();
    }

    @Test
    void aFivePercentChangeUnderAHalfPercentLaunchShiftIsDetected() {
        Cell shifted = new Cell("launch shift 0.5 %", 0.005, 0, 0, 0.08, 0, 0, 0);
        double power = rates(shifted, Math.log(1.05), 2_026_120_790L, REPLICATIONS, false)[0];
        System.out.printf(Locale.ROOT, "interleaved gate, +5 %% under a 0.5 %% launch shift: regressed %s (%,d"
                + " launches)%n", percent(power), REPLICATIONS);
        assertThat(power).as("power for +5 % at σd 0.08, 5 × 10 pairs")
                .isGreaterThanOrEqualTo(0.85 - 3 * standardError(0.85, REPLICATIONS));
    }

    @Test
    void allReferencesFirstUnderATrendIsAFalseAlarm() {
        // Not the extension's order: the launch's references first, then its candidates, so a slowing
        // test bed reads as a slower candidate. Pairing back to back in random order is what holds α.
        int replications = 200;
        double sequential = rates(DRIFT.get(0), 0, 2_026_120_799L, replications, true)[0];
        assertThat(sequential).as("regressed with every reference first under a +10 %% trend").isGreaterThan(0.3);
    }

    @Test
    void eachPairRunsBothArmsBackToBackOnOneSeedInTheCoinsOrder() {
        List<RunRecord> order = schedule(42);
        int referenceFirst = 0;
        for (int i = 0; i < order.size(); i += 2) {
            RunRecord first = order.get(i);
            RunRecord second = order.get(i + 1);
            assertThat(second.series).isEqualTo(first.series);
            assertThat(second.run).isEqualTo(first.run);
            assertThat(second.seed).isEqualTo(first.seed);
            assertThat(RunRecorderArms.isReference(first)).isNotEqualTo(RunRecorderArms.isReference(second));
            assertThat(RunRecorderArms.isReference(first)).isEqualTo(Seeds.referenceFirst(first.seed));
            referenceFirst += RunRecorderArms.isReference(first) ? 1 : 0;
        }
        // 50 fair coins: both orders occur (all 50 alike has probability 2^-49).
        assertThat(referenceFirst).isBetween(1, 49);
        assertThat(schedule(42)).extracting(run -> run.seed + ":" + RunRecorderArms.isReference(run))
                .isEqualTo(order.stream().map(run -> run.seed + ":" + RunRecorderArms.isReference(run)).toList());
    }

    /** The arm of a scheduled run, read from its recorder as the test method would. */
    static final class RunRecorderArms {
        private RunRecorderArms() {
        }

        static boolean isReference(RunRecord run) {
            return org.triscale.junit.internal.recording.RunRecorder.of(run).arm() == org.triscale.junit.internal.recording.RunArm.REFERENCE;
        }
    }
}
