package org.triscale.engine.network;

import org.apiguardian.api.API;

/**
 * Harm (Ware et al. 2019) on each statistic of two samples of flow completion times, with
 * distribution-free confidence intervals; see {@link Harm#of(double[], double[], double)}.
 *
 * @param geometricMean harm on the typical FCT (geometric-mean type: Hodges–Lehmann shift of the
 *                      log FCTs with Moses' interval)
 * @param median        harm on the median FCT (exact order-statistic intervals)
 * @param p95           harm on the 95th percentile of the FCTs (exact order-statistic intervals)
 * @param aloneCount    FCTs without the competitor (after dropping NaN)
 * @param withCount     FCTs with the competitor (after dropping NaN)
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record FctHarmIntervals(HarmInterval geometricMean, HarmInterval median, HarmInterval p95, int aloneCount,
                               int withCount) {
}
