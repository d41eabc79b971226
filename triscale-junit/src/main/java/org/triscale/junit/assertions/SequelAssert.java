package org.triscale.junit.assertions;

import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.triscale.junit.sequel.Percentile;
import org.triscale.junit.sequel.Sequel;

/** Assertions on a {@link Sequel}; see {@link TriscaleAssertions}. *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class SequelAssert extends AbstractAssert<SequelAssert, Sequel> {

    SequelAssert(Sequel actual) {
        super(actual, SequelAssert.class);
        isNotNull();
    }

    /**
     * Assertions on the KPI of every series.
     *
     * @param metric a recorded metric
     * @param kpi    which percentile at which confidence, e.g. {@code p95()}
     * @return the KPI's assertions
     */
    public KpiAssert kpi(String metric, Percentile kpi) {
        return new KpiAssert(actual, metric, kpi, info);
    }

    /**
     * Assertions on the variability score of the series' P75 KPIs (at 75 %), the 25th–75th
     * percentiles at 75 % confidence: the defaults of {@code @Series}.
     *
     * @param metric a recorded metric
     * @return the score's assertions
     */
    public ScoreAssert score(String metric) {
        return score(metric, Percentile.p75(), 75, 75);
    }

    /**
     * Assertions on a variability score.
     *
     * @param metric     a recorded metric
     * @param kpi        the KPI whose series values are scored
     * @param percentile percentile of the score's pair, e.g. 75 for the 25th–75th
     * @param confidence confidence in percent
     * @return the score's assertions
     */
    public ScoreAssert score(String metric, Percentile kpi, double percentile, double confidence) {
        return new ScoreAssert(actual, metric, kpi, percentile, confidence, info);
    }

    /**
     * Comparisons of this sequel's metric with another sequel's.
     *
     * @param metric a metric recorded by both; lower is better unless
     *               {@link MetricAssert#higherIsBetter()} says otherwise
     * @return the metric's comparisons
     */
    public MetricAssert metric(String metric) {
        return new MetricAssert(actual, metric, info);
    }
}
