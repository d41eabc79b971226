package org.triscale.engine.network;

import org.apiguardian.api.API;

/**
 * Harm (Ware et al. 2019) a competitor does to each statistic of a flow-completion-time summary;
 * see {@link Harm}.
 *
 * @param geometricMean harm on the geometric mean of the FCTs
 * @param median        harm on the median FCT
 * @param p95           harm on the 95th percentile of the FCTs
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record FctHarm(double geometricMean, double median, double p95) {
}
