package org.triscale.junit;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Requires each run's metric to pass TriScale's convergence test: the samples and their x values
 * are normalised to [−1, 1], a Theil–Sen line is fitted (Theil 1950, Sen 1968), and the run
 * converged when the {@link #confidence()} interval of its slope lies within
 * ± {@link #tolerance()} percent. The metric is then the median of the windowed metric series, as
 * TriScale defines it (Jacob et al. 2021).
 *
 * <p>A run in which a metric does not converge is aborted (reported as skipped, with the slope
 * interval and the tolerance) and excluded from every KPI. Values given with
 * {@link RunContext#recordRunValue(String, double)} are not tested, unless the metric is named
 * in {@link #metrics()}, in which case recording its run value is an error.
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
public @interface ConvergenceRequired {

    /**
     * Confidence in percent of the slope interval, in [1, 100).
     *
     * @return the confidence
     */
    double confidence() default 95;

    /**
     * Tolerance on the normalised slope in percent, {@code > 0}: 5 % for an analysis, 1 % for the
     * design of an experiment (TriScale's advice).
     *
     * @return the tolerance
     */
    double tolerance() default 5;

    /**
     * Names of the metrics that must converge; empty (the default) means every {@link Metric}
     * whose samples are recorded.
     *
     * @return the metric names
     */
    String[] metrics() default {};
}
