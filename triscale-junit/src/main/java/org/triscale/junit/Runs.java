package org.triscale.junit;

import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Turns a test method into a TriScale performance test: the method is a <em>run</em>, repeated
 * N times per <em>series</em> (see {@link Series}), followed by one last invocation named
 * {@code verdict} that analyses the runs and checks every {@link Kpi} and
 * {@link VariabilityScore}.
 *
 * <p>N is the minimal number of runs for a one-sided distribution-free bound of each KPI's
 * percentile at its confidence, ignoring up to {@link #robustness()} extreme runs (Thompson 1936;
 * sizing as in TriScale, Jacob et al. 2021): for example 5 runs for the 75th percentile at 75 %,
 * 11 at 95 %. The most demanding {@link Kpi} decides, and {@link #kpiPercentile()} at
 * {@link #kpiConfidence()}, which are also the defaults of every {@code @Kpi} that does not set its
 * own. Give {@link #count()} to run more.
 *
 * <p>With {@link #adaptive()}, a series stops as soon as every KPI is decided: its anytime-valid
 * bound (Howard and Ramdas 2022) is on the pass side or on the fail side of the threshold, or
 * meets the {@link #precision()} target; at the latest it stops at {@link #maxCount()} runs, where
 * the verdict falls back to the fixed-N KPI. The bound stays valid however early the series
 * stops.
 *
 * <p>A method with {@code @Runs} must not also carry {@code @Test}, {@code @RepeatedTest},
 * {@code @ParameterizedTest} or {@code @TestFactory}: that is a configuration error, and the
 * method body never runs outside the extension.
 *
 * <p>Runs execute one after the other on one thread, even when the user configures
 * parallel execution, unless the test declares them {@link #independent()} and
 * {@code triscale.runs.parallelism} allows more than one at a time. The annotation may be used as a meta-annotation to compose a team's own
 * annotation.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@ExtendWith({TriscaleExtension.class, UsageCheck.class})
@Execution(ExecutionMode.SAME_THREAD)
@API(status = API.Status.MAINTAINED, since = "0.1.0")
// The registered extensions are package-private: JUnit instantiates them reflectively, no client names them (by design).
@SuppressWarnings("exports")
public @interface Runs {

    /**
     * Default percentile of each {@link Kpi} (the percentile of the run metrics it bounds), in
     * percent: in [1, 100); the runs are sized for it even without a {@code @Kpi}.
     *
     * @return the KPI percentile
     */
    double kpiPercentile();

    /**
     * Default confidence in percent of each {@link Kpi}, in [1, 100); the runs are sized for it
     * even without a {@code @Kpi}.
     *
     * @return the KPI confidence
     */
    double kpiConfidence();

    /**
     * Number of extreme runs a KPI may ignore (TriScale's robustness), {@code >= 0}. A larger
     * robustness needs more runs: the 75th percentile at 75 % needs 5 runs, 10 with robustness 1.
     *
     * @return the robustness
     */
    int robustness() default 0;

    /**
     * Number of runs per series; {@code 0} (the default) runs the sized minimum: the most that
     * {@link #kpiPercentile()} at {@link #kpiConfidence()} or any {@link Kpi} requires, with
     * {@link #robustness()}. A positive count below that minimum is a configuration error.
     *
     * @return the number of runs per series, or 0 for the sized minimum
     */
    int count() default 0;

    /**
     * What a failing independence or stationarity check does to the verdict;
     * {@link ChecksPolicy#DEFAULT} follows the configuration parameter {@code triscale.checks}
     * (itself {@code warn} by default).
     *
     * @return the checks policy
     */
    ChecksPolicy checks() default ChecksPolicy.DEFAULT;

    /**
     * Whether each series stops as soon as its KPIs are decided: after every run from the sized
     * minimum on, each {@link Kpi} gets an anytime-valid confidence sequence of its percentile
     * (Howard and Ramdas 2022), valid however and whenever the series stops. A series stops when
     * every KPI's bound is on the pass side or on the fail side of its threshold, or meets the
     * {@link #precision()} target, and at the latest at {@link #maxCount()} runs, where the verdict
     * is the fixed-N KPI of the {@code maxCount} runs. Needs {@link #maxCount()} and at least one
     * {@code @Kpi}; cannot be combined with {@link #count()}, {@link #robustness()},
     * {@link Baseline} or a {@code @Kpi} whose threshold is on the side opposite its bound.
     *
     * @return whether the runs are adaptive
     */
    boolean adaptive() default false;

    /**
     * Most runs per series of an {@link #adaptive()} test, at least the sized minimum; {@code 0}
     * (the default) only without {@code adaptive}.
     *
     * @return the most runs per series
     */
    int maxCount() default 0;

    /**
     * Precision target of an {@link #adaptive()} test: a KPI is done when the relative half-width
     * of its anytime-valid two-sided interval is at most this fraction (0.01 for ±1 %), even when
     * its threshold lies inside that interval (then it fails: its bound does not meet the
     * threshold). In (0, 1); {@code NaN} (the default) for no target.
     *
     * @return the relative half-width targeted, or NaN
     */
    double precision() default Double.NaN;

    /**
     * Declares the runs independent of each other (an emulator, ns-3 or any pure simulation whose
     * run depends on its seed only), so that up to {@code triscale.runs.parallelism} of them
     * execute at once on a pool of threads. Results are those of the runs one after the other:
     * the same seeds, metric values, KPIs, scores and gate outcome, and the same invocations,
     * names, order, progress lines and reports (each invocation reports its own run, a failing run
     * fails its own invocation).
     *
     * <p>What runs where: the method bodies of the runs, followed by their metrics, run on the
     * pool, ahead of their invocations, on the test instance of the first run and with the other
     * parameters resolved for the invocation that started them; each run gets its own
     * {@link RunContext}. {@code @BeforeEach} and {@code @AfterEach} methods still run once per
     * invocation on the test's thread, but around the wait for the run's result, not around its
     * body: keep per-run state in the method body, shared set-up in {@code @BeforeAll} or the
     * constructor. A {@code @BeforeEach} or {@code @AfterEach} method that takes a
     * {@code RunContext} is therefore a configuration error with parallel runs. Fields of the test
     * instance are shared by concurrent runs. An {@link #adaptive()} test still decides in run
     * order; runs computed ahead of its stopping run are discarded (their side effects remain)
     * and counted on standard output; the same holds for the runs after one that stopped the test.
     *
     * <p>The declaration also tells the {@link Baseline} gate that the pairs of runs on the
     * baseline's seeds are independent (no day, drift or carried-over noise shared by the runs of
     * a series), so it tests them run by run ({@code triscale.baseline.paired=runs}, the most
     * powerful design) unless that key says otherwise. Do not declare it for a real test bed.
     * Default {@code false}.
     *
     * @return whether the runs may execute concurrently
     */
    boolean independent() default false;
}
