package org.triscale.results.internal.verdict;

import org.triscale.engine.sequential.Decision;
import org.triscale.results.internal.setup.ScoreSpec;
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
 * @param sequential  the anytime-valid score of a sequel with adaptive series, else {@code null}
 */
public record ScoreOutcome(ScoreSpec spec, VariabilityResult result, double[] kpis, int needed, int lowSeries,
                    int highSeries, SequentialScoreOutcome sequential) {

    /** A score of a fixed number of series. */
    public ScoreOutcome(ScoreSpec spec, VariabilityResult result, double[] kpis, int needed, int lowSeries,
                        int highSeries) {
        this(spec, result, kpis, needed, lowSeries, highSeries, null);
    }

    /** Whether the verdict rests on the anytime-valid score: adaptive series, and the score decided. */
    public boolean sequentialVerdict() {
        return sequential != null && !sequential.fallback();
    }

    /** Whether the score could be computed; a sequential verdict always can. */
    public boolean defined() {
        return sequentialVerdict() || (result != null && result.defined());
    }

    /** Whether the score is defined and meets its thresholds. */
    public boolean passed() {
        if (sequentialVerdict()) {
            return sequential.step().decision() == Decision.PASS;
        }
        return defined() && (Double.isNaN(spec.atMost()) || result.score() <= spec.atMost())
                && (Double.isNaN(spec.relativeAtMost()) || result.relativeScore() <= spec.relativeAtMost());
    }
}
