package org.triscale.junit.internal.recording;

import org.triscale.results.internal.recording.RunNotes;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.engine.analysis.Measure;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * What one run records behind its {@code RunContext}: validates names and values and keeps the samples.
 *
 * <p>Not thread-safe, by design (a lock or atomics would cost more than the 10 ns a sample may
 * cost): it belongs to the thread that runs the test method. A call from another thread throws,
 * and since a thread pool may swallow that exception, the run then fails at its end as well
 * ({@link #misuse()}), instead of passing on a silently thinned set of samples.
 */
public final class RunRecorder implements RunRecord.Recorder {
    private final Map<String, MetricSpec> metrics;
    private final String declaredNames;
    private final int series;
    private final int run;
    private final long seed;
    private final Map<String, SampleBuffer> samples = new HashMap<>();
    private final Map<String, Double> reported = new HashMap<>();
    private final TestBed testBed;
    /** The launch's output folder; the default for the recorders of unit tests. */
    private Path outputDirectory = Path.of("target", "triscale");
    private final RunNotes notes = new RunNotes();
    private boolean closed;
    private String configurationError;
    /** The API's view of this recorder (its {@code RunContext}), made once so the test sees one object. */
    private Object view;
    /** The arm of an interleaved run ({@code @Baseline(interleaved = true)}), or null. */
    private RunArm arm;
    /** Whether the run asked for its arm: an interleaved run that never did ran the same code twice. */
    private volatile boolean armRead;
    /** The thread the run executes in; bound when the run starts (or on first use). */
    private volatile Thread owner;
    /** The first call from another thread, for the run's failure message. */
    private volatile String misuse;
    /**
     * The metric of the last sample (compared by identity) and its buffer, for the fast path of
     * the record methods; {@link #NONE} before the first sample and once closed, so that the fast
     * path needs no null or closed check.
     */
    private String lastMetric = NONE;
    private SampleBuffer lastBuffer;
    /** A name no caller can pass (a private instance, compared by identity). */
    private static final String NONE = new String("");
    /**
     * The run each thread executes (the recorder last bound to it), so that a context kept from
     * another run is told apart from a call from a thread of the test's own: weak, so that a
     * thread left bound keeps no run's samples alive.
     */
    private static final ThreadLocal<java.lang.ref.WeakReference<RunRecorder>> ACTIVE = new ThreadLocal<>();

    RunRecorder(Map<String, MetricSpec> metrics, String declaredNames, int series, int run, long seed) {
        this(metrics, declaredNames, series, run, seed, new TestBed());
    }

    /**
     * The recorder of a run while it executes: the one {@link RunRecord} holds, which the extension
     * creates as this class.
     *
     * @param record the run
     * @return its recorder, or {@code null} once the run ended
     */
    public static RunRecorder of(RunRecord record) {
        return (RunRecorder) record.recorder();
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

    /**
     * Sets the launch's output folder ({@code triscale.output.dir}) that {@link #outputDirectory()} gives.
     *
     * @param directory the folder
     * @return this recorder
     */
    public RunRecorder outputDirectory(Path directory) {
        outputDirectory = directory;
        return this;
    }

    /**
     * The view the API side makes of this recorder, made on first use and the same object after:
     * the test method, its {@code @BeforeEach} and {@code @AfterEach} methods get one context.
     *
     * @param factory makes the view
     * @return the view
     */
    public Object view(java.util.function.Function<RunRecorder, ?> factory) {
        if (view == null) {
            view = factory.apply(this);
        }
        return view;
    }

    /**
     * Makes this the recorder of one arm of an interleaved pair.
     *
     * @param side the arm
     * @return this recorder
     */
    public RunRecorder arm(RunArm side) {
        arm = side;
        return this;
    }

    /** As {@code RunContext.arm}. */
    public RunArm arm() {
        if (arm == null) {
            throw configurationError(new IllegalStateException("run.arm() was called, but the test is not interleaved:"
                    + " only @Baseline(interleaved = true) runs a reference and a candidate arm; add it, or remove"
                    + " the call"));
        }
        armRead = true;
        return arm;
    }

    /**
     * Whether the run read its arm ({@link #arm()} or an {@code Arm} parameter).
     *
     * @return whether it did
     */
    public boolean armRead() {
        return armRead;
    }

    /** As {@code RunContext.outputDirectory}. */
    public Path outputDirectory() {
        return outputDirectory;
    }

    /** As {@code RunContext.series}. */
    public int series() {
        return series;
    }

    /** As {@code RunContext.run}. */
    public int run() {
        return run;
    }

    /** As {@code RunContext.seed}. */
    public long seed() {
        return seed;
    }

    // The two recordSample methods are the per-sample hot path. Their fast path (the metric of the
    // call before, from the bound thread, finite values, room in the buffer) is a few comparisons
    // and stores, small enough for the JIT to inline into the caller's loop; the checked path,
    // with its messages and the buffer's growth, is a separate method called on the first sample,
    // when the buffer is full and on anything unusual. Before, the one method with everything
    // inlined was too big to inline, and every sample paid a call.

    /** As {@code RunContext.recordSample}. */
    public void recordSample(String metric, double x, double y) {
        if (metric != lastMetric || owner != Thread.currentThread()
                || !(Math.abs(x) < Double.POSITIVE_INFINITY & Math.abs(y) < Double.POSITIVE_INFINITY)
                || !lastBuffer.tryAdd(x, y)) {
            recordSampleChecked(metric, x, y);
        }
    }

    /** As {@code RunContext.recordSample}. */
    public void recordSample(String metric, double y) {
        if (metric != lastMetric || owner != Thread.currentThread() || !(Math.abs(y) < Double.POSITIVE_INFINITY)
                || !lastBuffer.tryAdd(y)) {
            recordSampleChecked(metric, y);
        }
    }

    private void recordSampleChecked(String metric, double x, double y) {
        SampleBuffer buffer = buffer(metric);
        finite(metric, "x", x);
        finite(metric, "y", y);
        if (!buffer.add(x, y)) {
            throw configurationError(mixed(metric, buffer));
        }
    }

    private void recordSampleChecked(String metric, double y) {
        SampleBuffer buffer = buffer(metric);
        finite(metric, "y", y);
        if (!buffer.add(y)) {
            throw configurationError(mixed(metric, buffer));
        }
    }

    /** As {@code RunContext.recordSamples}. */
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
        // The usual case, both arrays finite (no infinity, no NaN to drop), costs one fused check
        // and two array copies; otherwise one check per array, with the message (and its index)
        // built only on failure, and a pass that drops NaN.
        if (allFinite(xs, ys)) {
            if (!buffer.addAllFinite(xs, ys)) {
                throw configurationError(mixed(metric, buffer));
            }
            return;
        }
        int badX = firstInfinite(xs);
        int badY = firstInfinite(ys);
        if (badX >= 0 && (badY < 0 || badX <= badY)) {
            finite(metric, "xs[" + badX + "]", xs[badX]);
        }
        if (badY >= 0) {
            finite(metric, "ys[" + badY + "]", ys[badY]);
        }
        if (!buffer.addAll(xs, ys)) {
            throw configurationError(mixed(metric, buffer));
        }
    }

    /** As {@code RunContext.recordSamples}. */
    public void recordSamples(String metric, double[] ys) {
        SampleBuffer buffer = buffer(metric);
        if (ys == null) {
            throw new IllegalArgumentException("recordSamples(\"" + metric + "\", ys): ys is null; pass the samples' values");
        }
        // The usual case, no NaN and no infinity, is one branch-free check and one array copy.
        if (allFinite(ys)) {
            if (!buffer.addAllFinite(ys)) {
                throw configurationError(mixed(metric, buffer));
            }
            return;
        }
        int bad = firstInfinite(ys);
        if (bad >= 0) {
            finite(metric, "ys[" + bad + "]", ys[bad]);
        }
        if (!buffer.addAll(ys)) {
            throw configurationError(mixed(metric, buffer));
        }
    }

    /** As {@code RunContext.recordWeightedSample}. */
    public void recordWeightedSample(String metric, double value, double weight) {
        SampleBuffer buffer = weightedBuffer(metric, "recordWeightedSample");
        finite(metric, "value", value);
        weight(metric, "weight", weight);
        if (!buffer.addWeighted(value, weight)) {
            throw configurationError(mixedWeights(metric));
        }
    }

    /** As {@code RunContext.recordWeightedSamples}. */
    public void recordWeightedSamples(String metric, double[] values, double[] weights) {
        SampleBuffer buffer = weightedBuffer(metric, "recordWeightedSamples");
        if (values == null || weights == null) {
            throw new IllegalArgumentException("recordWeightedSamples(\"" + metric + "\", values, weights): "
                    + (values == null ? "values" : "weights") + " is null; pass the values and their likelihood"
                    + " ratios as two arrays of the same length");
        }
        if (values.length != weights.length) {
            throw new IllegalArgumentException("recordWeightedSamples(\"" + metric + "\", values, weights): values has "
                    + values.length + " entries but weights has " + weights.length + "; pass one weight per value");
        }
        for (int i = 0; i < values.length; i++) {
            finite(metric, "values[" + i + "]", values[i]);
            weight(metric, "weights[" + i + "]", weights[i]);
        }
        if (buffer.explicitX() != null && !buffer.weighted()) {
            throw configurationError(mixedWeights(metric));
        }
        for (int i = 0; i < values.length; i++) {
            buffer.addWeighted(values[i], weights[i]);
        }
    }

    /** As {@code RunContext.recordRunValue}. */
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

    /** As {@code RunContext.testBed}. */
    public void testBed(String key, String value) {
        ownThread("testBed");
        open();
        testBed.put(key, value, "series " + series + " run " + run);
    }

    /** As {@code RunContext.note}. */
    public void note(String name, String text) {
        ownThread("note");
        open();
        notes.put(name, text);
    }

    /** The run's notes by name. */
    @Override
    public Map<String, String> notes() {
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
        ACTIVE.set(new java.lang.ref.WeakReference<>(this));
    }

    /** Ends the current thread's binding to this run (a pool thread that ran it and may run another). */
    public void unbindFromCurrentThread() {
        java.lang.ref.WeakReference<RunRecorder> active = ACTIVE.get();
        if (active != null && active.get() == this) {
            ACTIVE.remove();
        }
    }

    /**
     * The first call made from a thread other than the test's, as a failure message for the run;
     * {@code null} when there was none.
     */
    public String misuse() {
        return misuse;
    }

    private void ownThread(String method) {
        java.lang.ref.WeakReference<RunRecorder> reference = ACTIVE.get();
        RunRecorder active = reference == null ? null : reference.get();
        if (active != null && active != this && !active.closed) {
            // A context kept from another run (a field, a static): refused alike whether the runs
            // execute one after the other or on a pool, by an exception in the run that made the
            // call, and never charged to the run the context belongs to, which may still be running
            // on another thread (a pool's) and did nothing wrong.
            throw new IllegalStateException("RunContext." + method + "(...) was called on the RunContext of series "
                    + series + " run " + run + " during series " + active.series + " run " + active.run + ": a RunContext"
                    + " belongs to its own run and ends with it, so the call would be lost; use the RunContext the test"
                    + " method receives in each run, and keep none in a field");
        }
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
        lastMetric = NONE;
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
        // Fast path for the usual loop recording one metric: the same name (by identity), from
        // the bound thread, while open; every check below already passed for it, and a metric
        // with samples can never get a run value.
        if (metric == lastMetric && owner == Thread.currentThread()) {
            return lastBuffer;
        }
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
        lastMetric = metric;
        lastBuffer = buffer;
        return buffer;
    }

    /** The buffer of a metric that may take weighted samples: a percentile or mean without a convergence test. */
    private SampleBuffer weightedBuffer(String metric, String method) {
        SampleBuffer buffer = buffer(metric);
        MetricSpec spec = metrics.get(metric);
        if (spec.convergenceRequired()) {
            throw configurationError(new IllegalArgumentException(method + "(\"" + metric + "\", ...): metric \""
                    + metric + "\" must pass the convergence test, which is not defined for weighted samples; remove"
                    + " it from @ConvergenceRequired, or record unweighted samples"));
        }
        Measure.Kind kind = spec.measure().kind();
        if (kind != Measure.Kind.PERCENTILE && kind != Measure.Kind.MEAN) {
            throw configurationError(new IllegalArgumentException(method + "(\"" + metric + "\", ...): metric \""
                    + metric + "\" is the " + spec.measure() + " of its samples, which weights do not change;"
                    + " weighted samples need a percentile or mean metric, e.g. @Metric(name = \"" + metric
                    + "\", samplePercentile = 99)"));
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

    /** The index of the first infinite value, or -1 (NaN is allowed: it is dropped and counted). */
    private static final long EXPONENT = 0x7ff0000000000000L;
    private static final long EXPONENT_ONE = 0x0010000000000000L;

    /**
     * Whether every value is finite (no NaN, no infinity): a NaN or an infinity has
     * the exponent field all ones, and only then does adding one to that field carry into the sign
     * bit. The bits are OR-ed without a branch, so the loop is a few integer operations per value.
     */
    static boolean allFinite(double[] values) {
        long carry = 0;
        for (double value : values) {
            carry |= (Double.doubleToRawLongBits(value) & EXPONENT) + EXPONENT_ONE;
        }
        return carry >= 0;
    }

    /** As {@link #allFinite(double[])}, for two arrays of the same length in one loop. */
    static boolean allFinite(double[] xs, double[] ys) {
        long carry = 0;
        for (int i = 0; i < ys.length; i++) {
            carry |= ((Double.doubleToRawLongBits(xs[i]) & EXPONENT) + EXPONENT_ONE)
                    | ((Double.doubleToRawLongBits(ys[i]) & EXPONENT) + EXPONENT_ONE);
        }
        return carry >= 0;
    }

    private static int firstInfinite(double[] values) {
        for (int i = 0; i < values.length; i++) {
            if (Math.abs(values[i]) == Double.POSITIVE_INFINITY) {
                return i;
            }
        }
        return -1;
    }

    private static void finite(String metric, String what, double value) {
        if (Double.isInfinite(value)) {
            throw new IllegalArgumentException("metric \"" + metric + "\": " + what + " is " + value
                    + "; samples must be finite (NaN is dropped and counted), check the measurement that produced it");
        }
    }

    private static void weight(String metric, String what, double weight) {
        if (!(weight > 0) || weight == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("metric \"" + metric + "\": " + what + " is " + weight
                    + "; a weight is a likelihood ratio (nominal density over sampling density at the value) and"
                    + " must be finite and > 0; check how the sampling density was computed");
        }
    }

    private static IllegalArgumentException mixedForms(String metric) {
        return new IllegalArgumentException("metric \"" + metric + "\" mixes samples with and without x values in one"
                + " run; use recordSample(metric, x, y) or recordSample(metric, y), not both");
    }

    private static IllegalArgumentException mixedWeights(String metric) {
        return new IllegalArgumentException("metric \"" + metric + "\" mixes samples with and without weights in one"
                + " run; a run's metric is either importance-weighted (recordWeightedSample) or not (recordSample),"
                + " so record every sample of the metric with its likelihood ratio, or none");
    }

    /** The error of an unweighted sample recorded into a buffer of another form. */
    private static IllegalArgumentException mixed(String metric, SampleBuffer buffer) {
        return buffer.weighted() ? mixedWeights(metric) : mixedForms(metric);
    }
}
