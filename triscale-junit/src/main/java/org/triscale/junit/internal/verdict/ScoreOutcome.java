package org.triscale.junit.internal.verdict;

import org.triscale.junit.internal.setup.ScoreSpec;
import org.triscale.engine.analysis.VariabilityResult;

/**
 * One variability score.
 *
 * @param spec        the score
 * @param result      the engine's score, or {@code null} when no series KPI was defined
 * @param kpis        the series KPIs in series order, NaN where undefined
 * @param needed      minimal number of defined series KPIs
 * @param lowSeries   series whose KPI is the lower bound, 0 when undefined
 * @param highSeries  series whose KPI is the upper bound, 0 when undefined
 */
public record ScoreOutcome(ScoreSpec spec, VariabilityResult result, double[] kpis, int needed, int lowSeries,
                    int highSeries) {

    /** Whether the score could be computed. */
    public boolean defined() {
        return result != null && result.defined();
    }

    /** Whether the score is defined and meets its thresholds. */
    public boolean passed() {
        return defined() && (Double.isNaN(spec.atMost()) || result.score() <= spec.atMost())
                && (Double.isNaN(spec.relativeAtMost()) || result.relativeScore() <= spec.relativeAtMost());
    }
}
