package org.triscale.engine.analysis;

import org.apache.commons.numbers.arrays.Selection;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.CheckResult;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.numeric.NanFree;

import java.util.List;
import java.util.OptionalInt;

/**
 * Computes KPIs as TriScale's {@code analysis_kpi} does (Jacob et al. 2021): a one-sided Thompson
 * (1936) confidence bound of a percentile of a series' run metrics, read from the sorted values.
 *
 * <p>NaN values are dropped and counted; fewer than 2 values leave the KPI undefined. The side is
 * the given one, else lower below the median and upper above it. The values' stationarity is
 * checked per {@link Mode} (see {@link Stationarity}); the KPI is computed either way and the
 * result says whether it can be trusted.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Kpis {
    private Kpis() {
    }

    /**
     * Computes the KPI of a series of run metrics.
     *
     * @param values     run metrics in run order; NaN are dropped and counted; no infinity
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent, in (0, 100)
     * @param side       side to bound; {@code null} picks lower below 50, upper above 50 (the median
     *                   needs an explicit side)
     * @param bounds     range used by the {@code TRISCALE} trend check, or {@code null} for min/max
     * @param mode       which checks to apply
     * @return the KPI
     * @throws IllegalArgumentException if an argument is invalid, or the percentile is 50 without a side
     */
    public static KpiResult kpi(double[] values, double percentile, double confidence, Side side, ValueRange bounds,
                                Mode mode) {
        Arguments.samples("values", values);
        Arguments.percent("percentile", percentile);
        Arguments.percent("confidence", confidence);
        Arguments.notNull("mode", mode);
        if (side == null && percentile == 50) {
            throw new IllegalArgumentException("percentile 50 (the median) needs an explicit side: choose "
                    + "Side.LOWER for a lower bound or Side.UPPER for an upper bound");
        }
        Side used = side != null ? side : percentile < 50 ? Side.LOWER : Side.UPPER;
        double[] kept = NanFree.of(values);
        int n = kept.length;
        int dropped = values.length - n;
        if (n < 2) {
            OrderStatisticInterval none = new OrderStatisticInterval(n, percentile, confidence, IntervalKind.ONE_SIDED,
                    OptionalInt.empty(), OptionalInt.empty());
            return new KpiResult(Double.NaN, used, percentile, confidence, n, dropped, none, -1, tooFew(mode, n));
        }
        Stationarity stationarity = StationarityChecks.check(kept, bounds, mode,
                StationarityChecks.Fallback.MIN_EQUALS_MAX);
        OrderStatisticInterval interval = ThompsonBounds.indices(n, percentile, confidence, IntervalKind.ONE_SIDED);
        OptionalInt index = used == Side.LOWER ? interval.lowerIndex() : interval.upperIndex();
        if (index.isEmpty()) {
            return new KpiResult(Double.NaN, used, percentile, confidence, n, dropped, interval, -1, stationarity);
        }
        int i = index.getAsInt();
        Selection.select(kept, i);
        return new KpiResult(kept[i], used, percentile, confidence, n, dropped, interval, i, stationarity);
    }

    /** The stationarity of fewer than 2 values: not established. */
    static Stationarity tooFew(Mode mode, int n) {
        return new Stationarity(false, mode, List.of(new CheckResult("too-few-values", false, Double.NaN, Double.NaN,
                "only " + n + " value(s) after dropping NaN; at least 2 are needed")));
    }
}
