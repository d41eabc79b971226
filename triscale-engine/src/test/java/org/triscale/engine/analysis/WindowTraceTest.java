package org.triscale.engine.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.triscale.engine.ReferenceVectors;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.triscale.engine.ReferenceVectors.numbers;

/** The window series of each converging metric case equals the original's, to the last bit. */
class WindowTraceTest {

    @TestFactory
    Stream<DynamicTest> windowsMatchTheOriginal() {
        return ReferenceVectors.cases("analysis_metric").stream()
                .filter(c -> c.has("trace") && c.get("trace").has("window_y"))
                .map(c -> DynamicTest.dynamicTest(c.get("id").asText(), () -> {
                    JsonNode in = c.get("input");
                    double[] x = numbers(in.get("x"));
                    double[] y = numbers(in.get("y"));
                    int kept = 0;
                    for (int i = 0; i < y.length; i++) {
                        kept += Double.isNaN(x[i]) || Double.isNaN(y[i]) ? 0 : 1;
                    }
                    double[] xs = new double[kept];
                    double[] ys = new double[kept];
                    for (int i = 0, k = 0; i < y.length; i++) {
                        if (!Double.isNaN(x[i]) && !Double.isNaN(y[i])) {
                            xs[k] = x[i];
                            ys[k++] = y[i];
                        }
                    }
                    Windows windows = Windows.of(xs, ys, Measure.parse(in.get("measure").asText()));
                    JsonNode trace = c.get("trace");
                    assertThat(windows.x).as("window_x").containsExactly(numbers(trace.get("window_x")));
                    assertThat(windows.y).as("window_y").containsExactly(numbers(trace.get("window_y")));
                    assertThat(windows.y.length).as("window_count").isEqualTo(trace.get("window_count").asInt());
                }));
    }
}
