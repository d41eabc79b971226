package org.triscale.results.internal.setup;

/**
 * What a failing independence or stationarity check does to a verdict, once resolved: the user's
 * {@code ChecksPolicy} without its {@code DEFAULT}, which only the extension's configuration reads.
 * The JSON result stores its name ({@code checksPolicy}: {@code WARN} or {@code FAIL}).
 */
public enum FailingChecks {
    /** Failing checks are warnings in the verdict, the progress output and the results. */
    WARN,
    /** A failing check fails the verdict. */
    FAIL
}
