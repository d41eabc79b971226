package org.triscale.junit.extension;

import java.util.List;

/**
 * The state of one run of one test method: created when its invocation is generated, filled
 * while it executes, read by the verdict. Confined to the test's thread (runs execute one after
 * the other).
 */
final class RunRecord {
    final int series;
    final int run;
    final long seed;
    private RunRecorder recorder;
    private RunStatus status = RunStatus.NOT_RUN;
    private long durationNanos;
    private String message = "";
    private List<MetricValue> metrics = List.of();

    RunRecord(int series, int run, long seed, RunRecorder recorder) {
        this.series = series;
        this.run = run;
        this.seed = seed;
        this.recorder = recorder;
    }

    RunRecorder recorder() {
        return recorder;
    }

    RunStatus status() {
        return status;
    }

    long durationNanos() {
        return durationNanos;
    }

    /** Why the run failed or was excluded; empty otherwise. */
    String message() {
        return message;
    }

    List<MetricValue> metrics() {
        return metrics;
    }

    /** The run metric, NaN when the run failed or was excluded, or the metric is absent or not valid. */
    double value(MetricSpec metric) {
        if (!status.valid()) {
            return Double.NaN;
        }
        for (MetricValue value : metrics) {
            if (value.metric() == metric) {
                return value.valid() ? value.value() : Double.NaN;
            }
        }
        return Double.NaN;
    }

    void started() {
        status = RunStatus.RUNNING;
    }

    void timed(long nanos) {
        durationNanos = nanos;
    }

    /** Ends the run; the samples are released once the metrics are computed. */
    void finish(RunStatus outcome, String why, List<MetricValue> values) {
        status = outcome;
        message = why == null ? "" : why;
        metrics = List.copyOf(values);
        recorder = null;
    }

    /** "series 2 run 3". */
    String label() {
        return "series " + series + " run " + run;
    }
}
