package org.triscale.engine.sequential;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.sizing.Sizing;

/**
 * What a sequential KPI bounds and when it may stop.
 *
 * @param percentile percentile of the run metrics, in (0, 100)
 * @param confidence confidence of each one-sided bound in percent, in (50, 100)
 * @param side       the assertion: {@link Side#UPPER} for "the percentile is at most the threshold",
 *                   {@link Side#LOWER} for "at least"
 * @param threshold  the assertion's threshold, NaN for none (no pass/fail decision)
 * @param precision  the precision target: the relative half-width of the two-sided interval at
 *                   the confidence, e.g. 0.01 for ±1 %; NaN for none
 * @param tunedFor   the number of runs the boundary is tightest for, ≥ 1
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record SequentialSpec(double percentile, double confidence, Side side, double threshold, double precision,
                             int tunedFor) {

    /** Checks every component; the message names the component, its value, the valid range and the fix. */
    public SequentialSpec {
        Arguments.percent("percentile", percentile);
        if (!(confidence > 50 && confidence < 100)) {
            throw new IllegalArgumentException("confidence must be in (50, 100), got " + confidence
                    + "; give it in percent, e.g. 95 (a one-sided bound at 50 % or less says nothing)");
        }
        Arguments.notNull("side", side);
        if (Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("threshold must be finite or NaN (no threshold), got " + threshold);
        }
        if (!Double.isNaN(precision)) {
            Arguments.positive("precision", precision);
        }
        Arguments.atLeast("tunedFor", tunedFor, 1);
    }

    /**
     * A spec without threshold or precision target, tuned for the fixed-N minimum of the percentile
     * and confidence ({@link Sizing#oneSided}), so that the sequence is defined about as early as
     * the fixed-N bound.
     *
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (50, 100)
     * @param side       the side the assertion bounds
     * @return the spec
     */
    public static SequentialSpec of(double percentile, double confidence, Side side) {
        Arguments.percent("percentile", percentile);
        Arguments.percent("confidence", confidence);
        return new SequentialSpec(percentile, confidence, side, Double.NaN, Double.NaN,
                Sizing.oneSided(percentile, confidence, 0));
    }

    /**
     * The same spec with a threshold.
     *
     * @param value the threshold, finite
     * @return the new spec
     */
    public SequentialSpec withThreshold(double value) {
        if (Double.isNaN(value)) {
            throw new IllegalArgumentException("threshold must be a finite number, got NaN");
        }
        return new SequentialSpec(percentile, confidence, side, value, precision, tunedFor);
    }

    /**
     * The same spec with a precision target.
     *
     * @param relativeHalfWidth target relative half-width, finite and &gt; 0 (0.01 for ±1 %)
     * @return the new spec
     */
    public SequentialSpec withPrecision(double relativeHalfWidth) {
        return new SequentialSpec(percentile, confidence, side, threshold, Arguments.positive("precision",
                relativeHalfWidth), tunedFor);
    }

    /**
     * The same spec with the boundary tuned for another number of runs: choose the number of runs
     * at which a decision is expected (a quarter of the maximum is a good default when unknown).
     *
     * @param runs number of runs, ≥ 1
     * @return the new spec
     */
    public SequentialSpec withTunedFor(int runs) {
        return new SequentialSpec(percentile, confidence, side, threshold, precision, runs);
    }

    /** Whether a threshold is set. */
    boolean hasThreshold() {
        return !Double.isNaN(threshold);
    }

    /** Whether a precision target is set. */
    boolean hasPrecision() {
        return !Double.isNaN(precision);
    }
}
