package org.triscale.engine.comparison;

import org.apiguardian.api.API;

/**
 * A one-sided Wilcoxon signed-rank test of paired changes.
 *
 * @param wPlus  the sum of the (mid-)ranks of the positive changes, ranks taken among all absolute
 *               changes, zeros included (Pratt 1959)
 * @param pValue the one-sided p-value
 * @param pairs  number of pairs, zeros included
 * @param zeros  number of zero changes (they carry no sign)
 * @param ties   whether nonzero absolute changes are tied (mid-ranks were used)
 * @param exact  whether the p-value comes from the exact sign-flip distribution (otherwise the
 *               normal approximation with the variance of the observed ranks and a continuity
 *               correction)
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record SignedRankResult(double wPlus, double pValue, int pairs, int zeros, boolean ties, boolean exact) {
}
