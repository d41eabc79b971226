package org.triscale.engine;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.triscale.engine.analysis.ConvergenceSpec;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.RunMetric;
import org.triscale.engine.analysis.RunMetrics;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.analysis.Stationarity;
import org.triscale.engine.analysis.VariabilityResult;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.independence.AutocorrelationTest;
import org.triscale.engine.sizing.Sizing;
import org.triscale.engine.trend.ConvergenceResult;
import org.triscale.engine.trend.ConvergenceTest;
import org.triscale.engine.trend.TheilSenFit;

import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.triscale.engine.ReferenceVectors.number;
import static org.triscale.engine.ReferenceVectors.numbers;
import static org.triscale.engine.ReferenceVectors.range;

/**
 * Runs every case of the original TriScale's reference vectors in TRISCALE mode: booleans and
 * indices equal, doubles within 1e-9 relative (and counts how many are bit-exact).
 */
class ReferenceVectorsTest {
    private static final double RELATIVE = 1e-9;
    private static final AtomicInteger DOUBLES = new AtomicInteger();
    private static final AtomicInteger BIT_EXACT = new AtomicInteger();

    @AfterAll
    static void summary() {
        System.out.println("reference vectors: " + BIT_EXACT.get() + " of " + DOUBLES.get()
                + " compared doubles are bit-exact");
    }

    @TestFactory
    Stream<DynamicTest> experimentSizing() {
        return tests("experiment_sizing", c -> {
            JsonNode in = c.get("input");
            double p = in.get("percentile").asDouble();
            double conf = in.get("confidence").asDouble();
            int r = in.get("robustness").asInt();
            assertThat(Sizing.oneSided(p, conf, r)).as("n_one_sided").isEqualTo(c.get("expected").get("n_one_sided").asInt());
            assertThat(Sizing.twoSided(p, conf, r)).as("n_two_sided").isEqualTo(c.get("expected").get("n_two_sided").asInt());
        });
    }

    @TestFactory
    Stream<DynamicTest> thompsonCi() {
        return tests("thompson_ci", c -> {
            JsonNode in = c.get("input");
            IntervalKind kind = in.get("ci_class").asText().equals("one-sided") ? IntervalKind.ONE_SIDED
                    : IntervalKind.TWO_SIDED;
            OrderStatisticInterval interval = ThompsonBounds.indices(in.get("n").asInt(),
                    in.get("percentile").asDouble(), in.get("confidence").asDouble(), kind);
            assertIndex("lower_index", interval.lowerIndex(), c.get("expected").get("lower_index"));
            assertIndex("upper_index", interval.upperIndex(), c.get("expected").get("upper_index"));
        });
    }

    @TestFactory
    Stream<DynamicTest> convergenceTest() {
        return tests("convergence_test", c -> {
            JsonNode in = c.get("input");
            JsonNode expected = c.get("expected");
            ConvergenceResult result = ConvergenceTest.test(numbers(in.get("x")), numbers(in.get("y")),
                    range(in.get("y_bounds")), in.get("confidence").asDouble(), in.get("tolerance").asDouble());
            assertThat(result.converged()).as("converged").isEqualTo(expected.get("converged").asBoolean());
            assertClose("slope", result.fit().slope(), expected.get("slope"));
            assertClose("intercept", result.fit().intercept(), expected.get("intercept"));
            assertClose("low_slope", result.fit().lowSlope(), expected.get("low_slope"));
            assertClose("high_slope", result.fit().highSlope(), expected.get("high_slope"));
            long nanY = countNaN(numbers(in.get("y")));
            assertThat(result.droppedNaN()).as("droppedNaN").isEqualTo(nanY);
        });
    }

    @TestFactory
    Stream<DynamicTest> analysisMetric() {
        return tests("analysis_metric", c -> {
            JsonNode in = c.get("input");
            JsonNode expected = c.get("expected");
            JsonNode conv = in.get("convergence");
            ConvergenceSpec spec = null;
            if (conv != null && !conv.isNull() && conv.get("expected").asBoolean()) {
                spec = new ConvergenceSpec(conv.has("confidence") ? conv.get("confidence").asDouble() : 95,
                        conv.has("tolerance") ? conv.get("tolerance").asDouble() : 5);
            }
            Measure measure = Measure.parse(in.get("measure").asText());
            RunMetric metric = RunMetrics.compute(numbers(in.get("x")), numbers(in.get("y")), measure,
                    range(in.get("bounds")), spec);
            assertThat(metric.valid()).as("converged").isEqualTo(expected.get("converged").asBoolean());
            assertClose("measure", metric.value(), expected.get("measure"));
            JsonNode trace = c.get("trace");
            if (trace != null && trace.has("theil_normalized")) {
                JsonNode theil = trace.get("theil_normalized");
                TheilSenFit fit = metric.convergence().orElseThrow().fit();
                assertClose("window slope", fit.slope(), theil.get("slope"));
                assertClose("window intercept", fit.intercept(), theil.get("intercept"));
                assertClose("window low_slope", fit.lowSlope(), theil.get("low_slope"));
                assertClose("window high_slope", fit.highSlope(), theil.get("high_slope"));
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> analysisKpi() {
        return tests("analysis_kpi", c -> {
            JsonNode in = c.get("input");
            JsonNode expected = c.get("expected");
            JsonNode bound = in.get("bound");
            Side side = bound == null || bound.isNull() ? null
                    : bound.asText().equals("lower") ? Side.LOWER : Side.UPPER;
            KpiResult kpi = Kpis.kpi(numbers(in.get("data")), in.get("percentile").asDouble(),
                    in.get("confidence").asDouble(), side, range(in.get("bounds")), Mode.TRISCALE);
            assertThat(kpi.stationarity().stationary()).as("stationary")
                    .isEqualTo(expected.get("stationary").asBoolean());
            assertClose("kpi", kpi.value(), expected.get("kpi"));
            assertTrace(c.get("trace"), kpi.stationarity(), kpi.interval());
        });
    }

    @TestFactory
    Stream<DynamicTest> analysisVariability() {
        return tests("analysis_variability", c -> {
            JsonNode in = c.get("input");
            JsonNode expected = c.get("expected");
            JsonNode sorted = c.get("expected_sorted");
            VariabilityResult score = VariabilityScores.score(numbers(in.get("data")), in.get("percentile").asDouble(),
                    in.get("confidence").asDouble(), IntervalKind.TWO_SIDED, range(in.get("bounds")), Mode.TRISCALE);
            assertThat(score.stationarity().stationary()).as("stationary")
                    .isEqualTo(expected.get("stationary").asBoolean());
            assertClose("lower_value", score.lowerValue(), sorted.get("lower_value"));
            assertClose("upper_value", score.upperValue(), sorted.get("upper_value"));
            assertClose("score", score.score(), sorted.get("score"));
            assertClose("relative_score", score.relativeScore(), sorted.get("relative_score"));
            // The score itself does not depend on the original's unsorted read.
            assertClose("score (original)", score.score(), expected.get("score"));
            assertTrace(c.get("trace"), score.stationarity(), score.interval());
        });
    }

    @TestFactory
    Stream<DynamicTest> independenceTest() {
        return tests("independence_test", c -> {
            CheckResult result = AutocorrelationTest.test(numbers(c.get("input").get("data")));
            assertThat(result.passed()).as("independent").isEqualTo(c.get("expected").get("independent").asBoolean());
            JsonNode trace = c.get("trace");
            if (trace != null && trace.has("max_abs_autocorr")) {
                assertThat(result.statistic()).as("max |autocorrelation|")
                        .isCloseTo(trace.get("max_abs_autocorr").asDouble(), within(1e-12));
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> everyOperationIsCovered() {
        List<String> ops = List.of("experiment_sizing", "thompson_ci", "convergence_test", "analysis_metric",
                "analysis_kpi", "analysis_variability", "independence_test");
        return Stream.of(DynamicTest.dynamicTest("all cases belong to a tested op", () -> {
            int total = 0;
            for (String op : ops) {
                total += ReferenceVectors.cases(op).size();
            }
            assertThat(total).isEqualTo(ReferenceVectors.root().get("cases").size()).isEqualTo(1095);
        }));
    }

    private static Stream<DynamicTest> tests(String op, Consumer<JsonNode> check) {
        List<JsonNode> cases = ReferenceVectors.cases(op);
        assertThat(cases).as(op + " cases").isNotEmpty();
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.get("id").asText(), () -> check.accept(c)));
    }

    /** The intermediate checks the original recorded: trend, independence, indices. */
    private static void assertTrace(JsonNode trace, Stationarity stationarity, OrderStatisticInterval interval) {
        if (trace == null || !trace.has("weak_stationary")) {
            return;
        }
        List<CheckResult> checks = stationarity.checks();
        assertThat(checks.get(0).passed()).as("weak_stationary").isEqualTo(trace.get("weak_stationary").asBoolean());
        assertThat(checks.get(1).passed()).as("independent").isEqualTo(trace.get("independent").asBoolean());
        JsonNode theil = trace.get("theil_normalized");
        if (theil != null && theil.isArray()) {
            assertClose("theil slope", checks.get(0).statistic(), theil.get(0));
        }
        assertIndex("trace lower_index", interval.lowerIndex(), trace.get("lower_index"));
        assertIndex("trace upper_index", interval.upperIndex(), trace.get("upper_index"));
    }

    private static void assertIndex(String name, OptionalInt actual, JsonNode expected) {
        if (expected.isNull()) {
            assertThat(actual).as(name).isEmpty();
        } else {
            assertThat(actual).as(name).hasValue(expected.asInt());
        }
    }

    private static void assertClose(String name, double actual, JsonNode expectedNode) {
        double expected = number(expectedNode);
        DOUBLES.incrementAndGet();
        if (Double.isNaN(expected)) {
            assertThat(actual).as(name).isNaN();
            BIT_EXACT.incrementAndGet();
            return;
        }
        if (Double.doubleToLongBits(actual) == Double.doubleToLongBits(expected)) {
            BIT_EXACT.incrementAndGet();
            return;
        }
        assertThat(actual).as(name).isCloseTo(expected, within(RELATIVE * Math.max(Math.abs(expected), Double.MIN_NORMAL)));
    }

    private static long countNaN(double[] values) {
        long n = 0;
        for (double v : values) {
            if (Double.isNaN(v)) {
                n++;
            }
        }
        return n;
    }
}
