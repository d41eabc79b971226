package org.triscale.junit;

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
 * is sized for a two-sided bound of the {@link #percentile()} pair at the {@link #confidence()}
 * (5 series for 75/75, as in TriScale).
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Series {

    /**
     * Number of series, {@code >= 0}; {@code 0} sizes it from {@link #percentile()} and
     * {@link #confidence()}.
     *
     * @return the number of series
     */
    int count() default 1;

    /**
     * Percentile (its pair is {@code 100 - percentile}) the series are sized for, and the default
     * of each {@link VariabilityScore}, in the open interval (0, 100).
     *
     * @return the percentile
     */
    double percentile() default 75;

    /**
     * Confidence in percent the series are sized for, and the default of each
     * {@link VariabilityScore}, in the open interval (0, 100).
     *
     * @return the confidence
     */
    double confidence() default 75;
}
