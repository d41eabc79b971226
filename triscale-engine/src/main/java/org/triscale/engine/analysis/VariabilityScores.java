package org.triscale.engine.analysis;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.numeric.NanFree;

import java.util.Arrays;
import java.util.OptionalInt;

/**
 * Computes variability scores as TriScale's {@code analysis_variability} does (Jacob et al. 2021),
 * with bound values read from the sorted data.
 *
 * <p>The score is the width {@code upper − lower} of a two-sided Thompson (1936) interval of the
 * series KPIs: TriScale's {@link IntervalKind#TWO_SIDED} (for a non-median percentile it bounds
 * the pair p, 100 − p, each end at the confidence) or {@link IntervalKind#JOINT} (both ends
 * together at the confidence). The relative score divides by the midpoint
 * {@code (lower + upper)/2} of the two bound values. The reference reads the bound values from the
 * unsorted data (its scores are right, its bound values and relative score are not); this class
 * always reads the sorted data.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class VariabilityScores {
    private VariabilityScores() {
    }

    /**
     * Computes the variability score of a sequel's series KPIs.
     *
     * @param values     series KPIs in series order; NaN are dropped and counted; no infinity
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param kind       {@link IntervalKind#TWO_SIDED} (TriScale) or {@link IntervalKind#JOINT}
     * @param bounds     range used by the {@code TRISCALE} trend check, or {@code null} for min/max
     * @param mode       which checks to apply
     * @return the score
     * @throws IllegalArgumentException if an argument is invalid
     */
    public static VariabilityResult score(double[] values, double percentile, double confidence, IntervalKind kind,
                                          ValueRange bounds, Mode mode) {
        Arguments.samples("values", values);
        Arguments.percent("percentile", percentile);
        Arguments.percent("confidence", confidence);
        Arguments.notNull("kind", kind);
        Arguments.notNull("mode", mode);
        if (kind == IntervalKind.ONE_SIDED) {
            throw new IllegalArgumentException("kind must be TWO_SIDED or JOINT for a variability score, got "
                    + kind + "; a one-sided bound is a KPI (see Kpis)");
        }
        double[] kept = NanFree.of(values);
        int n = kept.length;
        int dropped = values.length - n;
        if (n < 2) {
            OrderStatisticInterval none = new OrderStatisticInterval(n, percentile, confidence, kind,
                    OptionalInt.empty(), OptionalInt.empty());
            return new VariabilityResult(Double.NaN, Double.NaN, Double.NaN, Double.NaN, percentile, confidence, n,
                    dropped, none, Kpis.tooFew(mode, n));
        }
        StationarityChecks.Fallback fallback = mode == Mode.TRISCALE
                ? StationarityChecks.Fallback.FIRST_EQUALS_LAST : StationarityChecks.Fallback.MIN_EQUALS_MAX;
        Stationarity stationarity = StationarityChecks.check(kept, bounds, mode, fallback);
        OrderStatisticInterval interval = ThompsonBounds.indices(n, percentile, confidence, kind);
        if (!interval.complete()) {
            return new VariabilityResult(Double.NaN, Double.NaN, Double.NaN, Double.NaN, percentile, confidence, n,
                    dropped, interval, stationarity);
        }
        double[] sorted = kept.clone();
        Arrays.sort(sorted);
        double lower = sorted[interval.lowerIndex().getAsInt()];
        double upper = sorted[interval.upperIndex().getAsInt()];
        double score = upper - lower;
        return new VariabilityResult(lower, upper, score, relative(lower, upper), percentile, confidence, n, dropped,
                interval, stationarity);
    }

    /**
     * {@code (upper − lower) / ((lower + upper)/2)}, computed on the halved bounds where the sum or
     * the difference overflows (bounds beyond ±MAX/2): halving is exact, so the result is the
     * same quotient instead of 0 (an overflowed midpoint) or an infinity.
     *
     * @param lower the lower bound value
     * @param upper the upper bound value
     * @return the relative score; NaN when a bound is NaN
     */
    public static double relative(double lower, double upper) {
        double score = upper - lower;
        double sum = lower + upper;
        if (Double.isFinite(score) && Double.isFinite(sum)) {
            return score / (sum / 2);
        }
        double halfLower = lower / 2;
        double halfUpper = upper / 2;
        return (halfUpper - halfLower) / ((halfLower + halfUpper) / 2);
    }
}
