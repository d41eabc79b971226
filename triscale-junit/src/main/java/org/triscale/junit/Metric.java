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
 * Declares a metric of a {@link Runs} test: how the samples one run records under
 * {@link #name()} become that run's single value, for example the 95th percentile of the one-way
 * delays of a run's packets ({@code @Metric(name = "delay", samplePercentile = 95, unit = "ms")}).
 *
 * <p>Every name given to {@link RunContext} must be declared here. Each run must record at least
 * one finite sample (or its value) of every declared metric; a run that does not fails.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(UsageCheck.class)
@Repeatable(Metric.List.class)
@API(status = API.Status.MAINTAINED, since = "0.1.0")
// The registered check is package-private: JUnit instantiates it reflectively, no client names it (by design).
@SuppressWarnings("exports")
public @interface Metric {

    /**
     * Name used with {@link RunContext#recordSample(String, double, double)}, {@link Kpi#metric()} and
     * {@link VariabilityScore#metric()}; not blank, unique per test.
     *
     * @return the name
     */
    String name();

    /**
     * Percentile of the run's samples that is the run's value, in percent: in [1, 100);
     * {@code NaN} (the default) means not set. Setting it makes the {@link #statistic()} that
     * percentile; it cannot be combined with {@code MEAN}, {@code MINIMUM} or {@code MAXIMUM}.
     *
     * @return the percentile of the samples, or NaN
     */
    double samplePercentile() default Double.NaN;

    /**
     * Statistic of the run's samples: the median (default), the mean, the minimum, the maximum,
     * or the {@link #samplePercentile()} ({@link Statistic#PERCENTILE}, which requires it).
     *
     * @return the statistic
     */
    Statistic statistic() default Statistic.MEDIAN;

    /**
     * Unit shown in messages and reports, for example {@code "ms"} or {@code "Mbit/s"}.
     *
     * @return the unit, empty for none
     */
    String unit() default "";

    /**
     * Unit of the x of samples recorded with x ({@code RunContext.recordSamples(name, x, y)}), shown
     * on the convergence charts: seconds by default, as the emulator's and the log parsers' time
     * series are; empty for none.
     *
     * @return the unit of the recorded x
     */
    String xUnit() default "s";

    /**
     * Range {@code {min, max}} the metric's values can take (e.g. {@code {0, 120}} for a
     * throughput on a 120 Mbit/s link), used to normalise samples in the convergence test and by
     * the {@code TRISCALE} mode's trend check; empty (the default) uses the observed minimum and
     * maximum.
     *
     * @return empty, or two finite values with {@code min < max}
     */
    double[] bounds() default {};

    /** Container of repeated {@link Metric} annotations; written by the compiler. */
    @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @ExtendWith(UsageCheck.class)
    @interface List {
        /**
         * The metrics.
         *
         * @return the metrics
         */
        Metric[] value();
    }
}
