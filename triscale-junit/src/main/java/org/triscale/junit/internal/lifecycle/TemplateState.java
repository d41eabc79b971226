package org.triscale.junit.internal.lifecycle;

import org.triscale.results.internal.mapping.ResultMapper;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.junit.internal.recording.RunRecorder;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.junit.internal.recording.TestBed;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.AdaptiveSequel;
import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.verdict.AdaptiveSeries;
import org.opentest4j.AssertionFailedError;
import org.triscale.junit.internal.recording.RunArm;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Everything one execution of a test method accumulates: its setup, every run's record, and what
 * was generated versus executed. Kept in the test-template method's
 * {@link org.junit.jupiter.api.extension.ExtensionContext.Store}; when the template ends, JUnit
 * closes it, and it fails the method if runs executed but the verdict did not (a filter selected
 * single invocations), because a verdict on partial data must never pass silently.
 */
public final class TemplateState implements AutoCloseable {
    public final TestSetup setup;
    private final String metricNames;
    private final RunRecord[][] runs;
    /**
     * The reference arm's runs of an interleaved gate ({@code @Baseline(interleaved = true)}),
     * {@code reference[s][r]} the pair of {@code runs[s][r]}; null when not interleaved. The counts
     * (generated, executed, finished) are the candidate's: the reference is the gate's, not a run of
     * the sequel the KPIs judge.
     */
    private final RunRecord[][] reference;
    /** Runs generated in each series. */
    private final int[] lengths;
    /** The stopping rule of each series of an adaptive test, else {@code null}. */
    private final AdaptiveSeries[] adaptive;
    /** The stopping rule of a sequel with adaptive series, else {@code null}. */
    private final AdaptiveSequel sequel;
    private final Instant createdAt;
    private final TestBed testBed = new TestBed();
    /** The shard this launch runs ({@code triscale.shard}), or null for every series. */
    final Shard shard;
    /**
     * The launch's shard under {@code triscale.shard.by = cells}, which runs this test whole
     * ({@link #shard} is then 1/1); null otherwise. For messages only.
     */
    Shard cellsOf;
    private int generatedRuns;
    private int executedRuns;
    private int finishedRuns;
    private long firstStartNanos;
    private boolean verdictGenerated;
    private boolean verdictExecuted;
    private String stopReason;
    /** The grid the test is a cell of, or null. */
    private GridProgress grid;
    private int cell;

    TemplateState(TestSetup setup) {
        this(setup, null);
    }

    TemplateState(TestSetup setup, Shard shard) {
        this(setup, shard, Instant.now());
    }

    private TemplateState(TestSetup setup, Shard shard, Instant createdAt) {
        this.setup = setup;
        this.shard = shard;
        this.createdAt = createdAt;
        this.metricNames = setup.metricNames();
        this.runs = new RunRecord[setup.seriesCount()][];
        this.lengths = new int[setup.seriesCount()];
        this.reference = setup.gate().map(gate -> gate.comparison().interleaved()).orElse(false)
                ? new RunRecord[setup.seriesCount()][setup.runsPerSeries()] : null;
        this.adaptive = setup.adaptive() ? new AdaptiveSeries[setup.seriesCount()] : null;
        this.sequel = setup.adaptiveSeries() ? new AdaptiveSequel(setup) : null;
        for (int series = 0; series < runs.length; series++) {
            // An adaptive series rarely reaches its maximum: grow its array as runs come.
            runs[series] = new RunRecord[setup.adaptive() ? Math.min(16, setup.runsPerSeries()) : setup.runsPerSeries()];
            if (adaptive != null) {
                adaptive[series] = new AdaptiveSeries(setup);
            }
        }
    }

    /**
     * Whether series {@code series} gets another run: below its run count, and for an adaptive
     * test not stopped by its KPIs.
     */
    boolean continues(int series) {
        return lengths[series - 1] < setup.runsPerSeries()
                && (adaptive == null || !adaptive[series - 1].stopped());
    }

    /** Whether series {@code series} starts: always, but in a sequel with adaptive series that stopped. */
    boolean starts(int series) {
        return sequel == null || !sequel.stopped();
    }

    /** Creates the record of a run when its invocation is generated. */
    RunRecord generateRun(int series, int run) {
        long seed = Seeds.seed(setup.settings().baseSeed(), setup.testClass(), setup.testMethod(), series, run);
        RunRecord record = new RunRecord(series, run, seed,
                new RunRecorder(setup.metrics().byName(), metricNames, series, run, seed, testBed)
                        .outputDirectory(setup.settings().outputDir()).arm(reference == null ? null
                                : RunArm.CANDIDATE));
        if (run > runs[series - 1].length) {
            runs[series - 1] = Arrays.copyOf(runs[series - 1], Math.min(2 * runs[series - 1].length,
                    setup.runsPerSeries()));
        }
        runs[series - 1][run - 1] = record;
        lengths[series - 1] = run;
        generatedRuns++;
        return record;
    }

    /** Whether each run has a reference arm ({@code @Baseline(interleaved = true)}). */
    boolean interleaved() {
        return reference != null;
    }

    /**
     * Creates the reference arm of a run whose candidate {@link #generateRun} just created: the
     * same series, run and seed.
     */
    RunRecord generateReference(RunRecord candidate) {
        RunRecord record = new RunRecord(candidate.series, candidate.run, candidate.seed,
                new RunRecorder(setup.metrics().byName(), metricNames, candidate.series, candidate.run, candidate.seed,
                        testBed).outputDirectory(setup.settings().outputDir()).arm(RunArm.REFERENCE));
        reference[candidate.series - 1][candidate.run - 1] = record;
        return record;
    }

    /** The arm of a run, or null when the test is not interleaved. */
    RunArm arm(RunRecord record) {
        if (reference == null) {
            return null;
        }
        return reference[record.series - 1][record.run - 1] == record ? RunArm.REFERENCE : RunArm.CANDIDATE;
    }

    /** A fresh recorder of a run computed ahead of its invocation ({@code ParallelRuns}), as {@link #generateRun} makes it. */
    RunRecorder recorder(int series, int run, long seed) {
        return new RunRecorder(setup.metrics().byName(), metricNames, series, run, seed, testBed);
    }

    /**
     * The runs so far, as the value the verdict reads: a copy, which later runs do not change.
     *
     * @return the recorded sequel
     */
    public RecordedSequel recorded() {
        List<List<RunRecord>> series = new ArrayList<>(runs.length);
        List<List<RunRecord>> arm = reference == null ? null : new ArrayList<>(runs.length);
        for (int s = 0; s < runs.length; s++) {
            series.add(Arrays.asList(runs[s]).subList(0, lengths[s]));
            if (arm != null) {
                // A pair whose reference was never generated (the test stopped) has no reference run.
                List<RunRecord> generated = new ArrayList<>();
                for (int r = 0; r < lengths[s] && reference[s][r] != null; r++) {
                    generated.add(reference[s][r]);
                }
                arm.add(generated);
            }
        }
        return new RecordedSequel(setup, series, seriesCount(), plannedRuns(), executedRuns, createdAt, testBed(),
                null, ResultMapper.currentEnvironment(),
                adaptive == null ? null : Arrays.stream(adaptive).map(AdaptiveSeries::decision).toList(),
                sequel == null ? null : sequel.decision(), arm);
    }

    /** Whether this launch runs the series (all of them unless sharded). */
    boolean generates(int series) {
        return shard == null || shard.includes(series);
    }

    void generateVerdict() {
        verdictGenerated = true;
    }

    /** Marks a run as executing. */
    void started(RunRecord record) {
        if (arm(record) == RunArm.REFERENCE) {
            if (record.status() == RunStatus.NOT_RUN) {
                record.started();
            }
            return;
        }
        if (record.status() == RunStatus.NOT_RUN) {
            if (executedRuns == 0) {
                firstStartNanos = System.nanoTime();
            }
            executedRuns++;
            record.started();
        }
    }

    /** Counts a run as finished (for progress and ETA) and applies an adaptive series' stopping rule. */
    void finished(RunRecord record) {
        if (arm(record) == RunArm.REFERENCE) {
            return;
        }
        finishedRuns++;
        if (adaptive != null) {
            adaptive[record.series - 1].add(record);
        }
        if (sequel != null && !continues(record.series)) {
            sequel.add(recorded(), record.series);
            if (setup.settings().progress()) {
                Progress.sequel(setup, sequel.progress());
            }
        }
    }

    /**
     * The stopping rule of a sequel with adaptive series.
     *
     * @return its state, or {@code null} when the series are not adaptive
     */
    public AdaptiveSequel sequel() {
        return sequel;
    }

    /**
     * Number of series: the setup's, or for adaptive series the series that ended so far (all
     * the sequel ran, once it stopped).
     *
     * @return the number of series
     */
    public int seriesCount() {
        return sequel == null ? setup.seriesCount() : sequel.series();
    }

    /**
     * The stopping rule of a series of an adaptive test.
     *
     * @param series the series, from 1
     * @return its state, or {@code null} when the test is not adaptive
     */
    public AdaptiveSeries adaptive(int series) {
        return adaptive == null ? null : adaptive[series - 1];
    }

    /**
     * Runs generated in a series: its run count, or for an adaptive test the run it stopped at.
     *
     * @param series the series, from 1
     * @return the number of runs
     */
    public int runsIn(int series) {
        return lengths[series - 1];
    }

    /**
     * Runs this launch executes: all of them for fixed runs (those of the shard's series when
     * sharded), the runs generated for an adaptive test.
     */
    public int plannedRuns() {
        if (adaptive != null || sequel != null) {
            return generatedRuns;
        }
        return shard == null ? setup.totalRuns() : shard.series(setup.seriesCount()).size() * setup.runsPerSeries();
    }

    /**
     * Stops the test after the current run: a misuse of the {@code RunContext} that every later
     * run would repeat. The remaining runs are not generated and the verdict fails with the reason.
     */
    void stop(String reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
    }

    /** Why the test stopped before its last run, or {@code null}. */
    public String stopReason() {
        return stopReason;
    }

    void verdictExecuted() {
        verdictExecuted = true;
    }

    public RunRecord run(int series, int run) {
        return runs[series - 1][run - 1];
    }

    /** Every run's record, series after series, in run order; call it once all runs are generated. */
    public List<RunRecord> runs() {
        List<RunRecord> all = new ArrayList<>();
        for (int series = 0; series < runs.length; series++) {
            all.addAll(Arrays.asList(runs[series]).subList(0, lengths[series]));
        }
        return all;
    }

    int generatedRuns() {
        return generatedRuns;
    }

    public int executedRuns() {
        return executedRuns;
    }

    int finishedRuns() {
        return finishedRuns;
    }

    /** Nanoseconds since the first run started. */
    long elapsedNanos() {
        return executedRuns == 0 ? 0 : System.nanoTime() - firstStartNanos;
    }

    /** What the runs reported about the test bed. */
    public Map<String, String> testBed() {
        return testBed.entries();
    }

    public Instant createdAt() {
        return createdAt;
    }

    /**
     * Whether every run of every series (of the shard) was generated and executed in this launch:
     * for an adaptive test, every series ran until it stopped.
     */
    public boolean complete() {
        if (sequel != null && !sequel.stopped()) {
            return false;
        }
        for (int series = 1; series <= seriesCount(); series++) {
            if (generates(series) && continues(series)) {
                return false;
            }
            for (int run = 0; reference != null && run < lengths[series - 1]; run++) {
                RunRecord arm = reference[series - 1][run];
                if (arm == null || arm.status() == RunStatus.NOT_RUN) {
                    return false;
                }
            }
        }
        return executedRuns == generatedRuns;
    }

    /** Makes the test cell {@code cell} (in start order) of a grid, which counts it as done when the template ends. */
    void inGrid(GridProgress progress, int number) {
        this.grid = progress;
        this.cell = number;
    }

    @Override
    public void close() {
        if (grid != null) {
            String line = grid.end(cell);
            if (setup.settings().progress()) {
                Progress.grid(setup, line);
            }
        }
        if (shard != null) {
            ShardEnd.close(this); // no verdict: the partial result, written when the template ends
            return;
        }
        if (executedRuns > 0 && !verdictExecuted) {
            throw new AssertionFailedError("TriScale verdict of " + setup.testName() + " was not computed: "
                    + executedRuns + " of " + plannedRuns() + " runs executed in this launch and the verdict "
                    + (verdictGenerated ? "was filtered out" : "was never reached")
                    + ". A TriScale test is judged only on all its runs; rerun the whole method, not single "
                    + "invocations.");
        }
    }
}
