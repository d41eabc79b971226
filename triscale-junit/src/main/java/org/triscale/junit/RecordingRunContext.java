package org.triscale.junit;

import org.triscale.junit.internal.recording.RunRecorder;

import java.nio.file.Path;

/**
 * The {@link RunContext} a run's code gets: the API's face of the extension's recorder, so that
 * the recorder (internal) does not implement, nor depend on, the API. Every call goes straight to
 * the recorder, which validates it; the JIT inlines this one hop on the samples' path.
 */
final class RecordingRunContext implements RunContext {
    private final RunRecorder recorder;

    private RecordingRunContext(RunRecorder recorder) {
        this.recorder = recorder;
    }

    /** The one context of a recorder: the same object for the test method and its lifecycle methods. */
    static RunContext of(RunRecorder recorder) {
        return (RunContext) recorder.view(RecordingRunContext::new);
    }

    /** The API's arm of a run's internal arm. */
    static Baseline.Arm arm(RunRecorder recorder) {
        return switch (recorder.arm()) {
            case REFERENCE -> Baseline.Arm.REFERENCE;
            case CANDIDATE -> Baseline.Arm.CANDIDATE;
        };
    }

    @Override
    public int series() {
        return recorder.series();
    }

    @Override
    public int run() {
        return recorder.run();
    }

    @Override
    public long seed() {
        return recorder.seed();
    }

    @Override
    public Baseline.Arm arm() {
        return arm(recorder);
    }

    @Override
    public void recordSample(String metric, double x, double y) {
        recorder.recordSample(metric, x, y);
    }

    @Override
    public void recordSample(String metric, double y) {
        recorder.recordSample(metric, y);
    }

    @Override
    public void recordSamples(String metric, double[] xs, double[] ys) {
        recorder.recordSamples(metric, xs, ys);
    }

    @Override
    public void recordSamples(String metric, double[] ys) {
        recorder.recordSamples(metric, ys);
    }

    @Override
    public void recordWeightedSample(String metric, double value, double weight) {
        recorder.recordWeightedSample(metric, value, weight);
    }

    @Override
    public void recordWeightedSamples(String metric, double[] values, double[] weights) {
        recorder.recordWeightedSamples(metric, values, weights);
    }

    @Override
    public void recordRunValue(String metric, double value) {
        recorder.recordRunValue(metric, value);
    }

    @Override
    public void testBed(String key, String value) {
        recorder.testBed(key, value);
    }

    @Override
    public void note(String name, String text) {
        recorder.note(name, text);
    }

    @Override
    public Path outputDirectory() {
        return recorder.outputDirectory();
    }
}
