package org.triscale.engine.analysis;

/** Which side of a percentile a one-sided KPI bounds. */
public enum Side {
    /** A lower bound: the percentile is at least the KPI with the stated confidence. */
    LOWER,
    /** An upper bound: the percentile is at most the KPI with the stated confidence. */
    UPPER
}
