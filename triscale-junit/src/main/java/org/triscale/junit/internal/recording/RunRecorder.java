package org.triscale.junit.internal.recording;

import org.triscale.junit.internal.setup.MetricSpec;
import org.triscale.junit.RunContext;

import java.util.HashMap;
import java.util.Map;

/**
 * The {@link RunContext} of one run: validates names and values and keeps the samples.
 *
 * <p>Not thread-safe, by design (a lock or atomics would cost more than the 10 ns a sample may
 * cost): it belongs to the thread that runs the test method. A call from another thread throws,
 * and since a thread pool may swallow that exception, the run then fails at its end as well
 * ({@link #misuse()}), instead of passing on a silently thinned set of samples.
 */
public final class RunRecorder implements RunContext {
    private final Map<String, MetricSpec> metrics;
    private final String declaredNames;
    private final int series;
    private final int run;
    private final long seed;
    private final Map<String, SampleBuffer> samples = new HashMap<>();
    private final Map<String, Double> reported = new HashMap<>();
    private final TestBed testBed;
    private final RunNotes notes = new RunNotes();
    private boolean closed;
    private String configurationError;
    /** The thread the run executes in; bound when the run starts (or on first use). */
    private volatile Thread owner;
    /** The first call from another thread, for the run's failure message. */
    private volatile String misuse;

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
    public void recordSample(String metric, double x, double y) {
        SampleBuffer buffer = buffer(metric);
        finite(metric, "x", x);
        finite(metric, "y", y);
        if (!buffer.add(x, y)) {
            throw configurationError(mixedForms(metric));
        }
    }

    @Override
    public void recordSample(String metric, double y) {
        SampleBuffer buffer = buffer(metric);
        finite(metric, "y", y);
        if (!buffer.add(y)) {
            throw configurationError(mixedForms(metric));
        }
    }

    @Override
    public void recordSamples(String metric, double[] xs, double[] ys) {
        SampleBuffer buffer = buffer(metric);
        if (xs == null || ys == null) {
            throw new IllegalArgumentException("recordSamples(\"" + metric + "\", xs, ys): " + (xs == null ? "xs" : "ys")
                    + " is null; pass the samples' x values and values as two arrays of the same length");
        }
        if (xs.length != ys.length) {
            throw new IllegalArgumentException("recordSamples(\"" + metric + "\", xs, ys): xs has " + xs.length
                    + " values but ys has " + ys.length + "; pass one x per value");
        }
        for (int i = 0; i < ys.length; i++) {
            finite(metric, "xs[" + i + "]", xs[i]);
            finite(metric, "ys[" + i + "]", ys[i]);
        }
        if (buffer.explicitX() == Boolean.FALSE) {
            throw configurationError(mixedForms(metric));
        }
        for (int i = 0; i < ys.length; i++) {
            buffer.add(xs[i], ys[i]);
        }
    }

    @Override
    public void recordSamples(String metric, double[] ys) {
        SampleBuffer buffer = buffer(metric);
        if (ys == null) {
            throw new IllegalArgumentException("recordSamples(\"" + metric + "\", ys): ys is null; pass the samples' values");
        }
        for (int i = 0; i < ys.length; i++) {
            finite(metric, "ys[" + i + "]", ys[i]);
        }
        if (buffer.explicitX() == Boolean.TRUE) {
            throw configurationError(mixedForms(metric));
        }
        for (double y : ys) {
            buffer.add(y);
        }
    }

    @Override
    public void recordRunValue(String metric, double value) {
        ownThread("recordRunValue");
        MetricSpec spec = spec(metric);
        open();
        if (!spec.reportable()) {
            throw configurationError(new IllegalArgumentException("recordRunValue(\"" + metric + "\", " + value + "): metric \"" + metric
                    + "\" is named in @ConvergenceRequired(metrics), so its samples must be recorded to test their"
                    + " convergence; record them with recordSample(...), or remove it from metrics"));
        }
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("recordRunValue(\"" + metric + "\", " + value + "): the value of a metric must be"
                    + " finite; check the computation that produced it");
        }
        if (reported.containsKey(metric) || samples.containsKey(metric)) {
            throw configurationError(new IllegalStateException("recordRunValue(\"" + metric + "\", " + value + "): metric \"" + metric
                    + "\" already has " + (reported.containsKey(metric) ? "a run value" : "samples") + " in series "
                    + series + " run " + run + "; record a metric's run value once per run, or record its samples instead"));
        }
        reported.put(metric, value);
    }

    @Override
    public void testBed(String key, String value) {
        ownThread("testBed");
        open();
        testBed.put(key, value, "series " + series + " run " + run);
    }

    @Override
    public void note(String name, String text) {
        ownThread("note");
        open();
        notes.put(name, text);
    }

    /** The run's notes by name. */
    Map<String, String> notes() {
        return notes.entries();
    }

    /**
     * The first misuse of this context that no later run could avoid (an undeclared metric, a
     * metric given both a run value and samples, ...), or {@code null}: it stops the test after
     * this run, even if the test caught the exception.
     */
    public String configurationError() {
        return configurationError;
    }

    private <E extends RuntimeException> E configurationError(E error) {
        if (configurationError == null) {
            configurationError = error.getMessage();
        }
        return error;
    }

    /** Binds the context to the current thread, the one that runs the test method. */
    public void bindToCurrentThread() {
        owner = Thread.currentThread();
    }

    /**
     * The first call made from a thread other than the test's, as a failure message for the run;
     * {@code null} when there was none.
     */
    public String misuse() {
        return misuse;
    }

    private void ownThread(String method) {
        Thread current = Thread.currentThread();
        Thread bound = owner;
        if (bound == current) {
            return;
        }
        if (bound == null) {
            owner = current;
            return;
        }
        String message = "RunContext." + method + "(...) was called from thread \"" + current.getName()
                + "\", but the RunContext of series " + series + " run " + run + " belongs to the test's thread \""
                + bound.getName() + "\" and is not thread-safe (samples would be lost); collect the samples in"
                + " your own threads and record them from the test's thread, e.g. with recordSamples after joining them";
        if (misuse == null) {
            misuse = message;
        }
        throw new IllegalStateException(message);
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
        ownThread("recordSample");
        spec(metric);
        open();
        if (reported.containsKey(metric)) {
            throw configurationError(new IllegalStateException("metric \"" + metric + "\" has a run value from recordRunValue(...) in"
                    + " series " + series + " run " + run + "; a metric gets either one run value or samples, not both"));
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
            throw configurationError(new IllegalArgumentException("unknown metric \"" + metric + "\"; declared metrics: "
                    + declaredNames + ". Fix the name or declare it with @Metric(name = \"" + metric + "\", ...)"));
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
                + " run; use recordSample(metric, x, y) or recordSample(metric, y), not both");
    }
}
