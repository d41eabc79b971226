package org.triscale.results.internal.verdict;

import org.triscale.engine.sequential.Decision;
import org.triscale.engine.sequential.SequentialScoreStep;
import org.triscale.results.internal.model.StopReason;

/**
 * The anytime-valid variability score of a sequel with adaptive series, at the series it stopped.
 *
 * @param step               the sequential score after the last series
 * @param stopReason         why the sequel stopped
 * @param stopSeries         the sequel's last series
 * @param maxCount           the most series
 * @param fallbackConfidence the confidence of each end of the fixed-N score that judges the score
 *                           if it {@linkplain #fallback() falls back}, in percent (NaN without a
 *                           defined series KPI)
 */
public record SequentialScoreOutcome(SequentialScoreStep step, StopReason stopReason, int stopSeries,
                                     int maxCount, double fallbackConfidence) {

    /**
     * Whether the verdict falls back to the fixed-N score: the sequel reached {@code maxCount}
     * with this score undecided.
     *
     * @return {@code true} for the fixed-N verdict
     */
    public boolean fallback() {
        return step.decision() == Decision.UNDECIDED;
    }
}
