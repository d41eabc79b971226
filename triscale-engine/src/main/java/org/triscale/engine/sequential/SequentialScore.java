package org.triscale.engine.sequential;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.bounds.IntervalKind;

/**
 * An anytime-valid variability score: confidence sequences for both percentiles of a pair of the
 * series KPIs (e.g. the 25th and the 75th), updated series by series, that decide "the score is at
 * most a threshold" at whichever series the sequel stops.
 *
 * <p>The fixed-N variability score (TriScale) is {@code UB − LB}: an upper bound UB of the higher
 * percentile minus a lower bound LB of the lower one (Thompson 1936). Here each end is a
 * {@link SequentialKpi} (Howard and Ramdas 2022), which holds at every series at once. Each end
 * has the score's confidence c for {@link IntervalKind#TWO_SIDED} (both ends together at least
 * 2c − 1, as in TriScale) and (1 + c)/2 for {@link IntervalKind#JOINT} (together at least c, by
 * Bonferroni's inequality). With R the true range between the two percentiles:
 * <ul>
 *   <li><b>pass</b> when {@code UB − LB ≤ atMost}, the range's upper confidence bound;</li>
 *   <li><b>fail</b> when {@code LB' − UB' > atMost}, with LB' the lower bound of the higher
 *       percentile and UB' the upper bound of the lower one: the range's lower confidence bound.</li>
 * </ul>
 * A false pass (R above the threshold) needs an end to miss its percentile at some series, and so
 * does a false fail: each has probability at most 2(1 − c) for a two-sided score and 1 − c for a
 * joint one, however the series are stopped. The relative score {@code (UB − LB) / ((UB + LB)/2)}
 * ({@link VariabilityScores#relative}) grows with UB and shrinks with LB when both are positive,
 * so the same reasoning decides {@code relativeAtMost} for positive metrics; it stays undecided
 * while a bound involved is not positive. Should pass and fail happen at once, the score fails.
 *
 * <p>Not thread-safe: one instance follows one sequel.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class SequentialScore {
    private final double atMost;
    private final double relativeAtMost;
    private final SequentialKpi high;
    private final SequentialKpi low;
    private Decision decision = Decision.UNDECIDED;
    private SequentialScoreStep current;

    private SequentialScore(double percentile, double confidence, IntervalKind kind, double atMost,
                            double relativeAtMost, int tunedFor) {
        this.atMost = atMost;
        this.relativeAtMost = relativeAtMost;
        double highPercentile = Math.max(percentile, 100 - percentile);
        double each = kind == IntervalKind.JOINT ? (100 + confidence) / 2 : confidence;
        this.high = SequentialKpi.start(SequentialSpec.of(highPercentile, each, Side.UPPER).withTunedFor(tunedFor));
        this.low = SequentialKpi.start(SequentialSpec.of(100 - highPercentile, each, Side.LOWER)
                .withTunedFor(tunedFor));
        this.current = step();
    }

    /**
     * Starts a sequence with no series.
     *
     * @param percentile     one percentile of the pair (its pair is {@code 100 − percentile}), in
     *                       (0, 100), not 50
     * @param confidence     the score's confidence in percent, in (50, 100)
     * @param kind           {@link IntervalKind#TWO_SIDED} (each end at the confidence, as TriScale)
     *                       or {@link IntervalKind#JOINT} (both ends together)
     * @param atMost         threshold on the score, ≥ 0, NaN for none
     * @param relativeAtMost threshold on the relative score (a fraction), ≥ 0, NaN for none
     * @param tunedFor       the number of series the boundaries are tightest for, ≥ 1
     * @return the sequence
     * @throws IllegalArgumentException if an argument is out of range; the message names it
     */
    public static SequentialScore start(double percentile, double confidence, IntervalKind kind, double atMost,
                                        double relativeAtMost, int tunedFor) {
        Arguments.percent("percentile", percentile);
        if (percentile == 50) {
            throw new IllegalArgumentException("percentile must not be 50: a variability score needs a pair of"
                    + " distinct percentiles, e.g. 75 for the 25th and the 75th");
        }
        if (!(confidence > 50 && confidence < 100)) {
            throw new IllegalArgumentException("confidence must be in (50, 100), got " + confidence
                    + "; give it in percent, e.g. 75");
        }
        Arguments.notNull("kind", kind);
        if (kind == IntervalKind.ONE_SIDED) {
            throw new IllegalArgumentException("kind must be TWO_SIDED or JOINT, got ONE_SIDED: a score bounds both"
                    + " ends of the pair");
        }
        threshold("atMost", atMost);
        threshold("relativeAtMost", relativeAtMost);
        Arguments.atLeast("tunedFor", tunedFor, 1);
        return new SequentialScore(percentile, confidence, kind, atMost, relativeAtMost, tunedFor);
    }

    private static void threshold(String name, double value) {
        if (!Double.isNaN(value) && !(value >= 0 && value < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(name + " must be finite and >= 0, or NaN for none, got " + value);
        }
    }

    /**
     * Adds the KPI of one more series.
     *
     * @param seriesKpi the series' KPI; NaN (an undefined KPI) is dropped and counted
     * @return the state after it
     * @throws IllegalArgumentException if the value is infinite
     */
    public SequentialScoreStep add(double seriesKpi) {
        high.add(seriesKpi);
        low.add(seriesKpi);
        if (decision == Decision.UNDECIDED && !Double.isNaN(seriesKpi)) {
            decision = decide(high.current(), low.current());
        }
        current = step();
        return current;
    }

    /**
     * The state after the series so far.
     *
     * @return the current step
     */
    public SequentialScoreStep current() {
        return current;
    }

    /**
     * The confidence, in percent, of each end of the fixed-N score (Thompson 1936, as
     * {@link IntervalKind#TWO_SIDED}) that may judge a sequel stopping undecided after the series
     * so far, so that the looks at every series and this last look together keep each end's
     * promise ({@link SequentialKpi#fallbackConfidence()}, the stricter of the two ends).
     *
     * @return the confidence in percent; NaN before the first defined series KPI
     */
    public double fallbackConfidence() {
        return Math.max(high.fallbackConfidence(), low.fallbackConfidence());
    }

    private Decision decide(SequentialStep high, SequentialStep low) {
        boolean pass = (!Double.isNaN(atMost) || !Double.isNaN(relativeAtMost))
                && Double.isFinite(high.upper()) && Double.isFinite(low.lower())
                && (Double.isNaN(atMost) || high.upper() - low.lower() <= atMost)
                && (Double.isNaN(relativeAtMost)
                        || low.lower() > 0 && VariabilityScores.relative(low.lower(), high.upper()) <= relativeAtMost);
        boolean rangeAbove = Double.isFinite(high.lower()) && Double.isFinite(low.upper());
        boolean fail = rangeAbove && ((!Double.isNaN(atMost) && high.lower() - low.upper() > atMost)
                || (!Double.isNaN(relativeAtMost) && low.upper() > 0 && high.lower() > low.upper()
                        && VariabilityScores.relative(low.upper(), high.lower()) > relativeAtMost));
        return fail ? Decision.FAIL : pass ? Decision.PASS : Decision.UNDECIDED;
    }

    private SequentialScoreStep step() {
        SequentialStep h = high.current();
        SequentialStep l = low.current();
        return new SequentialScoreStep(h.runs(), h.droppedNaN(), l.lower(), l.upper(), h.lower(), h.upper(), decision);
    }
}
