package org.triscale.engine.comparison;

import org.apiguardian.api.API;

/**
 * The four outcomes of comparing a candidate sequel with a reference sequel.
 *
 * <p>"Unchanged" is a positive finding (equivalence shown), never the absence of evidence: a
 * change the design could not have detected is {@link #INCONCLUSIVE}.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum ComparisonOutcome {
    /** Worse, significantly at α, and the estimated change is beyond the tolerance. */
    REGRESSED,
    /** Better, significantly at α, and not shown to be within the tolerance. */
    IMPROVED,
    /**
     * The confidence interval of the change lies inside ±tolerance: two one-sided tests at α
     * (Schuirmann 1987) show the change is no larger than the tolerance either way.
     */
    UNCHANGED,
    /** Anything else: the data cannot tell, or the design cannot reach α. */
    INCONCLUSIVE;

    /** The lower-case name used in messages. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
