package org.triscale.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A key performance indicator the verdict checks in every series: a one-sided, distribution-free
 * confidence bound (Thompson 1936) of a percentile of the run metrics, compared to a threshold.
 *
 * <p>The side follows the percentile, as in TriScale: above 50 the KPI is an upper bound ("with
 * 75 % confidence the 75th percentile of delay is at most 61.2 ms"), below 50 a lower bound; for
 * the median the threshold chooses it ({@link #atMost()} gives an upper bound,
 * {@link #atLeast()} a lower bound). The verdict fails when the KPI of any series is above
 * {@link #atMost()} or below {@link #atLeast()}. The confidence statement covers the threshold
 * when the side matches it ({@code atMost} with a percentile of 50 or more, {@code atLeast} with
 * 50 or less), the usual TriScale setup.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Repeatable(Kpi.List.class)
public @interface Kpi {

    /**
     * Name of a declared {@link Metric}.
     *
     * @return the metric name
     */
    String metric();

    /**
     * Percentile in the open interval (0, 100); {@code NaN} (the default) uses
     * {@link Runs#percentile()}.
     *
     * @return the percentile
     */
    double percentile() default Double.NaN;

    /**
     * Confidence in percent in the open interval (0, 100); {@code NaN} (the default) uses
     * {@link Runs#confidence()}.
     *
     * @return the confidence
     */
    double confidence() default Double.NaN;

    /**
     * Largest acceptable KPI value; {@code NaN} (the default) for no upper threshold. At least one
     * of {@code atMost} and {@link #atLeast()} is required.
     *
     * @return the upper threshold
     */
    double atMost() default Double.NaN;

    /**
     * Smallest acceptable KPI value; {@code NaN} (the default) for no lower threshold.
     *
     * @return the lower threshold
     */
    double atLeast() default Double.NaN;

    /** Container of repeated {@link Kpi} annotations; written by the compiler. */
    @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @interface List {
        /**
         * The KPIs.
         *
         * @return the KPIs
         */
        Kpi[] value();
    }
}
