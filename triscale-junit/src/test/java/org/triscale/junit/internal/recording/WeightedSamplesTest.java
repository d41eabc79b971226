package org.triscale.junit.internal.recording;

import org.junit.jupiter.api.Test;
import org.triscale.engine.analysis.Measure;
import org.triscale.results.internal.setup.MetricSpec;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Recording weighted samples: validation, and no mixing with unweighted ones. */
class WeightedSamplesTest {
    private static final MetricSpec FCT = new MetricSpec("fct", Measure.percentile(99), "ms", null, false, true);
    private static final MetricSpec MEAN = new MetricSpec("mean", Measure.mean(), "ms", null, false, true);
    private static final MetricSpec MAX = new MetricSpec("max", Measure.maximum(), "ms", null, false, true);
    private static final MetricSpec CONVERGING = new MetricSpec("rtt", Measure.percentile(50), "ms", null, true, false);

    private final RunRecorder recorder = new RunRecorder(Map.of("fct", FCT, "mean", MEAN, "max", MAX, "rtt", CONVERGING),
            "fct, mean, max, rtt", 1, 2, 7);

    @Test
    void keepsValuesWithTheirWeightsAndDropsNaNValues() {
        recorder.recordWeightedSample("fct", 10, 0.5);
        recorder.recordWeightedSamples("fct", new double[] {Double.NaN, 30}, new double[] {1, 2});

        SampleBuffer buffer = recorder.samples("fct");
        assertThat(buffer.weighted()).isTrue();
        assertThat(buffer.ys()).containsExactly(10, 30);
        assertThat(buffer.weights()).containsExactly(0.5, 2);
        assertThat(buffer.xs()).containsExactly(0, 2);
        assertThat(buffer.droppedNaN()).isEqualTo(1);
    }

    @Test
    void rejectsWeightsThatAreNotFiniteAndPositive() {
        for (double weight : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> recorder.recordWeightedSample("fct", 1, weight))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("metric \"fct\": weight is " + weight + "; a weight is a likelihood ratio")
                    .hasMessageContaining("must be finite and > 0");
        }
        assertThatThrownBy(() -> recorder.recordWeightedSamples("fct", new double[] {1, 2}, new double[] {1, -2}))
                .hasMessageStartingWith("metric \"fct\": weights[1] is -2.0");
        assertThatThrownBy(() -> recorder.recordWeightedSample("fct", Double.NEGATIVE_INFINITY, 1))
                .hasMessageStartingWith("metric \"fct\": value is -Infinity; samples must be finite");
        // Nothing of a rejected call is kept.
        assertThat(recorder.samples("fct").size()).isZero();
    }

    @Test
    void rejectsMalformedArrays() {
        assertThatThrownBy(() -> recorder.recordWeightedSamples("fct", new double[] {1}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("values has 1 entries but weights has 2; pass one weight per value");
        assertThatThrownBy(() -> recorder.recordWeightedSamples("fct", new double[] {1}, null))
                .hasMessageContaining("weights is null");
    }

    @Test
    void aRunsMetricIsWeightedOrNotButNeverBoth() {
        recorder.recordWeightedSample("fct", 1, 1);
        assertThatThrownBy(() -> recorder.recordSample("fct", 2)).hasMessageContaining("mixes samples with and"
                + " without weights in one run");
        assertThatThrownBy(() -> recorder.recordSamples("fct", new double[] {2})).hasMessageContaining("without weights");
        assertThatThrownBy(() -> recorder.recordSample("fct", 0, 2)).hasMessageContaining("without weights");

        recorder.recordSample("mean", 2);
        assertThatThrownBy(() -> recorder.recordWeightedSample("mean", 1, 1)).hasMessageContaining("without weights");
        assertThatThrownBy(() -> recorder.recordWeightedSamples("mean", new double[] {1}, new double[] {1}))
                .hasMessageContaining("without weights");
        assertThat(recorder.configurationError()).contains("mixes samples with and without weights");
    }

    @Test
    void needsAPercentileOrMeanWithoutConvergenceTest() {
        recorder.recordWeightedSample("mean", 1, 1);
        assertThatThrownBy(() -> recorder.recordWeightedSample("max", 1, 1)).hasMessageContaining("is the maximum of"
                + " its samples, which weights do not change");
        assertThatThrownBy(() -> recorder.recordWeightedSample("rtt", 1, 1)).hasMessageContaining("convergence test,"
                + " which is not defined for weighted samples");
    }
}
