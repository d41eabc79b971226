package org.triscale.results.internal.verdict;

import org.triscale.engine.sequential.Decision;
import org.triscale.engine.sequential.SequentialStep;
import org.triscale.results.internal.model.StopReason;

import java.util.OptionalInt;

/**
 * The anytime-valid KPI of one series of an adaptive test, at the run the series stopped.
 *
 * @param step       the sequential KPI after the series' last run
 * @param stopReason why the series stopped
 * @param stopRun    the series' last run
 * @param maxCount   the most runs per series
 * @param runsLeft   runs the KPI was predicted to still need, empty when unknown (0 once done)
 * @param fallbackConfidence the confidence of the fixed-N KPI that judges the KPI if it {@linkplain
 *                   #fallback() falls back}, in percent (NaN without a valid run)
 */
public record SequentialOutcome(SequentialStep step, StopReason stopReason, int stopRun,
                                int maxCount, OptionalInt runsLeft, double fallbackConfidence) {

    /**
     * Whether the verdict falls back to the fixed-N KPI: the series reached {@code maxCount} with
     * this KPI undecided.
     *
     * @return {@code true} for the fixed-N verdict
     */
    public boolean fallback() {
        return stopReason == StopReason.MAX_COUNT && step.decision() == Decision.UNDECIDED;
    }
}
