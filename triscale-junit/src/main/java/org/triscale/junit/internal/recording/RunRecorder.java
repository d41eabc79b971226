package org.triscale.junit.internal.recording;

import org.triscale.junit.internal.setup.MetricSpec;
import org.triscale.junit.RunContext;

import java.util.HashMap;
import java.util.Map;

/** The {@link RunContext} of one run: validates names and values and keeps the samples. */
public final class RunRecorder implements RunContext {
    private final Map<String, MetricSpec> metrics;
    private final String declaredNames;
    private final int series;
    private final int run;
    private final long seed;
    private final Map<String, SampleBuffer> samples = new HashMap<>();
    private final Map<String, Double> reported = new HashMap<>();
    private final TestBed testBed;
    private boolean closed;

    RunRecorder(Map<String, MetricSpec> metrics, String declaredNames, int series, int run, long seed) {
        this(metrics, declaredNames, series, run, seed, new TestBed());
    }

    public RunRecorder(Map<String, MetricSpec> metrics, String declaredNames, int series, int run, long seed,
                TestBed testBed) {
        this.testBed = testBed;
        this.metrics = metrics;
        this.declaredNames = declaredNames;
        this.series = series;
        this.run = run;
        this.seed = seed;
    }

    @Override
    public int series() {
        return series;
    }

    @Override
    public int run() {
        return run;
    }

    @Override
    public long seed() {
        return seed;
    }

    @Override
    public void record(String metric, double x, double y) {
        SampleBuffer buffer = buffer(metric);
        finite(metric, "x", x);
        finite(metric, "y", y);
        if (!buffer.add(x, y)) {
            throw mixedForms(metric);
        }
    }

    @Override
    public void record(String metric, double y) {
        SampleBuffer buffer = buffer(metric);
        finite(metric, "y", y);
        if (!buffer.add(y)) {
            throw mixedForms(metric);
        }
    }

    @Override
    public void recordAll(String metric, double[] xs, double[] ys) {
        SampleBuffer buffer = buffer(metric);
        if (xs == null || ys == null) {
            throw new IllegalArgumentException("recordAll(\"" + metric + "\", xs, ys): " + (xs == null ? "xs" : "ys")
                    + " is null; pass the samples' x values and values as two arrays of the same length");
        }
        if (xs.length != ys.length) {
            throw new IllegalArgumentException("recordAll(\"" + metric + "\", xs, ys): xs has " + xs.length
                    + " values but ys has " + ys.length + "; pass one x per value");
        }
        for (int i = 0; i < ys.length; i++) {
            finite(metric, "xs[" + i + "]", xs[i]);
            finite(metric, "ys[" + i + "]", ys[i]);
        }
        if (buffer.explicitX() == Boolean.FALSE) {
            throw mixedForms(metric);
        }
        for (int i = 0; i < ys.length; i++) {
            buffer.add(xs[i], ys[i]);
        }
    }

    @Override
    public void recordAll(String metric, double[] ys) {
        SampleBuffer buffer = buffer(metric);
        if (ys == null) {
            throw new IllegalArgumentException("recordAll(\"" + metric + "\", ys): ys is null; pass the samples' values");
        }
        for (int i = 0; i < ys.length; i++) {
            finite(metric, "ys[" + i + "]", ys[i]);
        }
        if (buffer.explicitX() == Boolean.TRUE) {
            throw mixedForms(metric);
        }
        for (double y : ys) {
            buffer.add(y);
        }
    }

    @Override
    public void report(String metric, double value) {
        MetricSpec spec = spec(metric);
        open();
        if (!spec.reportable()) {
            throw new IllegalArgumentException("report(\"" + metric + "\", " + value + "): metric \"" + metric
                    + "\" is named in @ConvergenceRequired(metrics), so its samples must be recorded to test their"
                    + " convergence; record them with record(...), or remove it from metrics");
        }
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("report(\"" + metric + "\", " + value + "): the value of a metric must be"
                    + " finite; check the computation that produced it");
        }
        if (reported.containsKey(metric) || samples.containsKey(metric)) {
            throw new IllegalStateException("report(\"" + metric + "\", " + value + "): metric \"" + metric
                    + "\" was already " + (reported.containsKey(metric) ? "reported" : "recorded") + " in series "
                    + series + " run " + run + "; report a metric once per run, or record its samples instead");
        }
        reported.put(metric, value);
    }

    @Override
    public void testBed(String key, String value) {
        open();
        testBed.put(key, value, "series " + series + " run " + run);
    }

    /** Closes the context: later calls fail, since the run's metrics have been computed. */
    public void close() {
        closed = true;
    }

    /** The samples recorded for a metric, or {@code null}. */
    SampleBuffer samples(String metric) {
        return samples.get(metric);
    }

    /** The value reported for a metric, or {@code null}. */
    Double reported(String metric) {
        return reported.get(metric);
    }

    private SampleBuffer buffer(String metric) {
        spec(metric);
        open();
        if (reported.containsKey(metric)) {
            throw new IllegalStateException("metric \"" + metric + "\" was reported with report(...) in series "
                    + series + " run " + run + "; a metric is either reported once or recorded, not both");
        }
        SampleBuffer buffer = samples.get(metric);
        if (buffer == null) {
            buffer = new SampleBuffer();
            samples.put(metric, buffer);
        }
        return buffer;
    }

    private MetricSpec spec(String metric) {
        MetricSpec spec = metric == null ? null : metrics.get(metric);
        if (spec == null) {
            throw new IllegalArgumentException("unknown metric \"" + metric + "\"; declared metrics: " + declaredNames
                    + ". Fix the name or declare it with @Metric(name = \"" + metric + "\", ...)");
        }
        return spec;
    }

    private void open() {
        if (closed) {
            throw new IllegalStateException("the RunContext of series " + series + " run " + run
                    + " is closed: its metrics were computed when the run ended; record samples during the run");
        }
    }

    private static void finite(String metric, String what, double value) {
        if (Double.isInfinite(value)) {
            throw new IllegalArgumentException("metric \"" + metric + "\": " + what + " is " + value
                    + "; samples must be finite (NaN is dropped and counted), check the measurement that produced it");
        }
    }

    private static IllegalArgumentException mixedForms(String metric) {
        return new IllegalArgumentException("metric \"" + metric + "\" mixes samples with and without x values in one"
                + " run; use record(metric, x, y) or record(metric, y), not both");
    }
}
