package org.triscale.junit;

import org.junit.jupiter.api.extension.ExtendWith;
import org.triscale.junit.internal.setup.UsageCheck;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The regression gate: compares every execution of a {@link Runs} test with a baseline, an
 * accepted sequel of the same test kept in a file committed with the tests, and fails the verdict
 * when a gated metric regressed.
 *
 * <p>Every metric with a {@link Kpi} is gated (or those named in {@link #metrics()}). For each,
 * a one-sided rank-sum test (Wilcoxon 1945; Mann &amp; Whitney 1947, exact permutation
 * distribution) compares the medians of the new series' run metrics with the baseline's, at
 * α = 1 % ({@code triscale.baseline.alpha}). The outcome is one of:
 * <ul>
 *   <li><b>regressed</b>: worse beyond the allowance, significantly: the verdict fails, and the
 *       message gives the old and new KPI (median of the series KPIs), the change, the baseline's
 *       variability score, the p-value and the file to update if the change is intended;</li>
 *   <li><b>improved</b>: better, significantly: the verdict passes and says how to update;</li>
 *   <li><b>unchanged</b>: the verdict passes;</li>
 *   <li><b>inconclusive</b>: too few valid series or runs to decide, or the test bed's fingerprint
 *       differs from the baseline's: the verdict fails or warns ({@code triscale.baseline.inconclusive});
 *       it never passes silently.</li>
 * </ul>
 * A missing baseline fails or is only recorded ({@code triscale.baseline.missing}); with
 * {@code -Dtriscale.baseline.update=true} the execution writes its sequel as the new baseline and
 * prints what changed. Every execution appends its sequel to a history
 * ({@code target/triscale/history/<class>.<method>.jsonl}), which can feed the baseline
 * ({@link #fromHistory()}). See {@code docs/regression-gate.md}.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(UsageCheck.class)
public @interface Baseline {

    /**
     * Names of the gated metrics; empty (the default) gates every metric that has a {@link Kpi}.
     *
     * @return the metric names
     */
    String[] metrics() default {};

    /**
     * Which way of the gated metrics is better; {@link Direction#FROM_KPI} (the default) follows
     * each metric's {@link Kpi} thresholds: {@code atMost} means lower is better, {@code atLeast}
     * higher is better.
     *
     * @return the direction
     */
    Direction direction() default Direction.FROM_KPI;

    /**
     * How much worse a metric may get, in its unit, before it counts as a regression; {@code 0}
     * (the default) for none. With several gated metrics in different units, prefer
     * {@link #relativeAllowance()}.
     *
     * @return the absolute allowance, finite and {@code >= 0}
     */
    double allowance() default 0;

    /**
     * How much worse a metric may get, as a fraction of the baseline ({@code 0.05} is 5 %), before
     * it counts as a regression; {@code 0} (the default) for none. With both allowances a
     * regression must exceed both.
     *
     * @return the relative allowance, in [0, 1)
     */
    double relativeAllowance() default 0;

    /**
     * What the rank test compares: the series (their medians; exact when series are
     * exchangeable, the default) or every run (more power, exact only when all runs are
     * exchangeable, e.g. an emulator driven by seeds).
     *
     * @return the comparison unit
     */
    Compare compare() default Compare.SERIES;

    /**
     * Number K of accepted sequels of the history (those whose verdict passed, with the same
     * fingerprint) that form the baseline, the most recent first; {@code 0} (the default) uses the
     * configuration parameter {@code triscale.baseline.from.history}, itself 0: the committed
     * baseline file. When the history holds no such sequel, the file is used.
     *
     * @return K, {@code >= 0}
     */
    int fromHistory() default 0;

    /**
     * The baseline file, relative to the module's folder, ending in {@code .json}; empty (the
     * default) is {@code <triscale.baseline.dir>/<class>/<method>.json}, the folder defaulting to
     * {@code src/test/resources/triscale/baselines}. Absolute paths and {@code ..} are rejected:
     * the file stays inside the project.
     *
     * @return the file, or empty for the default
     */
    String file() default "";

    /**
     * The scenario the test runs (a name or a hash of its parameters), part of the fingerprint: a
     * baseline of another scenario is not compared. Empty (the default) for none; a test may also
     * report it at run time with {@link RunContext#testBed(String, String)}.
     *
     * @return the scenario
     */
    String scenario() default "";

    /**
     * User tags of the test bed, {@code "key=value"}, part of the fingerprint (e.g.
     * {@code "runner=lab-3"}); the configuration parameter {@code triscale.baseline.tags} adds
     * comma-separated tags and overrides equal keys.
     *
     * @return the tags
     */
    String[] tags() default {};

    /**
     * Machine entries of the fingerprint that are not compared: any of {@code "java"} (feature
     * version), {@code "os"}, {@code "arch"} and {@code "cpus"}. Leave them out only when the
     * results do not depend on the machine, e.g. a deterministic emulator driven by seeds; they are
     * still recorded. Empty (the default) compares them all.
     *
     * @return the entries not compared
     */
    String[] ignoreInFingerprint() default {};

    /** Which way of a gated metric is better. */
    enum Direction {
        /** From the metric's {@link Kpi}: {@code atMost} is lower is better, {@code atLeast} higher. */
        FROM_KPI,
        /** Less is better: flow completion time, delay, loss. */
        LOWER_IS_BETTER,
        /** More is better: throughput, goodput. */
        HIGHER_IS_BETTER
    }

    /** What the gate's rank test compares. */
    enum Compare {
        /** One value per series, the median of its valid run metrics. */
        SERIES,
        /** Every valid run metric. */
        RUNS
    }
}
