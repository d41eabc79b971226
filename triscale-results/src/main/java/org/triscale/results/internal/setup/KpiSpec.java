package org.triscale.results.internal.setup;

import org.triscale.results.internal.common.Format;
import org.triscale.engine.analysis.Side;

/**
 * A validated {@code @Kpi}.
 *
 * @param metric     the metric bounded
 * @param percentile percentile in (0, 100)
 * @param confidence confidence in percent
 * @param side       the bounded side: upper above 50, lower below 50, chosen by the threshold at 50
 * @param atMost     upper threshold, NaN for none
 * @param atLeast    lower threshold, NaN for none
 */
public record KpiSpec(MetricSpec metric, double percentile, double confidence, Side side, double atMost, double atLeast) {

    /** Whether a KPI value meets both thresholds. */
    public boolean accepts(double value) {
        return (Double.isNaN(atMost) || value <= atMost) && (Double.isNaN(atLeast) || value >= atLeast);
    }

    /** Short label: {@code "delay P75 at 75 %"}. */
    public String label() {
        return metric.name() + " P" + Format.number(percentile) + " at " + Format.number(confidence) + " %";
    }

    /** The thresholds: {@code "atMost 60 ms"}, {@code "atLeast 80 Mbit/s"}. */
    public String thresholds() {
        StringBuilder text = new StringBuilder();
        if (!Double.isNaN(atLeast)) {
            text.append("atLeast ").append(metric.format(atLeast));
        }
        if (!Double.isNaN(atMost)) {
            text.append(text.length() > 0 ? ", " : "").append("atMost ").append(metric.format(atMost));
        }
        return text.toString();
    }
}
