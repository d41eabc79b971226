package org.triscale.junit.internal.recording;

import org.triscale.results.internal.setup.MetricSpec;
import org.junit.jupiter.api.Test;
import org.triscale.engine.analysis.Measure;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RunRecorderTest {
    private static final MetricSpec DELAY = new MetricSpec("delay", Measure.percentile(95), "ms", null, false, true);
    private static final MetricSpec RTT = new MetricSpec("rtt", Measure.mean(), "ms", null, true, false);

    private final RunRecorder recorder = new RunRecorder(Map.of("delay", DELAY, "rtt", RTT), "delay, rtt", 2, 3, 99);

    @Test
    void knowsItsCoordinates() {
        assertThat(recorder.series()).isEqualTo(2);
        assertThat(recorder.run()).isEqualTo(3);
        assertThat(recorder.seed()).isEqualTo(99);
    }

    @Test
    void recordsEveryForm() {
        recorder.recordSample("delay", 0.1, 10);
        recorder.recordSamples("delay", new double[] {0.2, 0.3}, new double[] {11, Double.NaN});
        recorder.recordSample("rtt", 40);
        recorder.recordSamples("rtt", new double[] {41, 42});

        assertThat(recorder.samples("delay").ys()).containsExactly(10, 11);
        assertThat(recorder.samples("delay").droppedNaN()).isEqualTo(1);
        assertThat(recorder.samples("rtt").xs()).containsExactly(0, 1, 2);
    }

    @Test
    void fusedFiniteCheckFindsEveryNonFiniteValueInEitherArray() {
        double[] finite = {0, -0.0, Double.MIN_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE, 1e-310, 42.5};
        assertThat(RunRecorder.allFinite(finite, finite.clone())).isTrue();
        assertThat(RunRecorder.allFinite(new double[0], new double[0])).isTrue();
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8000000000000L)}) {
            for (int i = 0; i < finite.length; i++) {
                double[] xs = finite.clone();
                xs[i] = bad;
                assertThat(RunRecorder.allFinite(xs, finite)).as("x %s at %d", bad, i).isFalse();
                assertThat(RunRecorder.allFinite(finite, xs)).as("y %s at %d", bad, i).isFalse();
            }
        }
    }

    @Test
    void firstFiniteArraysAreCopiedAndLaterOnesAppended() {
        double[] xs = new double[100];
        double[] ys = new double[100];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = i * 0.01;
            ys[i] = 40 + i;
        }
        recorder.recordSamples("delay", xs, ys);
        xs[0] = -1; // the recorder keeps its own copy
        recorder.recordSamples("delay", new double[] {5}, new double[] {7});

        assertThat(recorder.samples("delay").size()).isEqualTo(101);
        assertThat(recorder.samples("delay").xs()[0]).isEqualTo(0);
        assertThat(recorder.samples("delay").xs()[100]).isEqualTo(5);
        assertThat(recorder.samples("delay").ys()[99]).isEqualTo(139);
    }

    @Test
    void finiteArraysAppendToEarlierSamples() {
        recorder.recordSample("delay", 0.1, 10);
        recorder.recordSamples("delay", new double[] {0.2, 0.3}, new double[] {11, 12});
        recorder.recordSamples("delay", new double[] {0.4, 0.5}, new double[] {Double.NaN, 14});
        recorder.recordSamples("delay", new double[] {0.6}, new double[] {15});

        assertThat(recorder.samples("delay").xs()).containsExactly(0.1, 0.2, 0.3, 0.5, 0.6);
        assertThat(recorder.samples("delay").ys()).containsExactly(10, 11, 12, 14, 15);
        assertThat(recorder.samples("delay").droppedNaN()).isEqualTo(1);
        recorder.recordSample("rtt", 40);
        assertThatThrownBy(() -> recorder.recordSamples("rtt", new double[] {1}, new double[] {2}))
                .hasMessageContaining("rtt"); // implicit x first: explicit x is refused on the fast path too
    }

    @Test
    void rejectsUnknownNamesWithTheDeclaredOnes() {
        assertThatThrownBy(() -> recorder.recordSample("delai", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("unknown metric \"delai\"", "delay, rtt");
        assertThatThrownBy(() -> recorder.recordRunValue(null, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown metric \"null\"");
    }

    @Test
    void rejectsInfinitiesAndAcceptsNaN() {
        assertThatThrownBy(() -> recorder.recordSample("delay", Double.NEGATIVE_INFINITY, 1))
                .hasMessageStartingWith("metric \"delay\": x is -Infinity; samples must be finite");
        assertThatThrownBy(() -> recorder.recordSamples("delay", new double[] {1, Double.POSITIVE_INFINITY}))
                .hasMessageStartingWith("metric \"delay\": ys[1] is Infinity");
        assertThatThrownBy(() -> recorder.recordRunValue("delay", Double.NaN))
                .hasMessageContaining("the value of a metric must be finite");
        recorder.recordSample("rtt", Double.NaN);
        assertThat(recorder.samples("rtt").droppedNaN()).isEqualTo(1);
    }

    @Test
    void rejectsMalformedArrays() {
        assertThatThrownBy(() -> recorder.recordSamples("delay", new double[] {1}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("xs has 1 values but ys has 2");
        assertThatThrownBy(() -> recorder.recordSamples("delay", null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ys is null");
    }

    @Test
    void aMetricIsReportedOnceOrRecorded() {
        recorder.recordRunValue("delay", 12);
        assertThat(recorder.reported("delay")).isEqualTo(12);
        assertThatThrownBy(() -> recorder.recordRunValue("delay", 13)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already has a run value in series 2 run 3");
        assertThatThrownBy(() -> recorder.recordSample("delay", 13)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> recorder.recordRunValue("rtt", 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is named in @ConvergenceRequired(metrics)");
    }

    @Test
    void refusesMixedFormsAndUseAfterClose() {
        recorder.recordSample("delay", 1, 2);
        assertThatThrownBy(() -> recorder.recordSample("delay", 2)).hasMessageContaining("mixes samples with and without x");
        recorder.close();
        assertThatThrownBy(() -> recorder.recordSample("delay", 1, 2)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is closed");
    }

    /**
     * Once a metric's buffer is cached (the fast path of the call before), every check still
     * applies: infinity refused naming the value, NaN dropped and counted, a call from another
     * thread refused without storing, the other form refused, and a closed context refused.
     */
    @Test
    void theFastPathKeepsEveryCheck() throws InterruptedException {
        recorder.bindToCurrentThread();
        for (int i = 0; i < 200; i++) {
            recorder.recordSample("delay", i);
        }
        assertThatThrownBy(() -> recorder.recordSample("delay", Double.POSITIVE_INFINITY))
                .hasMessageStartingWith("metric \"delay\": y is Infinity; samples must be finite");
        recorder.recordSample("delay", Double.NaN);
        recorder.recordSample("delay", 200);
        AtomicReference<Throwable> foreign = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                recorder.recordSample("delay", 201);
            } catch (RuntimeException e) {
                foreign.set(e);
            }
        }, "helper");
        other.start();
        other.join();
        assertThat(foreign.get()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("was called from thread \"helper\"");
        assertThat(recorder.misuse()).contains("helper");
        assertThatThrownBy(() -> recorder.recordSample("delay", 1, 2)).hasMessageContaining("mixes samples with and without x");

        SampleBuffer delay = recorder.samples("delay");
        assertThat(delay.size()).isEqualTo(201);
        assertThat(delay.droppedNaN()).isEqualTo(1);
        assertThat(delay.xs()).startsWith(0, 1).endsWith(199, 201);
        recorder.close();
        assertThatThrownBy(() -> recorder.recordSample("delay", 3)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is closed");
        assertThat(delay.size()).isEqualTo(201);
    }
}
