package org.triscale.engine.comparison;

/** How two sequels are compared: run by run on shared seeds, or as two independent samples. */
public enum Design {
    /**
     * Runs matched by seed (common random numbers): each run of the candidate ran the workload of
     * one run of the reference. The per-run changes are tested with the Wilcoxon signed-rank test
     * and estimated by the Hodges–Lehmann estimate of their centre.
     */
    PAIRED,
    /**
     * Independent samples of observations (series medians or runs): Wilcoxon–Mann–Whitney
     * rank-sum test and the Hodges–Lehmann shift with Moses' interval.
     */
    UNPAIRED;

    /** The lower-case name used in messages: {@code paired} or {@code unpaired}. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
