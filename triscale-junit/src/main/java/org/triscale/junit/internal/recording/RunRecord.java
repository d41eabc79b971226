package org.triscale.junit.internal.recording;

import org.triscale.junit.internal.setup.MetricSpec;
import java.util.List;

/**
 * The state of one run of one test method: created when its invocation is generated, filled
 * while it executes, read by the verdict. Confined to the test's thread (runs execute one after
 * the other).
 */
public final class RunRecord {
    public final int series;
    public final int run;
    public final long seed;
    private RunRecorder recorder;
    private RunStatus status = RunStatus.NOT_RUN;
    private long durationNanos;
    private String message = "";
    private List<MetricValue> metrics = List.of();

    public RunRecord(int series, int run, long seed, RunRecorder recorder) {
        this.series = series;
        this.run = run;
        this.seed = seed;
        this.recorder = recorder;
    }

    public RunRecorder recorder() {
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

    public void started() {
        status = RunStatus.RUNNING;
    }

    public void timed(long nanos) {
        durationNanos = nanos;
    }

    /** Ends the run; the samples are released once the metrics are computed. */
    public void finish(RunStatus outcome, String why, List<MetricValue> values) {
        status = outcome;
        message = why == null ? "" : why;
        metrics = List.copyOf(values);
        recorder = null;
    }

    /** "series 2 run 3". */
    public String label() {
        return "series " + series + " run " + run;
    }
}
