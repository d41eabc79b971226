package org.triscale.engine;

import org.apiguardian.api.API;

import java.util.Objects;

/**
 * Outcome of one statistical check (independence, trend, stationarity) on a series of values.
 *
 * @param name        short name of the check, e.g. {@code "ljung-box"} or {@code "autocorrelation"}
 * @param passed      {@code true} when the data do not contradict the hypothesis the check guards
 *                    (independence, no trend)
 * @param statistic   the test statistic, or {@code NaN} when the check does not compute one
 * @param pValue      the p-value, or {@code NaN} when the check has none (threshold tests)
 * @param description one sentence a user can read in a report: what was tested and what was found
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record CheckResult(String name, boolean passed, double statistic, double pValue, String description) {
    /** Validates that the textual fields are present. */
    public CheckResult {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
    }
}
