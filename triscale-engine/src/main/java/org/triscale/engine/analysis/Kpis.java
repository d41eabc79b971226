package org.triscale.engine.analysis;

import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;

/**
 * Computes KPIs as TriScale's {@code analysis_kpi} does.
 *
 * <p>TODO(engine): implementation in progress.
 */
public final class Kpis {
    private Kpis() {
    }

    /**
     * Computes the KPI of a series of run metrics.
     *
     * @param values     run metrics in run order; NaN are dropped and counted
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param side       side to bound; {@code null} picks lower below 50, upper above 50 (the median
     *                   needs an explicit side)
     * @param bounds     range used by the {@code TRISCALE} trend check, or {@code null} for min/max
     * @param mode       which checks to apply
     * @return the KPI
     */
    public static KpiResult kpi(double[] values, double percentile, double confidence, Side side, ValueRange bounds,
                                Mode mode) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
