package org.triscale.results.internal.setup;

/**
 * The configuration parameters that the verdict's messages name, so that a user reading one knows
 * what to set. The extension's {@code TriscaleConstants} declares them for users, with the same
 * values; a test of the extension checks that they agree.
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

    private ConfigurationKeys() {
    }
}
