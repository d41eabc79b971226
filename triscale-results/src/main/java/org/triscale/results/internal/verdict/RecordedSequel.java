package org.triscale.results.internal.verdict;

import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.Fingerprint;
import org.triscale.results.internal.setup.TestSetup;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What a test method recorded, handed from the recording to the verdict: its setup, the runs of
 * each series and the counts the verdict reports. The extension takes it from its state when the
 * verdict runs (and when an adaptive sequel scores a series that ended); {@code triscale merge}
 * builds it from the shards' partial results. The verdict, the gate and the JSON mapping read only
 * this value, never the extension's state; the stopping rules' state is copied into it too.
 *
 * @param setup               the test
 * @param series              the runs of each series of the setup, in run order: those generated so far
 * @param seriesCount         the series the verdict judges: the setup's, or those an adaptive sequel ran
 * @param plannedRuns         the runs this launch executes
 * @param executedRuns        the runs that executed
 * @param createdAt           when the first run was generated (the first shard started)
 * @param testBed             what the runs reported about the test bed
 * @param restoredFingerprint the shards' test bed of a restored sequel, or {@code null} for this machine's
 * @param environment         where the runs ran
 * @param adaptive            what the stopping rule of each series of an adaptive test decided, or {@code null}
 * @param sequel              what the stopping rule of a sequel with adaptive series decided, or {@code null}
 * @param reference           the reference arm's runs of each series of an interleaved gate
 *                            ({@code @Baseline(interleaved = true)}), in run order, {@code reference[s][r]}
 *                            the pair of {@code series[s][r]}; {@code null} when not interleaved. The
 *                            runs ({@code series}) are the candidate arm's, which the KPIs judge.
 */
public record RecordedSequel(TestSetup setup, List<List<RunRecord>> series, int seriesCount, int plannedRuns,
                             int executedRuns, Instant createdAt, Map<String, String> testBed,
                             Fingerprint restoredFingerprint, TestResult.Environment environment,
                             List<SeriesDecision> adaptive, SequelDecision sequel,
                             List<List<RunRecord>> reference) {

    /** Copies the lists: later runs of the extension do not change this value. */
    public RecordedSequel {
        List<List<RunRecord>> copy = new ArrayList<>(series.size());
        for (List<RunRecord> runs : series) {
            copy.add(List.copyOf(runs));
        }
        series = Collections.unmodifiableList(copy);
        if (reference != null) {
            List<List<RunRecord>> arm = new ArrayList<>(reference.size());
            for (List<RunRecord> runs : reference) {
                arm.add(List.copyOf(runs));
            }
            reference = Collections.unmodifiableList(arm);
        }
        testBed = Map.copyOf(testBed);
        adaptive = adaptive == null ? null : Collections.unmodifiableList(new ArrayList<>(adaptive));
    }

    /**
     * A sequel without a reference arm (not interleaved).
     *
     * @param setup               the test
     * @param series              the runs of each series
     * @param seriesCount         the series the verdict judges
     * @param plannedRuns         the runs this launch executes
     * @param executedRuns        the runs that executed
     * @param createdAt           when the first run was generated
     * @param testBed             what the runs reported about the test bed
     * @param restoredFingerprint the shards' test bed of a restored sequel, or {@code null}
     * @param environment         where the runs ran
     * @param adaptive            the adaptive series' decisions, or {@code null}
     * @param sequel              the adaptive sequel's decision, or {@code null}
     */
    public RecordedSequel(TestSetup setup, List<List<RunRecord>> series, int seriesCount, int plannedRuns,
                          int executedRuns, Instant createdAt, Map<String, String> testBed,
                          Fingerprint restoredFingerprint, TestResult.Environment environment,
                          List<SeriesDecision> adaptive, SequelDecision sequel) {
        this(setup, series, seriesCount, plannedRuns, executedRuns, createdAt, testBed, restoredFingerprint,
                environment, adaptive, sequel, null);
    }

    /**
     * Runs generated in a series: its run count, or for an adaptive test the run it stopped at.
     *
     * @param series the series, from 1
     * @return the number of runs
     */
    public int runsIn(int series) {
        return this.series.get(series - 1).size();
    }

    /**
     * One run.
     *
     * @param series the series, from 1
     * @param run    the run, from 1
     * @return its record
     */
    public RunRecord run(int series, int run) {
        return this.series.get(series - 1).get(run - 1);
    }

    /**
     * Every run's record, series after series, in run order.
     *
     * @return the records
     */
    public List<RunRecord> runs() {
        List<RunRecord> all = new ArrayList<>();
        series.forEach(all::addAll);
        return all;
    }

    /**
     * The stopping rule of a series of an adaptive test.
     *
     * @param series the series, from 1
     * @return what it decided, or {@code null} when the test is not adaptive
     */
    public SeriesDecision adaptive(int series) {
        return adaptive == null ? null : adaptive.get(series - 1);
    }

    /**
     * The test bed of the sequel for the regression gate: this machine's with what the runs reported,
     * or the shards' for a restored sequel.
     *
     * @param scenario the gate's scenario
     * @param tags     the gate's tags
     * @return the fingerprint
     */
    public Fingerprint fingerprint(String scenario, Map<String, String> tags) {
        return restoredFingerprint != null ? restoredFingerprint : Fingerprint.current(scenario, testBed, tags);
    }

    /**
     * The runs of a sharded sequel, restored from its partial results for the merge's verdict: every
     * run generated and executed, and the shards' test bed instead of this machine's.
     *
     * @param setup       the test, as the shards ran it
     * @param runs        every run of every series
     * @param createdAt   when the first shard started
     * @param fingerprint the shards' test bed
     * @param environment where the shards ran
     * @return the complete sequel
     */
    public static RecordedSequel restored(TestSetup setup, List<RunRecord> runs, Instant createdAt,
                                          Fingerprint fingerprint, TestResult.Environment environment) {
        RunRecord[][] placed = new RunRecord[setup.seriesCount()][setup.runsPerSeries()];
        int[] lengths = new int[setup.seriesCount()];
        for (RunRecord record : runs) {
            placed[record.series - 1][record.run - 1] = record;
            lengths[record.series - 1] = Math.max(lengths[record.series - 1], record.run);
        }
        List<List<RunRecord>> series = new ArrayList<>(placed.length);
        for (int s = 0; s < placed.length; s++) {
            series.add(Arrays.asList(placed[s]).subList(0, lengths[s]));
        }
        List<SeriesDecision> adaptive = null;
        if (setup.adaptive()) {
            adaptive = new ArrayList<>();
            for (int s = 0; s < setup.seriesCount(); s++) {
                adaptive.add(new AdaptiveSeries(setup).decision());
            }
        }
        SequelDecision sequel = setup.adaptiveSeries() ? new AdaptiveSequel(setup).decision() : null;
        int planned = setup.adaptive() || sequel != null ? runs.size() : setup.totalRuns();
        return new RecordedSequel(setup, series, sequel == null ? setup.seriesCount() : sequel.series(), planned,
                runs.size(), createdAt, Map.of(), fingerprint, environment, adaptive, sequel);
    }
}
