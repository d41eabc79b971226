package org.triscale.junit.internal.recording;

import org.triscale.results.internal.recording.MetricValue;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.model.SampleSummaries;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.MetricSpec;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.RunMetric;
import org.triscale.engine.analysis.RunMetrics;
import org.triscale.engine.sequential.WeightedPercentile;
import org.triscale.engine.sequential.WeightedPercentiles;
import org.triscale.engine.trend.ConvergenceResult;

import java.util.ArrayList;
import java.util.List;

/** Turns one run's samples into its metric values, with the convergence test where required. */
public final class RunMetricValues {
    private RunMetricValues() {
    }

    /** Computes every declared metric of the run, in declaration order. */
    public static List<MetricValue> compute(TestSetup setup, RunRecorder recorder) {
        List<MetricValue> values = new ArrayList<>(setup.metrics().size());
        for (MetricSpec metric : setup.metrics()) {
            values.add(compute(setup, metric, recorder));
        }
        return values;
    }

    private static MetricValue compute(TestSetup setup, MetricSpec metric, RunRecorder recorder) {
        Double reported = recorder.reported(metric.name());
        if (reported != null) {
            return new MetricValue(metric, true, reported, 1, 0, true, null, null, Double.NaN);
        }
        SampleBuffer buffer = recorder.samples(metric.name());
        if (buffer == null || buffer.size() == 0) {
            return new MetricValue(metric, false, Double.NaN, 0, buffer == null ? 0 : buffer.droppedNaN(), false, null,
                    null, Double.NaN);
        }
        if (buffer.weighted()) {
            return weighted(metric, buffer);
        }
        double[] xs = buffer.xs();
        double[] ys = buffer.ys();
        // Summarised first: computing a percentile may reorder the samples.
        TestResult.SampleSummary summary = SampleSummaries.of(xs, ys, Boolean.TRUE.equals(buffer.explicitX()),
                metric.convergenceRequired(), metric.bounds() == null ? Double.NaN : metric.bounds().min(),
                metric.bounds() == null ? Double.NaN : metric.bounds().max());
        RunMetric result = RunMetrics.compute(xs, ys, metric.measure(), metric.bounds(),
                metric.convergenceRequired() ? setup.convergence().orElseThrow() : null);
        ConvergenceResult convergence = result.convergence().orElse(null);
        boolean valid = result.valid() && !Double.isNaN(result.value());
        return new MetricValue(metric, valid, valid ? result.value() : Double.NaN, result.samples(),
                result.droppedNaN() + buffer.droppedNaN(), false, convergence, summary, Double.NaN);
    }

    /**
     * The self-normalised importance-sampling estimate (Glynn 1996) of the metric's percentile, or
     * of its mean, with Kish's (1965) effective sample size.
     */
    private static MetricValue weighted(MetricSpec metric, SampleBuffer buffer) {
        double[] values = buffer.ys();
        double[] weights = buffer.weights();
        double value;
        double ess;
        if (metric.measure().kind() == Measure.Kind.PERCENTILE) {
            // The interval is not used here (the KPI bounds the run metrics); any confidence will do.
            WeightedPercentile estimate = WeightedPercentiles.estimate(values, weights,
                    metric.measure().percentile(), 95, null);
            value = estimate.value();
            ess = estimate.effectiveSampleSize();
        } else {
            double sum = 0;
            double sumSquares = 0;
            double weightedSum = 0;
            for (int i = 0; i < values.length; i++) {
                sum += weights[i];
                sumSquares += weights[i] * weights[i];
                weightedSum += weights[i] * values[i];
            }
            value = weightedSum / sum;
            ess = sum * sum / sumSquares;
        }
        return new MetricValue(metric, true, value, values.length, buffer.droppedNaN(), false, null, null, ess);
    }

    /** Metrics with no usable sample, for the failure message; empty when all have one. */
    public static String missing(List<MetricValue> values) {
        StringBuilder text = new StringBuilder();
        for (MetricValue value : values) {
            if (!value.reported() && value.samples() == 0) {
                text.append(text.length() > 0 ? "; " : "").append("metric \"").append(value.metric().name())
                        .append("\" has no ").append(value.droppedNaN() > 0 ? "finite sample (" + value.droppedNaN()
                                + " NaN dropped)" : "sample");
            } else if (!value.valid() && !value.notConverged()) {
                text.append(text.length() > 0 ? "; " : "").append("metric \"").append(value.metric().name())
                        .append("\" is undefined with ").append(value.samples())
                        .append(value.samples() == 1 ? " sample" : " samples").append(" (record more)");
            }
        }
        return text.toString();
    }

    /** The non-converged metrics with their slope intervals, for the abort message; empty when none. */
    public static String notConverged(List<MetricValue> values) {
        StringBuilder text = new StringBuilder();
        for (MetricValue value : values) {
            if (!value.notConverged()) {
                continue;
            }
            ConvergenceResult convergence = value.convergence();
            text.append(text.length() > 0 ? "; " : "").append(value.metric().name())
                    .append(": normalised slope interval [").append(Format.percent(convergence.fit().lowSlope()))
                    .append(", ").append(Format.percent(convergence.fit().highSlope()))
                    .append("] at ").append(Format.number(convergence.fit().confidence()))
                    .append(" % confidence is not within the tolerance ± ")
                    .append(Format.number(convergence.tolerance())).append(" %");
        }
        return text.toString();
    }
}
