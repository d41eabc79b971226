package org.triscale.engine.comparison;

import org.apiguardian.api.API;

/**
 * A one-sided Wilcoxon–Mann–Whitney rank-sum test.
 *
 * @param u      the Mann–Whitney statistic of the first sample: the number of pairs (x, y) with
 *               x above y, ties counting one half
 * @param pValue the one-sided p-value
 * @param m      size of the first sample
 * @param n      size of the second sample
 * @param ties   whether the pooled values hold ties (mid-ranks were used)
 * @param exact  whether the p-value comes from the exact permutation distribution (otherwise the
 *               normal approximation with tie correction and continuity correction)
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record RankSumResult(double u, double pValue, int m, int n, boolean ties, boolean exact) {
}
