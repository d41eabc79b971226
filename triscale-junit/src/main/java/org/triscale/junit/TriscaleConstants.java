package org.triscale.junit;

import org.apiguardian.api.API;
import org.triscale.results.internal.setup.ConfigurationKeys;

/**
 * The configuration parameters of TriScale for JUnit, each with its default. Set them in
 * {@code src/test/resources/junit-platform.properties}, as {@code -D} system properties passed to
 * Surefire, or in Surefire's {@code <configurationParameters>}. Keys are lower-case words separated
 * by dots; folders end in {@code .dir} and are resolved against the module's base folder when
 * relative. An invalid value is a configuration error that names the key, the value and the valid
 * ones. The values are those the library reads (its {@code ConfigurationKeys}), so the two
 * cannot drift apart.
 *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class TriscaleConstants {

    /**
     * Statistical mode: {@code SOUND} (default) uses checks that keep their false-alarm rate;
     * {@code TRISCALE} the original's checks, for comparison with published results.
     */
    public static final String MODE = ConfigurationKeys.MODE;

    /**
     * What a failing independence or stationarity check does, when {@code @Runs(checks)} is
     * {@code DEFAULT}: {@code warn} (default) or {@code fail}.
     */
    public static final String CHECKS = ConfigurationKeys.CHECKS;

    /**
     * What a series whose valid runs (two or more) all gave the same value of a metric does:
     * {@code warn} (default) adds the warning "the seed does not reach the system under test: N
     * identical runs are one measurement" to the verdict, its table, the summaries and the report;
     * {@code fail} fails the verdict; {@code off} says nothing (a metric constant by design, such
     * as the throughput of a saturated link).
     */
    public static final String CHECKS_IDENTICAL_RUNS = ConfigurationKeys.CHECKS_IDENTICAL_RUNS;

    /**
     * Base of every run's seed, decimal or {@code 0x} hexadecimal; default {@code 0x5472695363616c65}
     * (the bytes of "TriScale"). Change it to draw a fresh set of experiments.
     */
    public static final String SEED = ConfigurationKeys.SEED;

    /**
     * The arm order of an interleaved gate ({@code @Baseline(interleaved = true)}): by default each
     * launch draws its own, so that a periodic pattern of the test bed cannot line up with the
     * same order in every launch; the result JSON records it ({@code parameters.interleaveOrder}).
     * Set it to that value ({@code 0x} hexadecimal or decimal) to replay a launch's order, or to
     * {@code 0} for the order of the seed alone. The workload seeds do not depend on it.
     */
    public static final String INTERLEAVE_ORDER = ConfigurationKeys.INTERLEAVE_ORDER;

    /** Whether to print one line per run and the verdict on standard output: {@code true} (default) or {@code false}. */
    public static final String PROGRESS = ConfigurationKeys.PROGRESS;

    /** Folder of the JSON results; default {@code target/triscale}. */
    public static final String OUTPUT_DIR = ConfigurationKeys.OUTPUT_DIR;

    /**
     * {@code true} writes each {@link Baseline} test's sequel as its new baseline and prints what
     * changed; default {@code false}.
     */
    public static final String BASELINE_UPDATE = ConfigurationKeys.BASELINE_UPDATE;

    /**
     * {@code true} lets {@link #BASELINE_UPDATE} write the baseline even when the verdict fails (a
     * KPI, a variability score or a check); default {@code false}: a baseline only comes from a
     * passing verdict, and a failing one writes nothing and says which KPI or score failed. Runs
     * that failed still block the update: a baseline must hold every run.
     */
    public static final String BASELINE_UPDATE_FORCE = ConfigurationKeys.BASELINE_UPDATE_FORCE;

    /** Folder of the default baseline files; default {@code src/test/resources/triscale/baselines}. */
    public static final String BASELINE_DIR = ConfigurationKeys.BASELINE_DIR;

    /**
     * Chooses the defaults of {@link #BASELINE_MISSING} and {@link #BASELINE_INCONCLUSIVE}:
     * {@code true} or {@code false}; default {@code true} when the environment variable {@code CI}
     * is {@code true} or {@code 1}, else {@code false}.
     */
    public static final String BASELINE_STRICT = ConfigurationKeys.BASELINE_STRICT;

    /** What a missing baseline does: {@code fail} (default when strict) or {@code record} (default otherwise). */
    public static final String BASELINE_MISSING = ConfigurationKeys.BASELINE_MISSING;

    /** What an inconclusive comparison does: {@code fail} (default when strict) or {@code warn} (default otherwise). */
    public static final String BASELINE_INCONCLUSIVE = ConfigurationKeys.BASELINE_INCONCLUSIVE;

    /**
     * Floor of the regression gate's default tolerance, a fraction of the baseline in [0, 1];
     * default {@code 0.01} (±1 %): a change smaller than this never fails a build by default, even
     * on a deterministic test bed whose variability score is 0. {@code 0} restores the score alone.
     */
    public static final String BASELINE_TOLERANCE_FLOOR = ConfigurationKeys.BASELINE_TOLERANCE_FLOOR;

    /**
     * Which unit the paired gate tests: {@code auto} (default; the series-level test when a
     * pre-check finds the per-run changes differing between series or correlated from run to run),
     * {@code runs} (every pair independent: for test beds whose runs depend only on their seed, such
     * as a deterministic emulator; the most powerful) or {@code series} (always the series). When
     * the key is not set, a test whose runs are declared independent
     * ({@code @Runs(independent = true)}) gets {@code runs}, every other test {@code auto}.
     */
    public static final String BASELINE_PAIRED = ConfigurationKeys.BASELINE_PAIRED;

    /**
     * The bound on the standard deviation of one launch's shift that the regression gate assumes
     * while the history holds fewer than 5 pairs of accepted launches, a fraction in [0, 1]; default
     * {@code 0.02} (2 %). Not used for runs declared independent ({@code @Runs(independent = true)}).
     */
    public static final String BASELINE_LAUNCH_SHIFT = ConfigurationKeys.BASELINE_LAUNCH_SHIFT;

    /** False-alarm rate of each one-sided rank test of the regression gate, in (0, 0.5); default {@code 0.01}. */
    public static final String BASELINE_ALPHA = ConfigurationKeys.BASELINE_ALPHA;

    /**
     * Number of accepted sequels of the history that form the baseline when
     * {@code @Baseline(fromHistory)} is 0; default {@code 0}: the committed baseline file.
     */
    public static final String BASELINE_FROM_HISTORY = ConfigurationKeys.BASELINE_FROM_HISTORY;

    /** Comma-separated {@code key=value} tags added to the test bed's fingerprint; default none. */
    public static final String BASELINE_TAGS = ConfigurationKeys.BASELINE_TAGS;

    /** Folder of the history files (any path, e.g. a CI cache); default {@code target/triscale/history}. */
    public static final String HISTORY_DIR = ConfigurationKeys.HISTORY_DIR;

    /**
     * Whether the launch prints one summary line per TriScale test and writes
     * {@code target/triscale/summary.md} (also appended to {@code $GITHUB_STEP_SUMMARY} when set);
     * default {@code true}.
     */
    public static final String SUMMARY_ENABLED = ConfigurationKeys.SUMMARY_ENABLED;

    /** Whether the launch writes the offline HTML report; default {@code true}. */
    public static final String REPORT_ENABLED = ConfigurationKeys.REPORT_ENABLED;

    /** Folder of the HTML report; default {@code target/triscale/report}. */
    public static final String REPORT_DIR = ConfigurationKeys.REPORT_DIR;

    /**
     * Runs one shard of every test's series, {@code k/K} (e.g. {@code 2/4}, with 1 &le; k &le; K):
     * series s belongs to shard {@code ((s - 1) mod K) + 1}, with the seeds of the unsharded run.
     * The test then writes a partial result to {@code <triscale.output.dir>/partial} instead of a
     * verdict (it shows its runs only, and passes when they pass), and {@code triscale merge}
     * computes the verdict from all K partial results. A shard
     * that gets no series of a test (K above its series count) runs none of its runs and still
     * writes its (empty) partial result, so that the merge sees every shard. Default: not set, every
     * series runs and the test ends with its verdict.
     */
    public static final String SHARD = ConfigurationKeys.SHARD;

    /**
     * What {@link #SHARD} splits: {@code series} (the default: every test's series over the
     * shards) or {@code cells}: every TriScale test (a grid's cell, or a test outside a grid) runs
     * whole, all its series, in exactly one shard, and the other shards skip it, naming the shard
     * that runs it. Cell i of a grid ({@code @ParameterizedClass} invocation {@code [i]}) runs in
     * shard {@code ((i - 1) mod K) + 1}, so a job array of as many tasks as cells runs one cell per
     * task; a test outside a grid, or in nested grids, in the shard given by the CRC-32 of its
     * name. The shard writes the test's partial result (one shard of one,
     * {@code .shard-1-of-1.partial.json}) and {@code triscale merge} judges it as an unsharded
     * launch would.
     *
     * @since 0.3.0
     */
    public static final String SHARD_BY = ConfigurationKeys.SHARD_BY;

    /**
     * Whether, when {@link #SHARD} is not set, the shard is taken from a job scheduler's
     * environment: a Slurm array task ({@code SLURM_ARRAY_TASK_ID} − {@code SLURM_ARRAY_TASK_MIN} + 1
     * of {@code SLURM_ARRAY_TASK_MAX} − {@code SLURM_ARRAY_TASK_MIN} + 1) or a Kubernetes indexed
     * Job's pod ({@code JOB_COMPLETION_INDEX} + 1 of {@link #SHARD_COUNT}). Default {@code true};
     * set {@code false} when a Slurm array or indexed Job runs the whole suite in each task.
     */
    public static final String SHARD_ENVIRONMENT = ConfigurationKeys.SHARD_ENVIRONMENT;

    /**
     * The number of shards K of a Kubernetes indexed Job (its {@code completions}), whose pods
     * know only their {@code JOB_COMPLETION_INDEX}; under Slurm, if set, it must equal the
     * array's task count. Not set by default.
     */
    public static final String SHARD_COUNT = ConfigurationKeys.SHARD_COUNT;

    /**
     * How many runs of a test declared {@code @Runs(independent = true)} may execute at once: a
     * positive integer, or {@code cores} for the machine's processors; default {@code 1} (one
     * after the other). Tests not declared independent always run one run at a time. Results are
     * the same as with {@code 1}: see {@link Runs#independent()}.
     */
    public static final String RUNS_PARALLELISM = ConfigurationKeys.RUNS_PARALLELISM;

    /**
     * The most runs the cells of one grid ({@code @ParameterizedClass}) may have in a launch:
     * cells × series × runs of a {@code @Runs} method (the series of the launch's shard when
     * sharded). A larger grid is refused before its first
     * run, naming the sizes; where the class template's argument sources do not declare how many
     * cells there are, the cells beyond the limit are refused as they come. Default
     * {@code 1000000}.
     */
    public static final String GRID_MAX_RUNS = ConfigurationKeys.GRID_MAX_RUNS;

    private TriscaleConstants() {
    }
}
