package org.triscale.junit;

import org.apiguardian.api.API;

/**
 * What a failing independence or stationarity check on a series (or on the series KPIs) does to
 * the verdict. Each check raises a false alarm on healthy data with a small probability (5 % in
 * the {@code SOUND} mode); with several metrics and series some check fails now and then, so
 * warnings are the default and {@link #FAIL} is meant for strict CI jobs.
 *
 * @since 0.1.0
 */
@API(status = API.Status.MAINTAINED, since = "0.1.0")
public enum ChecksPolicy {
    /** Follow the configuration parameter {@code triscale.checks} ({@code warn} when unset). */
    DEFAULT,
    /** Report failing checks as warnings in the verdict, the progress output and the results. */
    WARN,
    /** Fail the verdict when a check fails. */
    FAIL
}
