package org.triscale.engine.baseline;

import org.apiguardian.api.API;

/**
 * A sequel's KPIs for the gate's context: TriScale's KPI of each series (a one-sided Thompson
 * bound of its valid run metrics), their median, and their variability score (the width of the
 * two-sided Thompson interval of a percentile pair, Jacob et al. 2021).
 *
 * @param seriesKpis    the KPI of each series, NaN where a series has too few valid runs
 * @param median        median of the defined series KPIs, NaN when none
 * @param scoreLower    lower bound value of the score's interval, NaN when undefined
 * @param scoreUpper    upper bound value, NaN when undefined
 * @param score         {@code scoreUpper − scoreLower}, NaN with too few series
 * @param relativeScore the score divided by the midpoint of its bound values
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record SequelKpis(double[] seriesKpis, double median, double scoreLower, double scoreUpper, double score,
                         double relativeScore) {

    /** Copies the array. */
    public SequelKpis {
        seriesKpis = seriesKpis.clone();
    }

    /** The KPI of each series (a copy). */
    @Override
    public double[] seriesKpis() {
        return seriesKpis.clone();
    }
}
