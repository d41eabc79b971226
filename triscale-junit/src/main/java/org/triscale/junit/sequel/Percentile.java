package org.triscale.junit.sequel;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

/**
 * Which KPI of a metric: a percentile of the run metrics and the confidence of its one-sided
 * Thompson (1936) bound, as in {@link org.triscale.junit.Kpi}. Above the median the KPI is an upper
 * bound, at or below it a lower bound.
 *
 * @param percentile percentile in (0, 100)
 * @param confidence confidence in percent, in (0, 100)
 *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public record Percentile(double percentile, double confidence) {
    /** Confidence of the factories: 75 %, the default of {@code @Runs} and {@code @Series}. */
    public static final double DEFAULT_CONFIDENCE = 75;

    /**
     * Validates the percentile and the confidence.
     *
     * @throws IllegalArgumentException if one is outside (0, 100)
     */
    public Percentile {
        Arguments.percent("percentile", percentile);
        Arguments.percent("confidence", confidence);
    }

    /**
     * A percentile at 75 % confidence.
     *
     * @param percentile percentile in (0, 100)
     * @return the KPI definition
     */
    public static Percentile of(double percentile) {
        return new Percentile(percentile, DEFAULT_CONFIDENCE);
    }

    /** The 95th percentile at 75 % confidence. */
    public static Percentile p95() {
        return of(95);
    }

    /** The 75th percentile at 75 % confidence. */
    public static Percentile p75() {
        return of(75);
    }

    /**
     * This percentile at another confidence.
     *
     * @param value confidence in percent, in (0, 100)
     * @return the KPI definition
     */
    public Percentile atConfidence(double value) {
        return new Percentile(percentile, value);
    }

    /** "P95 at 75 %". */
    @Override
    public String toString() {
        return "P" + number(percentile) + " at " + number(confidence) + " %";
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
