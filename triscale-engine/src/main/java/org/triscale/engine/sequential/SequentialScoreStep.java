package org.triscale.engine.sequential;

import org.apiguardian.api.API;
import org.triscale.engine.analysis.VariabilityScores;

/**
 * The state of a {@link SequentialScore} after a number of series. Every bound is the running
 * intersection of its confidence sequence so far, so it never widens.
 *
 * @param series     series analysed (undefined KPIs excluded)
 * @param droppedNaN undefined series KPIs received and dropped
 * @param lowLower   lower bound of the lower percentile (LB); −∞ while undefined
 * @param lowUpper   upper bound of the lower percentile; +∞ while undefined
 * @param highLower  lower bound of the higher percentile; −∞ while undefined
 * @param highUpper  upper bound of the higher percentile (UB); +∞ while undefined
 * @param decision   the assertion's decision, sticky once {@link Decision#PASS} or {@link Decision#FAIL}
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record SequentialScoreStep(int series, int droppedNaN, double lowLower, double lowUpper, double highLower,
                                  double highUpper, Decision decision) {

    /**
     * The variability score {@code UB − LB}: an upper confidence bound of the range between the
     * two percentiles.
     *
     * @return the score; +∞ while an end is undefined
     */
    public double score() {
        return highUpper - lowLower;
    }

    /**
     * The relative score {@code (UB − LB) / ((UB + LB)/2)} ({@link VariabilityScores#relative}).
     *
     * @return the relative score; NaN while an end is undefined
     */
    public double relativeScore() {
        return Double.isFinite(highUpper) && Double.isFinite(lowLower)
                ? VariabilityScores.relative(lowLower, highUpper) : Double.NaN;
    }
}
