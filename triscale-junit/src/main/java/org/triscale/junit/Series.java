package org.triscale.junit;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Number of series of a {@link Runs} test: the runs are repeated in each series and every
 * {@link Kpi} is computed, and must hold, per series. Several series (a <em>sequel</em>) are
 * needed for a {@link VariabilityScore}.
 *
 * <p>Without this annotation a test has one series. With {@code count = 0} the number of series
 * is sized for a two-sided bound of the {@link #scorePercentile()} pair at the
 * {@link #scoreConfidence()}
 * (5 series for 75/75, as in TriScale).
 *
 * <p>With {@code adaptive = true} the number of series is not fixed: series run from the sized
 * number on, and the sequel stops as soon as every {@link VariabilityScore} with a threshold is
 * decided by anytime-valid bounds of its percentile pair, at {@link #maxCount()} series at the
 * latest (docs/adaptive.md, "Adaptive series").
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(UsageCheck.class)
@API(status = API.Status.MAINTAINED, since = "0.1.0")
// The registered check is package-private: JUnit instantiates it reflectively, no client names it (by design).
@SuppressWarnings("exports")
public @interface Series {

    /**
     * Number of series, {@code >= 0}; {@code 0} sizes it from {@link #scorePercentile()} and
     * {@link #scoreConfidence()}.
     *
     * @return the number of series
     */
    int count() default 1;

    /**
     * Default percentile (its pair is {@code 100 - percentile}) of each {@link VariabilityScore},
     * which {@code count = 0} sizes the series for, in percent: in [1, 100).
     *
     * @return the score percentile
     */
    double scorePercentile() default 75;

    /**
     * Default confidence in percent of each {@link VariabilityScore}, which {@code count = 0}
     * sizes the series for, in [1, 100).
     *
     * @return the score confidence
     */
    double scoreConfidence() default 75;

    /**
     * Whether the sequel stops adding series once every {@link VariabilityScore} with a threshold
     * is decided, pass or fail, by anytime-valid bounds (valid however the series are stopped).
     * Requires {@link #maxCount()}; {@link #count()} then stays at its default.
     *
     * @return {@code true} for adaptive series
     */
    boolean adaptive() default false;

    /**
     * The most series of an adaptive sequel ({@code adaptive = true}), at least the number the
     * variability scores are sized for; {@code 0} (the default) without {@code adaptive}. A sequel
     * that reaches it undecided is judged by the fixed-N score at a stricter confidence that keeps
     * the score's promise over all the looks.
     *
     * @return the maximum number of series
     */
    int maxCount() default 0;
}
