package org.triscale.results.internal.verdict;

import org.triscale.results.internal.setup.KpiSpec;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.sequential.Decision;

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
 * @param sequential the anytime-valid KPI of an adaptive series, else {@code null}; unless it
 *                   {@linkplain SequentialOutcome#fallback() falls back} to the fixed-N KPI, it
 *                   decides the outcome, and {@code result} (the fixed-N KPI of the same runs) only
 *                   serves the checks
 */
public record KpiOutcome(KpiSpec spec, int series, KpiResult result, int[] runs, double[] values, int needed, int boundRun,
                  int boundRank, SequentialOutcome sequential) {

    /** Whether the outcome is the sequential KPI's (an adaptive series that did not fall back). */
    public boolean sequentialVerdict() {
        return sequential != null && !sequential.fallback();
    }

    /** Whether the bound could be computed; a sequential verdict always can. */
    public boolean defined() {
        return sequentialVerdict() || (result != null && result.defined());
    }

    /** The KPI value, NaN when undefined (for a sequential verdict, when its bound is not yet finite). */
    public double value() {
        if (sequentialVerdict()) {
            double bound = sequential.step().kpi(spec.side());
            return Double.isFinite(bound) ? bound : Double.NaN;
        }
        return defined() ? result.value() : Double.NaN;
    }

    /** Whether the KPI is defined and meets its thresholds; a sequential verdict when decided pass. */
    public boolean passed() {
        if (sequentialVerdict()) {
            return sequential.step().decision() == Decision.PASS;
        }
        return defined() && spec.accepts(result.value());
    }
}
