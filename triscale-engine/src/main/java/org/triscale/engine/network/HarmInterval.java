package org.triscale.engine.network;

import org.apiguardian.api.API;

/**
 * The harm (Ware et al. 2019) on one statistic with its distribution-free confidence interval;
 * see {@link Harm#of(double[], double[], double)}.
 *
 * @param estimate   the estimated harm, ≤ 1; negative when the competitor helped
 * @param lower      lower end of the interval; {@code −∞} when the samples are too small for it
 * @param upper      upper end of the interval, ≤ 1; 1 (harm cannot exceed it) when the samples are
 *                   too small for a tighter end
 * @param confidence two-sided confidence of the interval in percent, in (1, 100)
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record HarmInterval(double estimate, double lower, double upper, double confidence) {

    /** Whether the samples were large enough for a finite lower end and an upper end below 1. */
    public boolean bounded() {
        return Double.isFinite(lower) && upper < 1;
    }

    /** Whether the whole interval lies above 0: the competitor harmed, at the interval's confidence. */
    public boolean harmful() {
        return lower > 0;
    }
}
