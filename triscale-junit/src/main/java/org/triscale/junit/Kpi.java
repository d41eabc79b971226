package org.triscale.junit;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

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
 * 50 or less), the usual TriScale setup; a threshold on the other side is a configuration error
 * unless {@link #oppositeSide()} accepts it.
 *
 * <p>Percentiles and confidences are in percent ({@code 95}, not {@code 0.95}).
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(UsageCheck.class)
@Repeatable(Kpi.List.class)
@API(status = API.Status.MAINTAINED, since = "0.1.0")
// The registered check is package-private: JUnit instantiates it reflectively, no client names it (by design).
@SuppressWarnings("exports")
public @interface Kpi {

    /**
     * Name of a declared {@link Metric}.
     *
     * @return the metric name
     */
    String metric();

    /**
     * Percentile of the run metrics that the KPI bounds, in percent: in [1, 100); {@code NaN}
     * (the default) uses {@link Runs#kpiPercentile()}.
     *
     * @return the percentile
     */
    double percentile() default Double.NaN;

    /**
     * Confidence in percent, in [1, 100); {@code NaN} (the default) uses
     * {@link Runs#kpiConfidence()}.
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

    /**
     * Accepts a threshold on the side the bound does not cover: {@link #atMost()} with a
     * percentile below 50 (a lower bound) or {@link #atLeast()} with one above 50 (an upper
     * bound). The confidence statement then says nothing about the threshold, so this is refused
     * unless set to {@code true}.
     *
     * @return whether a threshold on the uncovered side is intended
     */
    boolean oppositeSide() default false;

    /** Container of repeated {@link Kpi} annotations; written by the compiler. */
    @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @ExtendWith(UsageCheck.class)
    @interface List {
        /**
         * The KPIs.
         *
         * @return the KPIs
         */
        Kpi[] value();
    }
}
