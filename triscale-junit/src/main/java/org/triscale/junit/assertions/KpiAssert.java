package org.triscale.junit.assertions;

import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.WritableAssertionInfo;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.Side;
import org.triscale.results.internal.common.Format;
import org.triscale.junit.sequel.Percentile;
import org.triscale.junit.sequel.Sequel;

import java.util.ArrayList;
import java.util.List;

/**
 * Assertions on a metric's KPI in every series of a sequel, as {@link org.triscale.junit.Kpi}
 * checks it: each series' one-sided Thompson bound against the threshold.
 *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class KpiAssert extends AbstractAssert<KpiAssert, Sequel> {
    private final String metric;
    private final Percentile kpi;

    KpiAssert(Sequel actual, String metric, Percentile kpi, WritableAssertionInfo info) {
        super(actual, KpiAssert.class);
        this.metric = metric;
        this.kpi = kpi;
        this.info.description(info.description());
    }

    /**
     * Verifies that the KPI of every series is at most {@code limit} (upper bound unless the
     * percentile is below 50).
     *
     * @param limit the largest acceptable KPI
     * @return this
     */
    public KpiAssert isAtMost(double limit) {
        return check(limit, true);
    }

    /**
     * Verifies that the KPI of every series is at least {@code limit} (lower bound unless the
     * percentile is above 50).
     *
     * @param limit the smallest acceptable KPI
     * @return this
     */
    public KpiAssert isAtLeast(double limit) {
        return check(limit, false);
    }

    private KpiAssert check(double limit, boolean atMost) {
        Messages.threshold(limit, atMost ? "isAtMost" : "isAtLeast");
        Side side = kpi.percentile() > 50 ? Side.UPPER : kpi.percentile() < 50 ? Side.LOWER
                : atMost ? Side.UPPER : Side.LOWER;
        List<KpiResult> kpis = actual.kpis(metric, kpi, side);
        String expected = "Expected the " + kpi + " KPI of " + metric + " in sequel '" + actual.name() + "' to be "
                + (atMost ? "at most " : "at least ") + Format.number(limit) + " in every series, but ";
        for (int s = 0; s < kpis.size(); s++) {
            KpiResult result = kpis.get(s);
            if (!result.defined()) {
                failWithMessage("%s", expected + "series " + s + " has no KPI: " + result.values() + " valid runs"
                        + " cannot bound the " + Format.ordinal(kpi.percentile()) + " percentile at "
                        + Format.number(kpi.confidence()) + " % confidence; at least " + Messages.runsNeeded(kpi, side)
                        + " are needed.");
            }
        }
        List<String> beyond = new ArrayList<>();
        for (int s = 0; s < kpis.size(); s++) {
            double value = kpis.get(s).value();
            if (atMost ? value > limit : value < limit) {
                beyond.add("series " + s + " has " + Format.number(value));
            }
        }
        if (!beyond.isEmpty()) {
            failWithMessage("%s", expected + String.join(" and ", beyond) + "; the KPIs of the " + kpis.size()
                    + " series are " + Messages.list(kpis.stream().mapToDouble(KpiResult::value).toArray()) + " ("
                    + (side == Side.UPPER ? "upper" : "lower") + " bounds of the " + Format.ordinal(kpi.percentile())
                    + " percentile at " + Format.number(kpi.confidence()) + " % confidence).");
        }
        return this;
    }
}
