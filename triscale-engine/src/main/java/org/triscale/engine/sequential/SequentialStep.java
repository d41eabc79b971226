package org.triscale.engine.sequential;

import org.apiguardian.api.API;
import org.triscale.engine.analysis.Side;

/**
 * The state of a sequential KPI after a number of runs. Every bound is the running intersection
 * of the confidence sequence so far, so it never widens.
 *
 * @param runs              runs analysed (NaN values excluded)
 * @param droppedNaN        NaN values received and dropped
 * @param lower             lower bound of the percentile, holding at every run with probability
 *                          ≥ the confidence; −∞ while undefined
 * @param upper             upper bound of the percentile, same promise; +∞ while undefined
 * @param estimate          the sample percentile (nearest rank), NaN before the first run
 * @param relativeHalfWidth half-width of the precision interval divided by |estimate| (the
 *                          interval's two ends each hold at (1 + c)/2, jointly at c); +∞ while
 *                          undefined or when the estimate is 0 and the interval is not a point, 0 when
 *                          the interval has collapsed; NaN without a precision target
 * @param decision          the assertion's decision: sticky once {@link Decision#PASS} or
 *                          {@link Decision#FAIL}
 * @param precisionReached  whether the precision target is met
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record SequentialStep(int runs, int droppedNaN, double lower, double upper, double estimate,
                             double relativeHalfWidth, Decision decision, boolean precisionReached) {

    /**
     * The KPI: the bound on the side of the assertion.
     *
     * @param side the assertion's side
     * @return {@link #upper()} for {@link Side#UPPER}, {@link #lower()} for {@link Side#LOWER}
     */
    public double kpi(Side side) {
        return side == Side.UPPER ? upper : lower;
    }

    /**
     * Whether the runs may stop here: the assertion is decided or the precision target is met.
     *
     * @return {@code true} to stop
     */
    public boolean stop() {
        return decision != Decision.UNDECIDED || precisionReached;
    }
}
