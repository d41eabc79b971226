package org.triscale.junit.internal.verdict;

import org.triscale.junit.internal.setup.KpiSpec;
import org.triscale.engine.analysis.KpiResult;

/**
 * One KPI in one series.
 *
 * @param spec       the KPI
 * @param series     the series, from 1
 * @param result     the engine's KPI, or {@code null} when no run was valid
 * @param runs       run numbers of the valid runs, in run order
 * @param values     their metric values, in run order
 * @param needed     minimal number of valid runs for the bound
 * @param boundRun   run whose metric is the bound, 0 when undefined
 * @param boundRank  1-based rank of that run's metric among the sorted valid values, 0 when undefined
 */
public record KpiOutcome(KpiSpec spec, int series, KpiResult result, int[] runs, double[] values, int needed, int boundRun,
                  int boundRank) {

    /** Whether the bound could be computed. */
    public boolean defined() {
        return result != null && result.defined();
    }

    /** The KPI value, NaN when undefined. */
    public double value() {
        return defined() ? result.value() : Double.NaN;
    }

    /** Whether the KPI is defined and meets its thresholds. */
    public boolean passed() {
        return defined() && spec.accepts(result.value());
    }
}
