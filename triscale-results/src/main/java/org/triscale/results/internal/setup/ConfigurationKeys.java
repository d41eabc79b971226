package org.triscale.results.internal.setup;

/**
 * Every configuration parameter of TriScale for JUnit, for the messages that name them and for the
 * extension's internal packages, which read them without depending on its API package. The
 * extension's {@code TriscaleConstants} declares them for users, with their documentation and the
 * same values; a test of the extension checks that the two agree, key by key.
 */
public final class ConfigurationKeys {
    /** Where the JSON results go. */
    public static final String OUTPUT_DIR = "triscale.output.dir";
    /** Strict regression gate: chooses the defaults of the two policies below. */
    public static final String BASELINE_STRICT = "triscale.baseline.strict";
    /** What a missing baseline does. */
    public static final String BASELINE_MISSING = "triscale.baseline.missing";
    /** What an inconclusive comparison does. */
    public static final String BASELINE_INCONCLUSIVE = "triscale.baseline.inconclusive";
    /** Which unit the paired gate tests: auto, runs or series. */
    public static final String BASELINE_PAIRED = "triscale.baseline.paired";
    /** The floor of the gate's default tolerance. */
    public static final String BASELINE_TOLERANCE_FLOOR = "triscale.baseline.tolerance.floor";
    /** The bound on one launch's shift the gate assumes while the history is short. */
    public static final String BASELINE_LAUNCH_SHIFT = "triscale.baseline.launchShift";
    /** Writes a baseline even from a failing verdict. */
    public static final String BASELINE_UPDATE_FORCE = "triscale.baseline.update.force";
    /** What a series whose runs all gave the same value of a metric does. */
    public static final String CHECKS_IDENTICAL_RUNS = "triscale.checks.identicalRuns";
    /** Where the regression gate's history goes. */
    public static final String HISTORY_DIR = "triscale.history.dir";
    /** The arm order of interleaved gates to replay; each launch draws its own when not set. */
    public static final String INTERLEAVE_ORDER = "triscale.interleave.order";

    /** Statistical mode: SOUND or TRISCALE. */
    public static final String MODE = "triscale.mode";
    /** What a failing independence or stationarity check does. */
    public static final String CHECKS = "triscale.checks";
    /** The base of every run's seed. */
    public static final String SEED = "triscale.seed";
    /** Whether to print one line per run and the verdict. */
    public static final String PROGRESS = "triscale.progress";
    /** Writes each gated test's sequel as its new baseline. */
    public static final String BASELINE_UPDATE = "triscale.baseline.update";
    /** Where the baselines are. */
    public static final String BASELINE_DIR = "triscale.baseline.dir";
    /** The gate's significance level. */
    public static final String BASELINE_ALPHA = "triscale.baseline.alpha";
    /** The number of accepted sequels of the history that form the baseline. */
    public static final String BASELINE_FROM_HISTORY = "triscale.baseline.from.history";
    /** Tags added to the test bed's fingerprint. */
    public static final String BASELINE_TAGS = "triscale.baseline.tags";
    /** Whether the launch summary is written. */
    public static final String SUMMARY_ENABLED = "triscale.summary.enabled";
    /** Whether the HTML report is written. */
    public static final String REPORT_ENABLED = "triscale.report.enabled";
    /** Where the HTML report goes. */
    public static final String REPORT_DIR = "triscale.report.dir";
    /** The shard this launch runs, k/K. */
    public static final String SHARD = "triscale.shard";
    /** What a shard holds: series or cells. */
    public static final String SHARD_BY = "triscale.shard.by";
    /** Whether the shard is read from a scheduler's environment. */
    public static final String SHARD_ENVIRONMENT = "triscale.shard.environment";
    /** The number of shards, beside a scheduler's index. */
    public static final String SHARD_COUNT = "triscale.shard.count";
    /** How many independent runs execute at once. */
    public static final String RUNS_PARALLELISM = "triscale.runs.parallelism";
    /** The most runs a grid may have in one launch. */
    public static final String GRID_MAX_RUNS = "triscale.grid.maxRuns";

    private ConfigurationKeys() {
    }
}
