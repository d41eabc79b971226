package org.triscale.results.internal.verdict;

import org.triscale.results.internal.model.StopReason;
import org.triscale.results.internal.setup.ScoreSpec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the stopping rule of a sequel with adaptive series had decided when the sequel was handed to
 * the verdict: an immutable copy of {@link AdaptiveSequel}, which later series do not change.
 *
 * @param series     series ended: the stopping series once stopped
 * @param stopReason why the sequel stopped, or {@code null} while it ran
 * @param scores     each score's anytime-valid outcome, in the setup's order
 */
public record SequelDecision(int series, StopReason stopReason, Map<ScoreSpec, SequentialScoreOutcome> scores) {

    /** Copies the map, keeping its order. */
    public SequelDecision {
        scores = Collections.unmodifiableMap(new LinkedHashMap<>(scores));
    }

    /**
     * One score's outcome.
     *
     * @param score one of the setup's scores
     * @return its outcome
     */
    public SequentialScoreOutcome score(ScoreSpec score) {
        return scores.get(score);
    }
}
