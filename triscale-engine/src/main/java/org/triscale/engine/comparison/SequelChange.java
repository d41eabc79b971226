package org.triscale.engine.comparison;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apiguardian.api.API;

/**
 * The change from a reference sequel to a candidate sequel, for one metric, and what it means.
 *
 * <p>Changes, their interval, the tolerance and the minimum detectable change are <i>reported
 * values</i>: relative changes (0.05 for +5 %) on the {@link ChangeScale#LOG_RATIO} scale,
 * amounts in the metric's unit on the {@link ChangeScale#DIFFERENCE} scale; positive means the
 * candidate is larger. {@link #relative} turns a reported value into a fraction of the reference
 * on either scale.
 *
 * <p>The numbers come in named parts ({@link Counts}, {@link PValues}, {@link Thresholds}) so no
 * call passes a long positional list; the flat accessors ({@link #referenceCount()},
 * {@link #worsePValue()}, {@link #tolerance()}, ...) read the same values from their part.
 *
 * @param design          paired or unpaired
 * @param scale           log ratio or difference
 * @param outcome         regressed, improved, unchanged or inconclusive
 * @param reason          why the outcome is inconclusive, in words; empty otherwise
 * @param counts          how many observations each side had, and how many series
 * @param pValues         the one-sided p-values and the smallest these counts allow
 * @param change          the Hodges–Lehmann estimate and its {@code 1 − 2α} interval
 *                        (reported values); NaN when not computed
 * @param thresholds      the tolerance, where it came from, and the minimum detectable change
 * @param referenceMedian median of the reference's values, in the metric's unit
 * @param settings        the settings used
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record SequelChange(Design design, ChangeScale scale, ComparisonOutcome outcome, String reason,
                           Counts counts, PValues pValues, ShiftEstimate change, Thresholds thresholds,
                           double referenceMedian, ComparisonSettings settings) {

    /**
     * How many observations the comparison had.
     *
     * @param reference observations of the reference: pairs (paired), series medians or runs
     *                  (unpaired)
     * @param candidate observations of the candidate (pairs again when paired)
     * @param zeros     pairs without change (paired; 0 unpaired)
     * @param series    series whose changes (paired) or observations (unpaired) gave the default
     *                  tolerance
     * @since 0.3.0
     */
    public record Counts(int reference, int candidate, int zeros, int series) {
    }

    /**
     * The comparison's one-sided p-values.
     *
     * @param worse    p-value of "the candidate is worse", NaN when not tested
     * @param better   p-value of "the candidate is better", NaN when not tested
     * @param smallest the smallest p-value these counts allow
     * @since 0.3.0
     */
    public record PValues(double worse, double better, double smallest) {
    }

    /**
     * The change the comparison tolerates and the change it can detect (reported values).
     *
     * @param tolerance               the tolerance (≥ 0), NaN when no data
     * @param source                  where the tolerance came from
     * @param minimumDetectableChange the smallest change in the bad direction that the design
     *                                reports as regressed with the settings' power; {@code +∞}
     *                                when the counts cannot reach α, NaN when the dispersion is
     *                                unknown
     * @since 0.3.0
     */
    public record Thresholds(double tolerance, ToleranceSource source, double minimumDetectableChange) {
    }

    /** @return observations of the reference ({@link Counts#reference()}) */
    public int referenceCount() {
        return counts.reference();
    }

    /** @return observations of the candidate ({@link Counts#candidate()}) */
    public int candidateCount() {
        return counts.candidate();
    }

    /** @return pairs without change ({@link Counts#zeros()}) */
    public int zeros() {
        return counts.zeros();
    }

    /** @return series that gave the default tolerance ({@link Counts#series()}) */
    public int seriesCount() {
        return counts.series();
    }

    /** @return p-value of "the candidate is worse" ({@link PValues#worse()}) */
    public double worsePValue() {
        return pValues.worse();
    }

    /** @return p-value of "the candidate is better" ({@link PValues#better()}) */
    public double betterPValue() {
        return pValues.better();
    }

    /** @return the smallest p-value these counts allow ({@link PValues#smallest()}) */
    public double smallestPValue() {
        return pValues.smallest();
    }

    /** @return the tolerance, a reported value ({@link Thresholds#tolerance()}) */
    public double tolerance() {
        return thresholds.tolerance();
    }

    /** @return where the tolerance came from ({@link Thresholds#source()}) */
    public ToleranceSource toleranceSource() {
        return thresholds.source();
    }

    /** @return the minimum detectable change, a reported value ({@link Thresholds#minimumDetectableChange()}) */
    public double minimumDetectableChange() {
        return thresholds.minimumDetectableChange();
    }

    /**
     * A reported value as a fraction of the reference: itself on the log-ratio scale, divided by
     * {@code |referenceMedian|} on the difference scale.
     *
     * @param reported a change, interval end, tolerance or detectable change of this result
     * @return the relative value (NaN on the difference scale when the reference median is 0)
     */
    public double relative(double reported) {
        if (scale == ChangeScale.LOG_RATIO) {
            return reported;
        }
        return referenceMedian == 0 ? Double.NaN : reported / Math.abs(referenceMedian);
    }

    /** The minimum detectable change as a fraction of the reference (0.05 for 5 %). */
    public double relativeMinimumDetectableChange() {
        return relative(minimumDetectableChange());
    }

    /** Whether the outcome lets the candidate become a new reference: unchanged or improved. */
    public boolean acceptable() {
        return outcome == ComparisonOutcome.UNCHANGED || outcome == ComparisonOutcome.IMPROVED;
    }

    /**
     * A reported value as a relative change on the comparison's scale: the log ratio on the
     * {@link ChangeScale#LOG_RATIO} scale ({@code log1p} of the reported relative change), the
     * amount divided by {@code |referenceMedian|} on the {@link ChangeScale#DIFFERENCE} scale.
     *
     * @param reported a change or interval end of this result
     * @return the relative value on the scale (NaN on the difference scale when the reference median is 0)
     */
    public double relativeOnScale(double reported) {
        return relative(scale.fromReported(reported));
    }

    /**
     * The standard error of the change, relative and on the comparison's scale, read back from its
     * {@code 1 − 2α} interval: the half-width divided by the one-sided quantile that made it
     * (Student's t on S − 1 degrees of freedom for {@link Design#PAIRED_SERIES}, the normal
     * otherwise, which the exact rank intervals approach; Lehmann 1975).
     *
     * @return the standard error, or NaN when the change has no finite interval
     */
    public double standardError() {
        double lower = relativeOnScale(change.lower());
        double upper = relativeOnScale(change.upper());
        if (!Double.isFinite(lower) || !Double.isFinite(upper)) {
            return Double.NaN;
        }
        double alpha = settings.alpha();
        double quantile = design == Design.PAIRED_SERIES && seriesCount() >= 2
                ? TDistribution.of(seriesCount() - 1).inverseSurvivalProbability(alpha)
                : NormalDistribution.of(0, 1).inverseSurvivalProbability(alpha);
        return (upper - lower) / (2 * quantile);
    }
}
