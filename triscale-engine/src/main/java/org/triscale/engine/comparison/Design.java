package org.triscale.engine.comparison;

import org.apiguardian.api.API;

/**
 * How two sequels are compared: run by run on shared seeds, or as two independent samples.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum Design {
    /**
     * Runs matched by seed (common random numbers): each run of the candidate ran the workload of
     * one run of the reference. The per-run changes are tested with the Wilcoxon signed-rank test
     * and estimated by the Hodges–Lehmann estimate of their centre.
     */
    PAIRED,
    /**
     * Runs matched by seed, tested with the series as the unit ({@link PairedTest#SERIES}, or
     * {@link PairedTest#AUTO} when its pre-check found series effects or serial correlation): the
     * mean per-run change of each series, a one-sided t-test across series, their mean with the t
     * interval.
     */
    PAIRED_SERIES,
    /**
     * Runs matched by seed and interleaved in time: each reference run and its candidate run ran
     * back to back in one launch, in an order drawn by a seeded fair coin (randomised multiple
     * interleaved trials, Abedi &amp; Brecht 2017). Under the hypothesis of no change the sign of
     * each per-run change is then a fair coin whatever the drift, series effects or serial
     * correlation of the test bed (Fisher's 1935 randomisation argument), so the per-run
     * signed-rank test is exact and keeps its power.
     */
    INTERLEAVED,
    /**
     * Independent samples of observations (series medians or runs): Wilcoxon–Mann–Whitney
     * rank-sum test and the Hodges–Lehmann shift with Moses' interval.
     */
    UNPAIRED;

    /**
     * The lower-case name used in messages: {@code paired}, {@code paired by series},
     * {@code interleaved} or {@code unpaired}.
     *
     * @return the label
     */
    public String label() {
        return this == PAIRED_SERIES ? "paired by series" : name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Whether runs were matched by seed (every design but {@link #UNPAIRED}).
     *
     * @return true for {@link #PAIRED}, {@link #PAIRED_SERIES} and {@link #INTERLEAVED}
     */
    public boolean isPaired() {
        return this != UNPAIRED;
    }
}
