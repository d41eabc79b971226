package org.triscale.engine.comparison;

import org.apiguardian.api.API;

/**
 * On which scale a change between two sequels is measured.
 *
 * <p>{@link #LOG_RATIO} for metrics that are positive in both sequels (times, rates, counts above
 * zero): changes are {@code log(candidate / reference)} and reported as relative changes
 * {@code exp(·) − 1}, so that a build 5 % slower on every run has the same change on a fast and a
 * slow run. {@link #DIFFERENCE} when a value is 0 or negative: changes are
 * {@code candidate − reference} in the metric's unit.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum ChangeScale {
    /** Log of the ratio; reported as a relative change. */
    LOG_RATIO,
    /** Difference in the metric's unit. */
    DIFFERENCE;

    /**
     * The scale for these values: {@link #LOG_RATIO} if all finite values are positive, else
     * {@link #DIFFERENCE}.
     *
     * @param sequels run metrics; NaN is ignored
     * @return the scale
     */
    static ChangeScale of(double[]... sequels) {
        for (double[] values : sequels) {
            for (double v : values) {
                if (v <= 0) {
                    return DIFFERENCE;
                }
            }
        }
        return LOG_RATIO;
    }

    /** The change from {@code reference} to {@code candidate} on this scale. */
    double change(double reference, double candidate) {
        return this == LOG_RATIO ? Math.log(candidate / reference) : candidate - reference;
    }

    /** A value of the metric on this scale (its log, or itself). */
    double transform(double value) {
        return this == LOG_RATIO ? Math.log(value) : value;
    }

    /** A change on this scale as reported: relative ({@code exp(c) − 1}) or in the metric's unit. */
    double reported(double change) {
        return this == LOG_RATIO ? Math.expm1(change) : change;
    }

    /** The inverse of {@link #reported}. */
    double fromReported(double reported) {
        return this == LOG_RATIO ? Math.log1p(reported) : reported;
    }
}
