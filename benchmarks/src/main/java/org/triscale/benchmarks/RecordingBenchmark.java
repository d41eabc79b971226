package org.triscale.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.triscale.engine.analysis.Measure;
import org.triscale.junit.internal.recording.RunRecorder;
import org.triscale.junit.internal.recording.TestBed;
import org.triscale.results.internal.setup.MetricSpec;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The cost of recording one sample, per sample: a run of {@value #SAMPLES} samples recorded one
 * by one ({@code recordSample}) or as one array ({@code recordSamples}), into a fresh
 * {@code RunContext} each time (so the buffers' growth is included). Budgets: 10 ns and 2 ns.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecordingBenchmark {
    /** Samples per run. */
    public static final int SAMPLES = 10_000;

    private static final Map<String, MetricSpec> METRICS = Map.of(
            "delay", new MetricSpec("delay", Measure.percentile(95), "ms", null, false, true),
            "throughput", new MetricSpec("throughput", Measure.percentile(5), "Mbit/s", null, false, true));

    private double[] values;

    /** The samples: delay-like values. */
    @Setup
    public void setUp() {
        values = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            values[i] = 40 + (i * 7919 % 1000) / 50.0;
        }
    }

    private static RunRecorder recorder() {
        RunRecorder recorder = new RunRecorder(METRICS, "delay, throughput", 1, 1, 42, new TestBed());
        recorder.bindToCurrentThread();
        return recorder;
    }

    /**
     * {@value #SAMPLES} calls of {@code recordSample(metric, y)}; the score is per sample.
     *
     * @return the recorder, so that nothing is eliminated
     */
    @Benchmark
    @OperationsPerInvocation(SAMPLES)
    public RunRecorder recordSample() {
        RunRecorder recorder = recorder();
        double[] y = values;
        for (double value : y) {
            recorder.recordSample("delay", value);
        }
        return recorder;
    }

    /**
     * {@value #SAMPLES} calls of {@code recordSample(metric, x, y)}; the score is per sample.
     *
     * @return the recorder, so that nothing is eliminated
     */
    @Benchmark
    @OperationsPerInvocation(SAMPLES)
    public RunRecorder recordSampleWithX() {
        RunRecorder recorder = recorder();
        double[] y = values;
        for (int i = 0; i < y.length; i++) {
            recorder.recordSample("delay", i * 0.01, y[i]);
        }
        return recorder;
    }

    /**
     * One {@code recordSamples(metric, ys)} of {@value #SAMPLES} values; the score is per sample.
     *
     * @return the recorder, so that nothing is eliminated
     */
    @Benchmark
    @OperationsPerInvocation(SAMPLES)
    public RunRecorder recordSamples() {
        RunRecorder recorder = recorder();
        recorder.recordSamples("delay", values);
        return recorder;
    }

    /**
     * One {@code recordSamples(metric, xs, ys)} of {@value #SAMPLES} pairs; the score is per sample.
     *
     * @return the recorder, so that nothing is eliminated
     */
    @Benchmark
    @OperationsPerInvocation(SAMPLES)
    public RunRecorder recordSamplesWithX() {
        RunRecorder recorder = recorder();
        recorder.recordSamples("delay", values, values);
        return recorder;
    }
}
