package org.triscale.results.internal.recording;

import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.MetricSpec;
import java.util.List;
import java.util.Map;

/**
 * The state of one run of one test method: created when its invocation is generated, filled
 * while it executes, read by the verdict. Confined to the test's thread (runs execute one after
 * the other); parallel runs fill a recorder of their own on a pool thread, which the record
 * adopts on the test's thread once the run ended ({@link #adopt}).
 */
public final class RunRecord {
    public final int series;
    public final int run;
    public final long seed;
    private Recorder recorder;
    private RunStatus status = RunStatus.NOT_RUN;
    private long durationNanos;
    private String message = "";
    private List<MetricValue> metrics = List.of();
    private Map<String, String> notes = Map.of();

    public RunRecord(int series, int run, long seed, Recorder recorder) {
        this.series = series;
        this.run = run;
        this.seed = seed;
        this.recorder = recorder;
    }

    /**
     * What records a run while it executes: the extension's {@code RunContext}. The record only asks
     * it for the run's notes, so that the verdict's data does not depend on the extension.
     */
    public interface Recorder {
        /**
         * The notes the run recorded.
         *
         * @return key and value of each note
         */
        Map<String, String> notes();
    }

    /**
     * The recorder of the executing run.
     *
     * @return it, or {@code null} once the run finished (or for a restored run)
     */
    public Recorder recorder() {
        return recorder;
    }

    public RunStatus status() {
        return status;
    }

    public long durationNanos() {
        return durationNanos;
    }

    /** Why the run failed or was excluded; empty otherwise. */
    public String message() {
        return message;
    }

    public List<MetricValue> metrics() {
        return metrics;
    }

    /** The run's notes ({@code RunContext.note}) by name; empty when it has none. */
    public Map<String, String> notes() {
        return notes;
    }

    /** The run metric, NaN when the run failed or was excluded, or the metric is absent or not valid. */
    public double value(MetricSpec metric) {
        if (!status.valid()) {
            return Double.NaN;
        }
        MetricValue value = metricValue(metric);
        return value != null && value.valid() ? value.value() : Double.NaN;
    }

    /** The run's value of a metric, or {@code null} when the run did not record it (or has not finished). */
    public MetricValue metricValue(MetricSpec metric) {
        for (MetricValue value : metrics) {
            if (value.metric() == metric) {
                return value;
            }
        }
        return null;
    }

    /**
     * Takes the recorder that the run's body filled on a pool thread (parallel runs) in place of
     * the unused one it was generated with.
     *
     * @param filled       the run's recorder
     * @param filledSeries the series it recorded, which must be this record's
     * @param filledRun    the run it recorded, which must be this record's
     * @param filledSeed   the seed it ran with, which must be this record's
     */
    public void adopt(Recorder filled, int filledSeries, int filledRun, long filledSeed) {
        if (filledSeries != series || filledRun != run || filledSeed != seed) {
            throw new IllegalStateException("the recorder of series " + filledSeries + " run " + filledRun
                    + " cannot be adopted by " + label());
        }
        recorder = filled;
    }

    public void started() {
        status = RunStatus.RUNNING;
    }

    public void timed(long nanos) {
        durationNanos = nanos;
    }

    /**
     * Ends the run; the samples are released once the metrics are computed. A failed run's message
     * ends with an excerpt of its notes.
     */
    public void finish(RunStatus outcome, String why, List<MetricValue> values) {
        if (recorder != null) {
            notes = recorder.notes();
        }
        status = outcome;
        message = (why == null ? "" : why) + (outcome == RunStatus.FAILED ? RunNotes.excerpt(notes) : "");
        metrics = List.copyOf(values);
        recorder = null;
    }

    /**
     * Restores a finished run as a stored result wrote it (a shard's partial result): its message
     * already ends with the excerpt of its notes.
     */
    public void restore(RunStatus outcome, String storedMessage, List<MetricValue> values, Map<String, String> notes) {
        this.status = outcome;
        this.message = storedMessage == null ? "" : storedMessage;
        this.metrics = List.copyOf(values);
        this.notes = Map.copyOf(notes);
        this.recorder = null;
    }

    /** "series 2 run 3". */
    public String label() {
        return "series " + series + " run " + run;
    }
}
