package org.triscale.junit;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

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
 * <p>Every metric with a {@link Kpi} is gated (or those named in {@link #metrics()}). When the
 * execution ran the baseline's seeds (same base seed {@code triscale.seed}, same series and runs)
 * the comparison is <b>paired</b>: run by run, by an exact Wilcoxon signed-rank test of the
 * per-run changes and their Hodges–Lehmann estimate; otherwise <b>unpaired</b>: the series medians
 * by an exact rank-sum test and the Hodges–Lehmann shift. Each test is one-sided at α = 1 %
 * ({@code triscale.baseline.alpha}); the change's interval has confidence 1 − 2α. The outcome is
 * one of:
 * <ul>
 *   <li><b>regressed</b>: worse, significantly, and the estimated change is beyond the
 *       {@link #tolerance()}: the verdict fails, and the message gives the design, the change with
 *       its interval, the tolerance, the change the design detects and the file to update if the
 *       change is intended;</li>
 *   <li><b>unchanged</b>: the interval of the change lies inside ±tolerance (equivalence shown):
 *       the verdict passes;</li>
 *   <li><b>improved</b>: better, significantly: the verdict passes and says how to update;</li>
 *   <li><b>inconclusive</b>: anything else ("cannot tell"), too few valid series or runs, or a
 *       test bed whose fingerprint differs from the baseline's: the verdict fails or warns
 *       ({@code triscale.baseline.inconclusive}); it never passes silently.</li>
 * </ul>
 * A missing baseline fails or is only recorded ({@code triscale.baseline.missing}); with
 * {@code -Dtriscale.baseline.update=true} the execution writes its sequel as the new baseline and
 * prints what changed. Every execution appends its sequel to a history
 * ({@code target/triscale/history/<class>.<method>.jsonl}); only unchanged and improved sequels
 * (and explicit updates) may feed a baseline ({@link #fromHistory()}).
 *
 * <p><b>Interleaved</b> ({@link #interleaved()}): when the test can run the reference itself (two
 * CCAs, the old and the new code behind a parameter), every run runs twice in the same launch, as
 * the {@link Arm#REFERENCE} and as the {@link Arm#CANDIDATE}, back to back on the run's seed in an
 * order drawn by a seeded fair coin per pair; the method branches on {@link RunContext#arm()} (or
 * takes an {@link Arm} parameter). The gate then compares the candidate's runs with the reference's
 * of the same launch by the per-run signed-rank test, exact whatever the test bed's drift, day or
 * launch shift (randomised multiple interleaved trials, Abedi &amp; Brecht 2017): no baseline file
 * is read or written and no launch-to-launch variation enters the decision. The KPIs, scores and
 * checks judge the candidate's runs. See {@code docs/regression-gate.md}.
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
     * The change that does not matter, as a fraction of the baseline ({@code 0.05} for ±5 %): a
     * regression must exceed it, and "unchanged" means the change's interval lies inside it. A
     * negative value (the default) is fixed before the new sequel ran: the baseline's variability
     * score of its series medians (the 25th–75th percentiles at 75 %, relative to their middle), at
     * most 2 %, never below the floor {@code triscale.baseline.tolerance.floor} (1 % unless set; a
     * deterministic test bed has a score of 0, and a 0.2 % change then must not fail CI as
     * "inconclusive"); unless the runs are declared independent it is raised to what two launches of
     * unchanged code differ by, estimated from the history or bounded by
     * {@code triscale.baseline.launchShift} while the history is short. Set at most one of
     * {@code tolerance} and {@link #absoluteTolerance()}.
     *
     * @return the relative tolerance, {@code >= 0}, or negative for the default
     */
    double tolerance() default -1;

    /**
     * The change that does not matter, in the metric's unit (e.g. {@code 20} for ±20 ms); negative
     * (the default) for none. With several gated metrics in different units, prefer
     * {@link #tolerance()}.
     *
     * @return the absolute tolerance, {@code >= 0}, or negative for none
     */
    double absoluteTolerance() default -1;

    /**
     * What the unpaired comparison compares: the series (their medians; exact when series are
     * exchangeable, the default) or every run (more power, exact only when all runs are
     * exchangeable, e.g. an emulator driven by seeds). The paired comparison always compares runs.
     *
     * @return the comparison unit
     */
    Compare compare() default Compare.SERIES;

    /**
     * Number K of accepted sequels of the history (those whose verdict passed with every gated metric
     * unchanged or improved, or that updated the baseline, with the same fingerprint) that form the
     * baseline, the most recent first; {@code 0} (the default) uses the
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

    /**
     * Whether every run runs twice in this launch, as the reference and as the candidate, and the
     * gate compares the two arms instead of a baseline file ({@code false} by default). Each pair
     * runs back to back on the run's seed, the reference first or second by a fair coin seeded by
     * the run's seed (replayed with it); the method reads {@link RunContext#arm()} (or takes an
     * {@link Arm} parameter) to run the reference or the candidate code. The comparison is the
     * interleaved design of {@code Sequel.interleave}: its false-alarm rate is at most α whatever
     * the drift, and power is that of independent pairs. The sequel is still appended to the
     * history (the candidate's runs); {@link #fromHistory()}, {@link #file()}, adaptive runs or
     * series, shards and parallel runs do not apply and are refused. Costs twice the runs.
     *
     * @return whether the reference runs interleaved in the same launch
     */
    boolean interleaved() default false;

    /** Which side of an {@linkplain #interleaved() interleaved} pair a run is. */
    enum Arm {
        /** The accepted code: the old implementation, the reference CCA. */
        REFERENCE,
        /** The code under test: the new implementation, the candidate CCA. */
        CANDIDATE
    }

    /** Which way of a gated metric is better. */
    enum Direction {
        /** From the metric's {@link Kpi}: {@code atMost} is lower is better, {@code atLeast} higher. */
        FROM_KPI,
        /** Less is better: flow completion time, delay, loss. */
        LOWER_IS_BETTER,
        /** More is better: throughput, goodput. */
        HIGHER_IS_BETTER
    }

    /** What the gate's unpaired comparison compares. */
    enum Compare {
        /** One value per series, the median of its valid run metrics. */
        SERIES,
        /** Every valid run metric. */
        RUNS
    }
}
