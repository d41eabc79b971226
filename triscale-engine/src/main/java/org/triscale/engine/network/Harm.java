package org.triscale.engine.network;

/**
 * Harm a competing flow (or algorithm) does to a flow's metric, as defined by Ware, Mukerjee,
 * Seshan and Sherry, "Beyond Jain's Fairness Index: Setting the Bar for the Deployment of
 * Congestion Control Algorithms", HotNets 2019.
 *
 * <p>With {@code alone} the metric without the competitor and {@code with} the metric in its
 * presence:
 * <ul>
 *   <li>less is better (FCT, delay): {@code harm = (with − alone) / with};
 *   <li>more is better (throughput): {@code harm = (alone − with) / alone}.
 * </ul>
 * Both forms are at most 1, are 0 when nothing changed, and lie in [0, 1] when the competitor
 * makes things worse — the range the paper uses.
 *
 * <p><b>No clamping.</b> When the competitor makes the metric <em>better</em> the value is
 * negative and is returned as is: clamping to 0 would hide a benefit and would bias averages
 * and comparisons between builds towards harm. Take {@code Math.max(0, harm)} to get the
 * paper's [0, 1] reading.
 */
public final class Harm {
    private Harm() {
    }

    /**
     * Harm done to one metric.
     *
     * @param alone  the metric without the competitor, finite and ≥ 0 (&gt; 0 when more is better)
     * @param with   the metric with the competitor, finite and ≥ 0 (&gt; 0 when less is better)
     * @param better which direction of the metric is better
     * @return the harm, ≤ 1; negative when the competitor helped
     * @throws IllegalArgumentException if a value is NaN, infinite, negative, or the denominator is 0
     */
    public static double of(double alone, double with, Better better) {
        if (better == null) {
            throw new IllegalArgumentException("better must not be null; use Better.LOWER (e.g. FCT) or "
                    + "Better.HIGHER (e.g. throughput)");
        }
        check("alone", alone);
        check("with", with);
        if (better == Better.LOWER) {
            if (with == 0) {
                throw new IllegalArgumentException("with must be > 0 for a less-is-better metric (harm divides by it), "
                        + "got 0; check the measurement");
            }
            return (with - alone) / with;
        }
        if (alone == 0) {
            throw new IllegalArgumentException("alone must be > 0 for a more-is-better metric (harm divides by it), "
                    + "got 0; check the measurement");
        }
        return (alone - with) / alone;
    }

    /**
     * Harm done to each statistic of a flow-completion-time summary (less is better).
     *
     * @param alone FCT summary without the competitor
     * @param with  FCT summary with the competitor
     * @return the harm of the geometric mean, the median and the 95th percentile
     * @throws IllegalArgumentException if a summary is null
     */
    public static FctHarm of(FctSummary alone, FctSummary with) {
        if (alone == null || with == null) {
            throw new IllegalArgumentException("alone and with must both be FCT summaries, got "
                    + (alone == null ? "alone = null" : "with = null"));
        }
        return new FctHarm(of(alone.geometricMean(), with.geometricMean(), Better.LOWER),
                of(alone.median(), with.median(), Better.LOWER),
                of(alone.p95(), with.p95(), Better.LOWER));
    }

    private static void check(String name, double value) {
        if (!(value >= 0) || value == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value
                    + "; harm compares two measured values of the same metric");
        }
    }
}
