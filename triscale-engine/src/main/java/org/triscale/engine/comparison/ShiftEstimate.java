package org.triscale.engine.comparison;

import org.apiguardian.api.API;

/**
 * A Hodges–Lehmann estimate of a change with its distribution-free confidence interval.
 *
 * @param estimate   the estimate: the median of the Walsh averages (paired) or of the pairwise
 *                   differences (two samples)
 * @param lower      lower end of the interval, {@code −∞} when the sample is too small for the
 *                   confidence
 * @param upper      upper end of the interval, {@code +∞} when the sample is too small
 * @param confidence the two-sided confidence of the interval, in (0, 1); each end alone is a
 *                   one-sided bound at {@code (1 + confidence) / 2}
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record ShiftEstimate(double estimate, double lower, double upper, double confidence) {

    /** Whether the sample was large enough for both ends to be finite. */
    public boolean bounded() {
        return Double.isFinite(lower) && Double.isFinite(upper);
    }
}
