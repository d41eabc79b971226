package org.triscale.engine;

import org.apiguardian.api.API;

/**
 * Which statistical behaviour the engine follows.
 *
 * <p>Both modes share the sizing, the order-statistic bounds, the Theil–Sen convergence test and
 * the run metric. They differ in the checks applied to a series or a sequel and in how bound
 * values are read:
 * <ul>
 *   <li>{@link #TRISCALE} reproduces the Python TriScale (Jacob et al., 2021) exactly, including
 *       its autocorrelation-based independence test and its Theil–Sen weak-stationarity check.
 *   <li>{@link #SOUND} keeps the promise of each check: on i.i.d. data every check raises a false
 *       alarm with probability at most its nominal level, at every sample size.
 * </ul>
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum Mode {
    /** Compatible with the Python TriScale: same checks, same outputs. */
    TRISCALE,
    /** Checks calibrated to their nominal false-alarm rate at every sample size (the default). */
    SOUND
}
