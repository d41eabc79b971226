package org.triscale.engine.analysis;

import org.apiguardian.api.API;
import org.triscale.engine.CheckResult;
import org.triscale.engine.Mode;

import java.util.List;

/**
 * Whether a series of values may be treated as i.i.d., and the checks that decided it.
 *
 * @param stationary {@code true} when every check passed (or the mode's fallback applied)
 * @param mode       the mode whose checks were applied
 * @param checks     the individual checks, in the order they ran
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Stationarity(boolean stationary, Mode mode, List<CheckResult> checks) {
    /** Copies the list of checks. */
    public Stationarity {
        checks = List.copyOf(checks);
    }
}
