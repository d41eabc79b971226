package org.triscale.engine.baseline;

/** The four outcomes of comparing a sequel with its baseline. */
public enum GateOutcome {
    /** The metric moved in the bad direction beyond the allowance, significantly at α. */
    REGRESSED,
    /** The metric moved in the good direction, significantly at α. */
    IMPROVED,
    /** Neither change is significant at α. */
    UNCHANGED,
    /** The data cannot decide: too few series or runs to reach α, or nothing comparable. */
    INCONCLUSIVE
}
