package org.triscale.results.internal.setup;

import org.triscale.results.internal.common.Format;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.sizing.Sizing;

/**
 * A validated {@code @VariabilityScore}.
 *
 * @param kpi            the KPI whose series values are scored
 * @param percentile     percentile of the pair, in (0, 100)
 * @param confidence     confidence in percent
 * @param atMost         threshold on the score, NaN for none
 * @param relativeAtMost threshold on the relative score (a fraction), NaN for none
 * @param joint          whether both ends hold together at the confidence
 */
public record ScoreSpec(KpiSpec kpi, double percentile, double confidence, double atMost,
                 double relativeAtMost, boolean joint) {

    /** How the interval's ends are sized. */
    public IntervalKind kind() {
        return joint ? IntervalKind.JOINT : IntervalKind.TWO_SIDED;
    }

    /** Minimal number of series for the interval. */
    public int neededSeries() {
        return joint ? Sizing.joint(percentile, confidence, 0) : Sizing.twoSided(percentile, confidence, 0);
    }

    /** The metric scored. */
    public MetricSpec metric() {
        return kpi.metric();
    }

    /** The lower percentile of the pair. */
    public double lowPercentile() {
        return Math.min(percentile, 100 - percentile);
    }

    /** The upper percentile of the pair. */
    public double highPercentile() {
        return Math.max(percentile, 100 - percentile);
    }

    /** Short label: {@code "variability score of delay (series KPIs delay P75 at 75 %)"}. */
    public String label() {
        return "variability score of " + metric().name() + " (" + Format.ordinal(lowPercentile()) + "–"
                + Format.ordinal(highPercentile()) + " percentiles of the series KPIs " + kpi.label() + ")";
    }
}
