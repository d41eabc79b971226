package org.triscale.results.internal.setup;

import org.triscale.results.internal.common.Format;
import org.triscale.engine.ValueRange;
import org.triscale.engine.analysis.Measure;

/**
 * A validated {@code @Metric}.
 *
 * @param name                the metric's name
 * @param measure             how a run's samples are summarised
 * @param unit                unit for messages, possibly empty
 * @param bounds              the metric's value range, or {@code null} for the observed range
 * @param convergenceRequired whether recorded samples must pass the convergence test
 * @param reportable          whether a run may report a value it computed (false when the metric is
 *                            named in {@code @ConvergenceRequired(metrics)})
 * @param xUnit               unit of the x of recorded samples ({@code @Metric(xUnit)}), for the charts
 */
public record MetricSpec(String name, Measure measure, String unit, ValueRange bounds, boolean convergenceRequired,
                  boolean reportable, String xUnit) {

    /** A metric whose recorded x is in seconds, the default of {@code @Metric(xUnit)}. */
    public MetricSpec(String name, Measure measure, String unit, ValueRange bounds, boolean convergenceRequired,
                      boolean reportable) {
        this(name, measure, unit, bounds, convergenceRequired, reportable, "s");
    }

    /** The value with its unit. */
    public String format(double value) {
        return Format.withUnit(value, unit);
    }

    /** A change with its sign and unit: {@code "+20 ms"}. */
    public String formatSigned(double value) {
        return (value > 0 ? "+" : "") + format(value);
    }
}
