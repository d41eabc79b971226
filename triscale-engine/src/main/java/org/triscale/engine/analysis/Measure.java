package org.triscale.engine.analysis;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

import java.util.Locale;

/**
 * How a run's samples become one number: a percentile, the mean, the minimum or the maximum.
 *
 * @param kind       which statistic
 * @param percentile the percentile in (0, 100) for {@link Kind#PERCENTILE}, NaN otherwise
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Measure(Kind kind, double percentile) {

    /** The statistics a measure can take. */
    public enum Kind {
        /** A percentile of the samples. */
        PERCENTILE,
        /** The arithmetic mean. */
        MEAN,
        /** The smallest sample. */
        MINIMUM,
        /** The largest sample. */
        MAXIMUM
    }

    /** Validates the percentile against the kind. */
    public Measure {
        Arguments.notNull("kind", kind);
        if (kind == Kind.PERCENTILE) {
            Arguments.percent("measure percentile", percentile);
        } else {
            percentile = Double.NaN;
        }
    }

    /** Returns the measure "percentile {@code p}", p in (0, 100). */
    public static Measure percentile(double p) {
        return new Measure(Kind.PERCENTILE, p);
    }

    /** Returns the mean. */
    public static Measure mean() {
        return new Measure(Kind.MEAN, Double.NaN);
    }

    /** Returns the minimum. */
    public static Measure minimum() {
        return new Measure(Kind.MINIMUM, Double.NaN);
    }

    /** Returns the maximum. */
    public static Measure maximum() {
        return new Measure(Kind.MAXIMUM, Double.NaN);
    }

    /**
     * Parses a measure as TriScale writes it: a number (a percentile), {@code mean},
     * {@code minimum}/{@code min} or {@code maximum}/{@code max}, case-insensitive.
     *
     * @param text the text to parse
     * @return the measure
     * @throws IllegalArgumentException if the text is none of those
     */
    public static Measure parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("measure must not be null; use a percentile such as 95, or mean, minimum, maximum");
        }
        switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "mean": return mean();
            case "min": case "minimum": return minimum();
            case "max": case "maximum": return maximum();
            default:
                try {
                    return percentile(Double.parseDouble(text.trim()));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("measure '" + text
                            + "' is not valid; use a percentile in (0, 100) such as 95, or mean, minimum, maximum", e);
                }
        }
    }

    @Override
    public String toString() {
        return kind == Kind.PERCENTILE ? "P" + formatPercent(percentile) : kind.name().toLowerCase(Locale.ROOT);
    }

    private static String formatPercent(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }
}
