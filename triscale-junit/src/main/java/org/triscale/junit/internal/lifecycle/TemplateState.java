package org.triscale.junit.internal.lifecycle;

import org.triscale.junit.internal.recording.RunRecord;
import org.triscale.junit.internal.recording.RunRecorder;
import org.triscale.junit.internal.recording.RunStatus;
import org.triscale.junit.internal.recording.TestBed;
import org.triscale.junit.internal.setup.TestSetup;
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
        this.runs = new RunRecord[setup.seriesCount()][setup.runsPerSeries()];
    }

    /** Creates the record of a run when its invocation is generated. */
    RunRecord generateRun(int series, int run) {
        long seed = Seeds.seed(setup.settings().baseSeed(), setup.testClass(), setup.testMethod(), series, run);
        RunRecord record = new RunRecord(series, run, seed,
                new RunRecorder(setup.metrics().byName(), metricNames, series, run, seed, testBed));
        runs[series - 1][run - 1] = record;
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

    /** Counts a run as finished (for progress and ETA). */
    void finished() {
        finishedRuns++;
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
        for (RunRecord[] series : runs) {
            all.addAll(Arrays.asList(series));
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

    /** Whether every run of every series was generated and executed in this launch. */
    public boolean complete() {
        return generatedRuns == setup.totalRuns() && executedRuns == setup.totalRuns();
    }

    @Override
    public void close() {
        if (executedRuns > 0 && !verdictExecuted) {
            throw new AssertionFailedError("TriScale verdict of " + setup.testName() + " was not computed: "
                    + executedRuns + " of " + setup.totalRuns() + " runs executed in this launch and the verdict "
                    + (verdictGenerated ? "was filtered out" : "was never reached")
                    + ". A TriScale test is judged only on all its runs; rerun the whole method, not single "
                    + "invocations.");
        }
    }
}
