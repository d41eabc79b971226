package org.triscale.engine.network;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.comparison.HodgesLehmann;
import org.triscale.engine.comparison.ShiftEstimate;

import java.util.Arrays;
import java.util.function.ToDoubleFunction;

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
 *
 * <p><b>Intervals.</b> {@link #of(double[], double[], double)} compares two samples of flow
 * completion times and gives each statistic's harm a distribution-free confidence interval when
 * the flows are independent; {@link #ofRuns(double[][], double[][], double)} takes the flows by
 * run and holds when the flows of a run depend on each other (see there).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
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

    /**
     * Harm done to each FCT statistic by a competitor, from two independent samples of flow
     * completion times, with distribution-free confidence intervals at {@code confidence} percent
     * (in percent, as every confidence of TriScale's annotations and assertions).
     *
     * <p>Less is better, so harm is {@code 1 − alone/with} of the statistic: a monotone function of
     * the ratio {@code with/alone}, and an interval of the ratio is one of the harm.
     * <ul>
     *   <li><b>Geometric-mean type</b>: the Hodges–Lehmann (1963) estimate of the shift from the log
     *       FCTs alone to the log FCTs with the competitor, with Moses' (1953) exact interval
     *       ({@link HodgesLehmann#shift}). The interval holds with probability ≥ the confidence
     *       for any continuous distribution when the competitor scales the FCT distribution (a
     *       shift on the log scale, under which the shift is the log of the geometric-mean ratio).
     *       Otherwise it is the interval of the median of the pairwise log ratios, the "typical"
     *       factor by which one flow's FCT exceeds another's, and the estimate can differ from the
     *       plain geometric-mean harm of {@link #of(FctSummary, FctSummary)}.</li>
     *   <li><b>Median and 95th percentile</b>: no model at all. Each sample's quantile gets an exact
     *       two-sided order-statistic interval at confidence {@code √c} with {@code c} the
     *       confidence as a fraction (Thompson 1936; both ends from one-sided bounds at
     *       {@code (1 + √c)/2}); the samples are independent, so both hold together with
     *       probability ≥ {@code c}, and then
     *       {@code [1 − U_alone/L_with, 1 − L_alone/U_with]} holds the harm. The estimate is the
     *       harm of the Hyndman–Fan type 7 quantiles of {@link FctSummary}. A sample too small for
     *       an end leaves the harm's lower end at {@code −∞} or its upper end at 1.</li>
     * </ul>
     * Every interval assumes the FCTs of each sample are independent and identically distributed.
     * Flows that share a run share its queue and are not independent; nothing here corrects for
     * that: with flows whose log FCTs follow an AR(1) process the typical-FCT interval at 90 %
     * covered 65.9 % of the time in an independent Monte Carlo (issue 37), and 75.3 % (φ 0.3) and
     * 57.3 % (φ 0.6) against 91.0 % for independent flows in the seeded one of
     * {@code HarmIntervalTest} (60 and 80 flows, 400 trials; docs/checks-calibration.md). For the
     * flows of several runs, keep them by run and use {@link #ofRuns(double[][], double[][], double)},
     * whose intervals take the run as the independent unit and hold whatever the dependence
     * between the flows of a run.
     *
     * @param alone      FCTs without the competitor, each finite and &gt; 0; NaN (flows that did not
     *                   complete) dropped
     * @param with       FCTs with the competitor, same rules
     * @param confidence two-sided confidence of every interval in percent, in (1, 100), e.g. 95; a
     *                   value ≤ 1 is refused as a fraction given by mistake
     * @return the harm of the typical FCT, the median and the 95th percentile with intervals
     * @throws IllegalArgumentException if a sample is null, holds an infinity or a value ≤ 0, has no
     *                                  value left after dropping NaN, or the confidence is out of range
     */
    public static FctHarmIntervals of(double[] alone, double[] with, double confidence) {
        double level = level(confidence);
        FctSummary aloneSummary = summary("alone", alone);
        FctSummary withSummary = summary("with", with);
        double[] a = sortedValues(alone);
        double[] w = sortedValues(with);
        double[] logA = new double[a.length];
        double[] logW = new double[w.length];
        Arrays.setAll(logA, i -> Math.log(a[i]));
        Arrays.setAll(logW, i -> Math.log(w[i]));
        ShiftEstimate shift = HodgesLehmann.shift(logA, logW, level);
        HarmInterval typical = new HarmInterval(fromLogRatio(shift.estimate()), fromLogRatio(shift.lower()),
                fromLogRatio(shift.upper()), confidence);
        double perSample = Math.sqrt(level);
        return new FctHarmIntervals(typical,
                quantileHarm(a, w, 50, aloneSummary.median(), withSummary.median(), perSample, confidence),
                quantileHarm(a, w, 95, aloneSummary.p95(), withSummary.p95(), perSample, confidence),
                a.length, w.length);
    }

    /**
     * Harm done to each FCT statistic by a competitor, from the flow completion times of
     * independent runs, with distribution-free confidence intervals at {@code confidence} percent
     * that hold however the flows of one run depend on each other (a shared queue, a run-level
     * shift of the test bed).
     *
     * <p><b>Method.</b> The run is the unit (the cluster-level analysis of clustered data: one
     * summary per cluster, then a method for independent values; Donner and Klar 2000, ch. 6).
     * Each run is summarised by {@link FctSummary} (geometric mean, median, 95th percentile of its
     * FCTs); for each statistic, the Hodges–Lehmann (1963) shift from the log run statistics alone
     * to those with the competitor is the log of the ratio {@code with/alone}, and Moses' (1953)
     * exact interval of that shift ({@link HodgesLehmann#shift}) gives the harm's interval through
     * the monotone map {@code harm = 1 − exp(−shift)}. The runs of each side are independent and
     * identically distributed whatever happens inside a run, so the interval covers with
     * probability ≥ the confidence for any continuous law of the run statistics when the competitor
     * scales the FCTs (every FCT's law times one factor, the dependence within a run unchanged:
     * then every run statistic is scaled by that factor, as type-7 quantiles and geometric means
     * are scale-equivariant, and the harm of every statistic is {@code 1 − 1/factor}). Otherwise
     * the interval is that of the median pairwise log ratio of the runs' statistics (the "typical
     * run"'s harm), and the estimate can differ from the harm of the pooled flows' statistic.
     *
     * <p><b>Conditions.</b> Runs independent of each other (fresh seeds; runs on common random
     * numbers, the same seeds on both sides, make the sides positively correlated, which only
     * widens these unpaired intervals), and runs of the same design on both sides (the same
     * number of flows per run: the law of a run's P95 depends on its flow count). Runs of one side
     * need not number the same as the other's.
     *
     * <p><b>Cost.</b> Few runs give wide intervals: a two-sided interval at 90 % needs at least 3
     * runs per side (C(6, 3) = 20 orderings), at 95 % 4 and 4 (or 5 and 3), at 99 % 5 and 5 (or 6
     * and 4); fewer leave the
     * lower end at {@code −∞} and the upper at 1 ({@link HarmInterval#bounded()} false). With
     * independent flows the pooled {@link #of(double[], double[], double)} is valid too and
     * narrower; measured coverage and widths: docs/checks-calibration.md.
     *
     * @param alone      FCTs without the competitor, one array per run; each FCT finite and &gt; 0,
     *                   NaN (flows that did not complete) dropped; every run needs at least one FCT
     * @param with       FCTs with the competitor, one array per run, same rules
     * @param confidence two-sided confidence of every interval in percent, in (1, 100), e.g. 95; a
     *                   value ≤ 1 is refused as a fraction given by mistake
     * @return the harm of the typical FCT, the median and the 95th percentile with intervals; the
     *         counts are those of FCTs over all runs
     * @throws IllegalArgumentException if an array is null or empty, a run holds an infinity or a
     *                                  value ≤ 0 or no value after dropping NaN, or the confidence is
     *                                  out of range
     */
    public static FctHarmIntervals ofRuns(double[][] alone, double[][] with, double confidence) {
        double level = level(confidence);
        FctSummary[] aloneRuns = runSummaries("alone", alone);
        FctSummary[] withRuns = runSummaries("with", with);
        HarmInterval typical = runShift(aloneRuns, withRuns, FctSummary::geometricMean, level, confidence);
        HarmInterval median = runShift(aloneRuns, withRuns, FctSummary::median, level, confidence);
        HarmInterval p95 = runShift(aloneRuns, withRuns, FctSummary::p95, level, confidence);
        return new FctHarmIntervals(typical, median, p95, count(aloneRuns), count(withRuns));
    }

    private static HarmInterval runShift(FctSummary[] alone, FctSummary[] with,
                                         ToDoubleFunction<FctSummary> statistic, double level,
                                         double confidence) {
        double[] logA = Arrays.stream(alone).mapToDouble(s -> Math.log(statistic.applyAsDouble(s))).toArray();
        double[] logW = Arrays.stream(with).mapToDouble(s -> Math.log(statistic.applyAsDouble(s))).toArray();
        ShiftEstimate shift = HodgesLehmann.shift(logA, logW, level);
        return new HarmInterval(fromLogRatio(shift.estimate()), fromLogRatio(shift.lower()),
                fromLogRatio(shift.upper()), confidence);
    }

    private static FctSummary[] runSummaries(String name, double[][] runs) {
        if (runs == null || runs.length == 0) {
            throw new IllegalArgumentException(name + " must hold the FCTs of at least one run, got "
                    + (runs == null ? "null" : "no run") + "; pass one array of FCTs per run");
        }
        FctSummary[] summaries = new FctSummary[runs.length];
        for (int r = 0; r < runs.length; r++) {
            try {
                summaries[r] = FctSummary.of(runs[r]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + "[" + r + "]: " + e.getMessage(), e);
            }
        }
        return summaries;
    }

    private static int count(FctSummary[] runs) {
        return Arrays.stream(runs).mapToInt(FctSummary::count).sum();
    }

    /** The confidence in percent as a fraction, after refusing a fraction given by mistake. */
    private static double level(double confidence) {
        if (confidence > 0 && confidence <= 1) {
            String asPercent = java.math.BigDecimal.valueOf(confidence).movePointRight(2).stripTrailingZeros()
                    .toPlainString();
            throw new IllegalArgumentException("confidence is in percent, in (1, 100), got " + confidence
                    + ", a fraction; use " + asPercent + " for a " + asPercent + " % interval");
        }
        if (!(confidence > 1 && confidence < 100)) {
            throw new IllegalArgumentException("confidence is in percent, in (1, 100), got " + confidence
                    + "; use e.g. 95 for a 95 % interval");
        }
        return confidence / 100;
    }

    /** Harm {@code 1 − 1/ratio} for a log ratio {@code with/alone}; monotone increasing. */
    private static double fromLogRatio(double logRatio) {
        return -Math.expm1(-logRatio);
    }

    private static HarmInterval quantileHarm(double[] alone, double[] with, double percentile, double aloneEstimate,
                                             double withEstimate, double perSample, double confidence) {
        double[] a = quantileInterval(alone, percentile, perSample);
        double[] w = quantileInterval(with, percentile, perSample);
        double lower = Double.isFinite(a[1]) && w[0] > 0 ? 1 - a[1] / w[0] : Double.NEGATIVE_INFINITY;
        double upper = Double.isFinite(w[1]) && a[0] > 0 ? 1 - a[0] / w[1] : 1;
        return new HarmInterval(of(aloneEstimate, withEstimate, Better.LOWER), lower, upper, confidence);
    }

    /** Two-sided interval {lower, upper} of a quantile of sorted values; 0 and +∞ for missing ends. */
    private static double[] quantileInterval(double[] sorted, double percentile, double confidence) {
        OrderStatisticInterval interval = ThompsonBounds.indices(sorted.length, percentile,
                100 * (1 + confidence) / 2, IntervalKind.ONE_SIDED);
        double lower = interval.lowerIndex().isPresent() ? sorted[interval.lowerIndex().getAsInt()] : 0;
        double upper = interval.upperIndex().isPresent() ? sorted[interval.upperIndex().getAsInt()]
                : Double.POSITIVE_INFINITY;
        return new double[] {lower, upper};
    }

    private static FctSummary summary(String name, double[] fcts) {
        Arguments.notNull(name, fcts);
        try {
            return FctSummary.of(fcts);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
    }

    private static double[] sortedValues(double[] fcts) {
        double[] values = Arrays.stream(fcts).filter(v -> !Double.isNaN(v)).toArray();
        Arrays.sort(values);
        return values;
    }

    private static void check(String name, double value) {
        if (!(value >= 0) || value == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value
                    + "; harm compares two measured values of the same metric");
        }
    }
}
