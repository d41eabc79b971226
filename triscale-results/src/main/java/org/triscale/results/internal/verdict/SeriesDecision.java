package org.triscale.results.internal.verdict;

import org.triscale.results.internal.model.StopReason;
import org.triscale.results.internal.setup.KpiSpec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the stopping rule of one series of an adaptive test had decided when the sequel was handed to
 * the verdict: an immutable copy of {@link AdaptiveSeries}, which later runs do not change.
 *
 * @param runs       runs added to the series: the stopping run once stopped
 * @param stopReason why the series stopped, or {@code null} while it ran
 * @param kpis       each KPI's anytime-valid outcome, in the setup's order
 */
public record SeriesDecision(int runs, StopReason stopReason, Map<KpiSpec, SequentialOutcome> kpis) {

    /** Copies the map, keeping its order. */
    public SeriesDecision {
        kpis = Collections.unmodifiableMap(new LinkedHashMap<>(kpis));
    }

    /**
     * One KPI's outcome.
     *
     * @param kpi one of the setup's KPIs
     * @return its outcome
     */
    public SequentialOutcome kpi(KpiSpec kpi) {
        return kpis.get(kpi);
    }
}
