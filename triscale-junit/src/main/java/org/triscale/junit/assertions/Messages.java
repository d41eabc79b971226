package org.triscale.junit.assertions;

import org.triscale.engine.analysis.Side;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.comparison.Design;
import org.triscale.engine.comparison.SequelChange;
import org.triscale.results.internal.common.Format;
import org.triscale.junit.sequel.Percentile;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Pieces of the assertions' messages. */
final class Messages {
    private static final int MOST_SAMPLES = 100_000;

    private Messages() {
    }

    /** "[1, 2.5, 3]". */
    static String list(double[] values) {
        return Arrays.stream(values).mapToObj(Format::number).collect(Collectors.joining(", ", "[", "]"));
    }

    /** The fewest runs for which the KPI has a bound on this side. */
    static int runsNeeded(Percentile kpi, Side side) {
        for (int n = 1; n < MOST_SAMPLES; n++) {
            OrderStatisticInterval interval = ThompsonBounds.indices(n, kpi.percentile(), kpi.confidence(),
                    IntervalKind.ONE_SIDED);
            if ((side == Side.UPPER ? interval.upperIndex() : interval.lowerIndex()).isPresent()) {
                return n;
            }
        }
        return MOST_SAMPLES;
    }

    /** The fewest series for which TriScale's two-sided interval of the pair exists. */
    static int seriesNeeded(double percentile, double confidence) {
        for (int n = 2; n < MOST_SAMPLES; n++) {
            if (ThompsonBounds.indices(n, percentile, confidence, IntervalKind.TWO_SIDED).complete()) {
                return n;
            }
        }
        return MOST_SAMPLES;
    }

    /** "+4.5 % [+0.75 %, +8.6 %] (98 % interval; paired: 50 runs on the same seeds)". */
    static String change(SequelChange change, String candidate, String reference, boolean runs) {
        return signedPercent(change.relative(change.change().estimate())) + " ["
                + signedPercent(change.relative(change.change().lower())) + ", "
                + signedPercent(change.relative(change.change().upper())) + "] ("
                + Format.percent(change.change().confidence()) + " interval; " + design(change, candidate, reference,
                runs) + ")";
    }

    /** "paired: 50 runs on the same seeds" or "unpaired: 5 series medians of 'a' against 5 of 'b'". */
    static String design(SequelChange change, String candidate, String reference, boolean runs) {
        if (change.design() == Design.INTERLEAVED) {
            return "interleaved: " + change.candidateCount() + " pairs on the same seeds, each run back to back in a"
                    + " random order" + (change.zeros() > 0 ? ", " + change.zeros() + " without change" : "");
        }
        if (change.design().isPaired()) {
            return change.design().label() + ": " + change.candidateCount() + " runs on the same seeds"
                    + (change.zeros() > 0 ? ", " + change.zeros() + " without change" : "");
        }
        return "unpaired: " + change.candidateCount() + (runs ? " runs" : " series medians") + " of '" + candidate
                + "' against " + change.referenceCount() + " of '" + reference + "'";
    }

    /** "this design detects changes of ±5.1 % or more (80 % power)". */
    static String detects(SequelChange change) {
        double mdc = change.relativeMinimumDetectableChange();
        if (Double.isNaN(mdc)) {
            return "the change this design detects is unknown (no dispersion)";
        }
        if (Double.isInfinite(mdc)) {
            return "this design cannot detect any change at alpha = " + Format.number(change.settings().alpha());
        }
        return "this design detects changes of ±" + Format.percent(mdc) + " or more ("
                + Format.percent(change.settings().power()) + " power)";
    }

    static String signedPercent(double fraction) {
        if (Double.isInfinite(fraction)) {
            return fraction > 0 ? "+inf" : "-inf";
        }
        return Format.signedPercent(fraction);
    }

    /** Refuses a threshold that cannot be compared: every comparison with NaN is false, so the assertion would pass. */
    static double threshold(double value, String assertion) {
        if (Double.isNaN(value)) {
            throw new IllegalArgumentException(assertion + "(NaN): a NaN threshold makes every comparison false, so the"
                    + " assertion could never fail; give a number");
        }
        return value;
    }

    /** Refuses a relative threshold that is NaN or negative: a relative score or change bound is a fraction >= 0. */
    static double fraction(double value, String assertion) {
        threshold(value, assertion);
        if (value < 0) {
            throw new IllegalArgumentException(assertion + "(" + value + "): a relative threshold is a fraction of at"
                    + " least 0, e.g. 0.05 for 5 %");
        }
        return value;
    }
}
