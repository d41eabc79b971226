package org.triscale.engine.comparison;

import org.apiguardian.api.API;

/**
 * Where the tolerance of one comparison came from: the default ({@link #SCORE} or
 * {@link #LIMIT}, whichever is smaller, raised to the {@link #FLOOR}) or the settings' explicit value.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum ToleranceSource {
    /** The variability score that applies to the comparison, smaller than {@link Tolerance#DEFAULT_LIMIT}. */
    SCORE,
    /**
     * {@link Tolerance#DEFAULT_LIMIT} of the reference: the score was larger, or undefined (too few
     * series for its interval).
     */
    LIMIT,
    /**
     * The floor of the default ({@link Tolerance#DEFAULT_FLOOR} unless set): the score was smaller,
     * e.g. 0 on a deterministic test bed.
     */
    FLOOR,
    /** An explicit fraction of the reference. */
    RELATIVE,
    /** An explicit amount in the metric's unit. */
    ABSOLUTE,
    /**
     * The launch-to-launch variation estimated from the accepted launches of the history, larger
     * than the score or the floor ({@link SequelComparison#withLaunchVariation}).
     */
    HISTORY,
    /**
     * The configured bound on the launch-to-launch variation, while the history holds too few
     * accepted launches ({@link SequelComparison#withLaunchVariation}).
     */
    LAUNCH_BOUND
}
