package org.triscale.engine.trend;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.triscale.engine.ReferenceVectors;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.triscale.engine.ReferenceVectors.numbers;

/**
 * Compares Sen's interval step by step with the intermediate values SciPy 1.10 produced for each
 * convergence case (z, σ², raw positions, indices, number of slopes, normalisation range).
 */
class TheilSenTraceTest {

    @TestFactory
    Stream<DynamicTest> senIntervalMatchesTrace() {
        List<JsonNode> cases = ReferenceVectors.cases("convergence_test");
        return cases.stream().filter(c -> c.has("trace")).map(c -> DynamicTest.dynamicTest(c.get("id").asText(), () -> {
            JsonNode in = c.get("input");
            JsonNode trace = c.get("trace");
            double[] x = numbers(in.get("x"));
            double[] y = numbers(in.get("y"));
            int kept = 0;
            for (double v : y) {
                kept += Double.isNaN(v) ? 0 : 1;
            }
            double[] xs = new double[kept];
            double[] ys = new double[kept];
            for (int i = 0, k = 0; i < y.length; i++) {
                if (!Double.isNaN(y[i])) {
                    xs[k] = x[i];
                    ys[k++] = y[i];
                }
            }
            double yLow = in.get("y_bounds").isNull() ? ConvergenceTest.min(ys) : in.get("y_bounds").get(0).asDouble();
            double yHigh = in.get("y_bounds").isNull() ? ConvergenceTest.max(ys) : in.get("y_bounds").get(1).asDouble();
            assertThat(yLow).as("y_min").isEqualTo(trace.get("y_min").asDouble());
            assertThat(yHigh).as("y_max").isEqualTo(trace.get("y_max").asDouble());
            assertThat(ConvergenceTest.min(xs)).as("x_min").isEqualTo(trace.get("x_min").asDouble());
            assertThat(ConvergenceTest.max(xs)).as("x_max").isEqualTo(trace.get("x_max").asDouble());
            double[] xn = ConvergenceTest.normalize(xs, ConvergenceTest.min(xs), ConvergenceTest.max(xs));
            double[] yn = ConvergenceTest.normalize(ys, yLow, yHigh);
            double confidence = in.get("confidence").asDouble();
            TheilSenFit fit = TheilSen.compute(xn, yn, confidence, TheilSen.QUADRATIC_LIMIT);
            assertThat(fit.slopes()).as("n_slopes").isEqualTo(trace.get("n_slopes").asLong());
            double sigmaSquared = TheilSen.sigmaSquared(xn, yn);
            assertThat(sigmaSquared).as("sigma_sq").isEqualTo(trace.get("sigma_sq").asDouble());
            TheilSen.SenInterval interval = TheilSen.senInterval(fit.slopes(), sigmaSquared, confidence);
            // Commons Statistics' inverse normal differs from SciPy's ndtri by 1 or 2 ulps.
            double z = trace.get("z").asDouble();
            assertThat(interval.z()).as("z").isCloseTo(z, within(4 * Math.ulp(z)));
            assertThat(interval.rawLow()).as("raw_low")
                    .isCloseTo(trace.get("raw_low").asDouble(), within(1e-12 * Math.abs(trace.get("raw_low").asDouble())));
            assertThat(interval.rawHigh()).as("raw_high")
                    .isCloseTo(trace.get("raw_high").asDouble(), within(1e-12 * Math.abs(trace.get("raw_high").asDouble())));
            assertThat(interval.indexLow()).as("index_low").isEqualTo(trace.get("index_low").asLong());
            assertThat(interval.indexHigh()).as("index_high").isEqualTo(trace.get("index_high").asLong());
        }));
    }

    @Test
    void zQuantilesAreWithinFourUlpsOfScipy() {
        JsonNode constants = ReferenceVectors.root().get("constants");
        Map<String, Double> confidences = Map.of("theil_z_confidence_95", 95.0, "theil_z_confidence_50", 50.0,
                "theil_z_confidence_75", 75.0, "theil_z_confidence_99", 99.0);
        for (Map.Entry<String, JsonNode> e : constants.properties()) {
            if (confidences.containsKey(e.getKey())) {
                double expected = e.getValue().asDouble();
                assertThat(TheilSen.zQuantile(confidences.get(e.getKey()))).as(e.getKey())
                        .isCloseTo(expected, within(4 * Math.ulp(expected)));
            }
        }
        // The argument SciPy folds 95 % to: 1 − 0.95 = 0.050000000000000044, halved.
        assertThat((1 - 95 / 100.0) / 2).isEqualTo(constants.get("theil_alpha_half_confidence_95").asDouble());
    }
}
