package org.triscale.engine.sequential;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.numeric.Binomial;
import org.triscale.engine.numeric.Bisection;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntPredicate;

/**
 * An anytime-valid KPI: a confidence sequence for a percentile of the run metrics, updated run by
 * run, that may be looked at after every run and stopped at any time without losing its confidence
 * (Howard and Ramdas 2022, Theorem 1: a fixed-quantile confidence sequence from order statistics).
 *
 * <p>Each bound is an order statistic whose rank comes from the one-sided beta-binomial mixture
 * boundary on the number of runs below (or above) the percentile ({@link MixtureBoundary}; Howard,
 * Ramdas, McAuliffe and Sekhon 2021). Whatever the distribution of the runs (independent and
 * identically distributed; ties only make the bounds conservative), the upper bound is at least
 * the true percentile at <em>every</em> run with probability ≥ c, and so is the lower bound
 * at most it. Hence:
 * <ul>
 *   <li>the assertion "percentile at most the threshold" ({@link Side#UPPER}) is decided
 *       {@link Decision#PASS} when the upper bound reaches it and {@link Decision#FAIL} when the
 *       lower bound exceeds it; each false decision has probability ≤ 1 − c, however the runs are
 *       stopped ("at least" mirrors it). Should both happen at once (the two bounds contradict each
 *       other, which has probability ≤ 2(1 − c)), the assertion fails;
 *   <li>the precision target compares the relative half-width of the interval made of the two
 *       bounds at (1 + c)/2 each, which holds jointly at c at every run.
 * </ul>
 * The bounds are running intersections (the tightest so far); this keeps their promise, since
 * they hold at all runs together.
 *
 * <p>{@link #predictRunsLeft()} predicts the runs still needed to decide or to reach the
 * precision (CCEval's trial prediction): the future bounds' ranks are known in advance, and their
 * values are read from the empirical quantile function of the runs so far.
 *
 * <p>Each {@link #add} costs one insertion in a sorted array and at most four incomplete-beta
 * evaluations (none when another series with the same settings got that far already). Not
 * thread-safe: one instance follows one series.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class SequentialKpi {
    /** Largest number of runs a prediction looks ahead to. */
    static final int PREDICTION_HORIZON = 10_000_000;

    private final SequentialSpec spec;
    private final double p;
    private final SortedRuns runs = new SortedRuns();
    private final MixtureBoundary upperBoundary;
    private final MixtureBoundary lowerBoundary;
    private final MixtureBoundary upperPrecision;
    private final MixtureBoundary lowerPrecision;
    private double lower = Double.NEGATIVE_INFINITY;
    private double upper = Double.POSITIVE_INFINITY;
    private double precisionLower = Double.NEGATIVE_INFINITY;
    private double precisionUpper = Double.POSITIVE_INFINITY;
    private int droppedNaN;
    private Decision decision = Decision.UNDECIDED;
    private SequentialStep current;

    private SequentialKpi(SequentialSpec spec) {
        this.spec = spec;
        this.p = spec.percentile() / 100;
        double alpha = 1 - spec.confidence() / 100;
        this.upperBoundary = MixtureBoundary.of(p, alpha, spec.tunedFor());
        this.lowerBoundary = MixtureBoundary.of(1 - p, alpha, spec.tunedFor());
        this.upperPrecision = spec.hasPrecision() ? MixtureBoundary.of(p, alpha / 2, spec.tunedFor()) : null;
        this.lowerPrecision = spec.hasPrecision() ? MixtureBoundary.of(1 - p, alpha / 2, spec.tunedFor()) : null;
        this.current = step();
    }

    /**
     * Starts a sequence with no run.
     *
     * @param spec what to bound and when to stop
     * @return the sequence
     */
    public static SequentialKpi start(SequentialSpec spec) {
        return new SequentialKpi(Arguments.notNull("spec", spec));
    }

    /**
     * The steps of a whole series, one per value (a NaN value repeats the previous state with one
     * more dropped value).
     *
     * @param spec   what to bound and when to stop
     * @param values run metrics in run order; NaN are dropped and counted; no infinity
     * @return one step per value
     */
    public static List<SequentialStep> replay(SequentialSpec spec, double[] values) {
        Arguments.samples("values", values);
        SequentialKpi kpi = start(spec);
        List<SequentialStep> steps = new ArrayList<>(values.length);
        for (double value : values) {
            steps.add(kpi.add(value));
        }
        return steps;
    }

    /**
     * Adds the metric of one more run.
     *
     * @param value the run's metric; NaN (an undefined metric) is dropped and counted
     * @return the state after it
     * @throws IllegalArgumentException if the value is infinite
     */
    public SequentialStep add(double value) {
        if (Double.isInfinite(value)) {
            throw new IllegalArgumentException("value is " + value + "; run metrics must be finite (NaN is dropped"
                    + " and counted), check the measurement that produced it");
        }
        if (Double.isNaN(value)) {
            droppedNaN++;
        } else {
            runs.add(value);
            int n = runs.size();
            upper = Math.min(upper, upperEnd(upperBoundary, n));
            lower = Math.max(lower, lowerEnd(lowerBoundary, n));
            if (upperPrecision != null) {
                precisionUpper = Math.min(precisionUpper, upperEnd(upperPrecision, n));
                precisionLower = Math.max(precisionLower, lowerEnd(lowerPrecision, n));
            }
            if (decision == Decision.UNDECIDED && spec.hasThreshold()) {
                decision = decide(lower, upper);
            }
        }
        current = step();
        return current;
    }

    /**
     * The state after the runs so far.
     *
     * @return the current step
     */
    public SequentialStep current() {
        return current;
    }

    /**
     * The spec this sequence follows.
     *
     * @return the spec
     */
    public SequentialSpec spec() {
        return spec;
    }

    /**
     * The confidence, in percent, of the fixed-N KPI (Thompson 1936) that may judge a series
     * stopping undecided after the runs so far, such that the whole series keeps this sequence's
     * confidence c. Every run was looked at before; judging the end by the fixed-N KPI at c would
     * be one more chance of a false pass, up to 2(1 − c) in total. Instead, the last look uses the
     * loosest order statistic for which a false pass at any run or at the last look has
     * probability at most 1 − c, computed exactly from the boundary's ranks
     * ({@link MixtureBoundary#lastLookRank}). The result is at least c, and the fixed-N KPI of the
     * runs so far at this confidence (one-sided, on the spec's side) is that order statistic.
     *
     * @return the confidence in percent, in [c, 100); NaN before the first run
     */
    public double fallbackConfidence() {
        int n = runs.size();
        if (n == 0) {
            return Double.NaN;
        }
        boolean upperSide = spec.side() == Side.UPPER;
        double below = upperSide ? p : 1 - p;
        int rank = (upperSide ? upperBoundary : lowerBoundary).lastLookRank(1 - spec.confidence() / 100, n);
        // The order statistic of rank k is beyond the percentile with probability P(Bin(n, below) ≤ k − 1);
        // a confidence just under it, above the next looser rank's, makes Thompson's rule pick rank k.
        double coverage = rank > n ? 1 : Binomial.cumulative(n, below, rank - 1);
        double looser = rank <= 1 ? 0 : Binomial.cumulative(n, below, rank - 2);
        return Math.min(100 * (coverage - 1e-6 * (coverage - looser)), Math.nextDown(100.0));
    }

    /**
     * Predicts how many more runs are needed to decide the assertion or to reach the precision
     * target, whichever comes first: the smallest future run count at which the future bounds,
     * read from the empirical quantile function of the runs so far, would decide or be precise
     * enough. The prediction assumes the runs so far represent the distribution; it is 0 once
     * the sequence may stop.
     *
     * @return the runs left; empty without a goal, with fewer than 2 runs, or beyond
     *         {@value #PREDICTION_HORIZON} runs
     */
    public OptionalInt predictRunsLeft() {
        if (current.stop()) {
            return OptionalInt.of(0);
        }
        int n = runs.size();
        if (n < 2 || !(spec.hasThreshold() || spec.hasPrecision())) {
            return OptionalInt.empty();
        }
        IntPredicate enough = future -> (spec.hasThreshold() && predictedDecision(future) != Decision.UNDECIDED)
                || (spec.hasPrecision() && relativeHalfWidth(
                        Math.max(precisionLower, predictedLower(lowerPrecision, future)),
                        Math.min(precisionUpper, predictedUpper(upperPrecision, future)), current.estimate())
                        <= spec.precision());
        // Exponential search for a run count that is enough, then bisection (the future bounds
        // narrow as the run count grows, up to the integer rounding of their ranks).
        long failing = n;
        long candidate = n + 1L;
        while (!enough.test((int) candidate)) {
            failing = candidate;
            if (candidate >= PREDICTION_HORIZON) {
                return OptionalInt.empty();
            }
            candidate = Math.min(PREDICTION_HORIZON, 2 * candidate);
        }
        return OptionalInt.of((int) (Bisection.smallestPassing(failing, candidate, enough) - n));
    }

    private SequentialStep step() {
        int n = runs.size();
        double estimate = n == 0 ? Double.NaN : runs.get((int) Math.rint((n - 1) * p) + 1);
        double relative = upperPrecision == null ? Double.NaN
                : relativeHalfWidth(precisionLower, precisionUpper, estimate);
        boolean precise = upperPrecision != null && relative <= spec.precision();
        return new SequentialStep(n, droppedNaN, lower, upper, estimate, relative, decision, precise);
    }

    private Decision decide(double low, double high) {
        double threshold = spec.threshold();
        boolean passes = spec.side() == Side.UPPER ? high <= threshold : low >= threshold;
        boolean fails = spec.side() == Side.UPPER ? low > threshold : high < threshold;
        return fails ? Decision.FAIL : passes ? Decision.PASS : Decision.UNDECIDED;
    }

    private Decision predictedDecision(int future) {
        return decide(Math.max(lower, predictedLower(lowerBoundary, future)),
                Math.min(upper, predictedUpper(upperBoundary, future)));
    }

    /** The upper bound after n runs: the rank(n)-th smallest run. */
    private double upperEnd(MixtureBoundary boundary, int n) {
        int rank = boundary.rank(n);
        return rank <= n ? runs.get(rank) : Double.POSITIVE_INFINITY;
    }

    /** The lower bound after n runs: the rank(n)-th largest run, with the mirrored boundary. */
    private double lowerEnd(MixtureBoundary mirrored, int n) {
        int rank = mirrored.rank(n);
        return rank <= n ? runs.get(n + 1 - rank) : Double.NEGATIVE_INFINITY;
    }

    /** The upper bound expected after {@code future} runs, read at the same quantile level now. */
    private double predictedUpper(MixtureBoundary boundary, int future) {
        int rank = boundary.rankAt(future);
        return rank <= future ? atLevel(rank / (double) future) : Double.POSITIVE_INFINITY;
    }

    private double predictedLower(MixtureBoundary mirrored, int future) {
        int rank = mirrored.rankAt(future);
        return rank <= future ? atLevel((future + 1 - rank) / (double) future) : Double.NEGATIVE_INFINITY;
    }

    /**
     * The empirical quantile of the runs so far at a level in (0, 1], interpolated linearly
     * between order statistics (Hazen's plotting positions (i − ½)/n), so that the predicted
     * widths shrink smoothly instead of in steps of one order statistic.
     */
    private double atLevel(double level) {
        int n = runs.size();
        double position = level * n + 0.5;
        int below = (int) Math.floor(position);
        if (below < 1) {
            return runs.get(1);
        }
        if (below >= n) {
            return runs.get(n);
        }
        double low = runs.get(below);
        return low + (position - below) * (runs.get(below + 1) - low);
    }

    private static double relativeHalfWidth(double low, double high, double estimate) {
        if (low == high) {
            return 0;
        }
        if (Double.isInfinite(low) || Double.isInfinite(high) || estimate == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return (high - low) / 2 / Math.abs(estimate);
    }
}
