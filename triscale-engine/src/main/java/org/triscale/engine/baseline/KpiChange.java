package org.triscale.engine.baseline;

import org.apiguardian.api.API;

/**
 * How TriScale's KPI moved, for context: the median of the series KPIs before and after, and the
 * baseline's variability score. It explains the change; the decision is the comparison's.
 *
 * @param baselineKpis   the baseline's series KPIs, NaN where a series had too few valid runs
 * @param newKpis        the new sequel's series KPIs, NaN where undefined
 * @param oldValue       median of the baseline's defined series KPIs, NaN when none
 * @param newValue       median of the new defined series KPIs, NaN when none
 * @param change         {@code newValue − oldValue}
 * @param relativeChange {@code change / |oldValue|}
 * @param score          the baseline's variability score (width of the two-sided Thompson
 *                       interval of the percentile pair of its series KPIs), NaN with too few
 *                       series
 * @param relativeScore  the score divided by the midpoint of its bound values
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record KpiChange(double[] baselineKpis, double[] newKpis, double oldValue, double newValue, double change,
                        double relativeChange, double score, double relativeScore) {

    /** Copies the arrays. */
    public KpiChange {
        baselineKpis = baselineKpis.clone();
        newKpis = newKpis.clone();
    }

    /** The baseline's series KPIs (a copy). */
    @Override
    public double[] baselineKpis() {
        return baselineKpis.clone();
    }

    /** The new sequel's series KPIs (a copy). */
    @Override
    public double[] newKpis() {
        return newKpis.clone();
    }
}
