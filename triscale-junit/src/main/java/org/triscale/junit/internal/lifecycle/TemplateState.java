package org.triscale.junit.internal.lifecycle;

import org.triscale.junit.internal.recording.RunRecord;
import org.triscale.junit.internal.recording.RunRecorder;
import org.triscale.junit.internal.recording.RunStatus;
import org.triscale.junit.internal.recording.TestBed;
import org.triscale.junit.internal.setup.TestSetup;
import org.triscale.junit.internal.verdict.AdaptiveSeries;
import org.opentest4j.AssertionFailedError;

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
    /** Runs generated in each series. */
    private final int[] lengths;
    /** The stopping rule of each series of an adaptive test, else {@code null}. */
    private final AdaptiveSeries[] adaptive;
    private final Instant createdAt = Instant.now();
    private final TestBed testBed = new TestBed();
    private int generatedRuns;
    private int executedRuns;
    private int finishedRuns;
    private long firstStartNanos;
    private boolean verdictGenerated;
    private boolean verdictExecuted;
    private String stopReason;

    TemplateState(TestSetup setup) {
        this.setup = setup;
        this.metricNames = setup.metricNames();
        this.runs = new RunRecord[setup.seriesCount()][];
        this.lengths = new int[setup.seriesCount()];
        this.adaptive = setup.adaptive() ? new AdaptiveSeries[setup.seriesCount()] : null;
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

    /** Creates the record of a run when its invocation is generated. */
    RunRecord generateRun(int series, int run) {
        long seed = Seeds.seed(setup.settings().baseSeed(), setup.testClass(), setup.testMethod(), series, run);
        RunRecord record = new RunRecord(series, run, seed,
                new RunRecorder(setup.metrics().byName(), metricNames, series, run, seed, testBed));
        if (run > runs[series - 1].length) {
            runs[series - 1] = Arrays.copyOf(runs[series - 1], Math.min(2 * runs[series - 1].length,
                    setup.runsPerSeries()));
        }
        runs[series - 1][run - 1] = record;
        lengths[series - 1] = run;
        generatedRuns++;
        return record;
    }

    void generateVerdict() {
        verdictGenerated = true;
    }

    /** Marks a run as executing. */
    void started(RunRecord record) {
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
        finishedRuns++;
        if (adaptive != null) {
            adaptive[record.series - 1].add(record);
        }
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

    /** Runs of the test: all of them for fixed runs, the runs generated for an adaptive test. */
    public int plannedRuns() {
        return adaptive == null ? setup.totalRuns() : generatedRuns;
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
     * Whether every run of every series was generated and executed in this launch: for an adaptive
     * test, every series ran until it stopped.
     */
    public boolean complete() {
        for (int series = 1; series <= lengths.length; series++) {
            if (continues(series)) {
                return false;
            }
        }
        return executedRuns == generatedRuns;
    }

    @Override
    public void close() {
        if (executedRuns > 0 && !verdictExecuted) {
            throw new AssertionFailedError("TriScale verdict of " + setup.testName() + " was not computed: "
                    + executedRuns + " of " + plannedRuns() + " runs executed in this launch and the verdict "
                    + (verdictGenerated ? "was filtered out" : "was never reached")
                    + ". A TriScale test is judged only on all its runs; rerun the whole method, not single "
                    + "invocations.");
        }
    }
}
