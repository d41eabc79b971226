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
 * A variability score the verdict checks across the series (TriScale's reproducibility measure):
 * the width {@code UB − LB} of a two-sided distribution-free confidence interval of the
 * {@link #percentile()} pair (e.g. 25th and 75th) of the series KPIs of {@link #metric()}. Read
 * it as: with that confidence, half of the series give KPIs within the score of each other.
 *
 * <p>The score is computed over the series KPIs of the metric's {@link Kpi}; when the metric has
 * several, {@link #kpiPercentile()} names the scored one (required then). It needs several series:
 * with {@code @Series(count = 1)} it is a configuration error.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(UsageCheck.class)
@Repeatable(VariabilityScore.List.class)
@API(status = API.Status.MAINTAINED, since = "0.1.0")
// The registered check is package-private: JUnit instantiates it reflectively, no client names it (by design).
@SuppressWarnings("exports")
public @interface VariabilityScore {

    /**
     * Name of a declared {@link Metric} that has a {@link Kpi}.
     *
     * @return the metric name
     */
    String metric();

    /**
     * Largest acceptable score, in the metric's unit; {@code NaN} (the default) for none. At least
     * one of {@code atMost} and {@link #relativeAtMost()} is required.
     *
     * @return the threshold on the score
     */
    double atMost() default Double.NaN;

    /**
     * Largest acceptable relative score: the score divided by the midpoint of the two bound values,
     * as a fraction ({@code 0.1} is 10 %); {@code NaN} (the default) for none.
     *
     * @return the threshold on the relative score
     */
    double relativeAtMost() default Double.NaN;

    /**
     * Percentile of the pair of series KPIs whose interval is the score, in percent: in [1, 100)
     * (75 and 25 give the same pair); {@code NaN} (the default) uses
     * {@link Series#scorePercentile()}. It does not select the scored KPI: see
     * {@link #kpiPercentile()}.
     *
     * @return the percentile
     */
    double percentile() default Double.NaN;

    /**
     * Confidence in percent, in [1, 100); {@code NaN} (the default) uses
     * {@link Series#scoreConfidence()}.
     *
     * @return the confidence
     */
    double confidence() default Double.NaN;

    /**
     * Percentile of the {@link Kpi} whose series values are scored; {@code NaN} (the default)
     * takes the metric's only {@code Kpi}, and is a configuration error when it has several.
     *
     * @return the KPI percentile
     */
    double kpiPercentile() default Double.NaN;

    /**
     * Whether both ends of the interval must hold together with the confidence. {@code false}
     * (the default) is TriScale's interval: each end holds with the confidence on its own, so the
     * pair (for a percentile other than the median) holds jointly with probability at least
     * 2c − 100 %. {@code true} sizes the interval so that the pair holds jointly at the confidence;
     * it needs a few more series (for the 25th/75th pair at 75 %: 8 instead of 5).
     *
     * @return whether the interval is joint
     */
    boolean joint() default false;

    /** Container of repeated {@link VariabilityScore} annotations; written by the compiler. */
    @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @ExtendWith(UsageCheck.class)
    @interface List {
        /**
         * The scores.
         *
         * @return the scores
         */
        VariabilityScore[] value();
    }
}
