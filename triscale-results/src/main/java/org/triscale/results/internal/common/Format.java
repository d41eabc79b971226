package org.triscale.results.internal.common;

import org.triscale.engine.format.Numbers;

/** Number formatting for messages and progress lines: short, locale-independent. */
public final class Format {
    private Format() {
    }

    /** Four significant digits below 1000, one decimal above, as the command line prints them with six. */
    public static String number(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+inf" : "-inf";
        }
        return Numbers.format(value, 4);
    }

    /** A value followed by its unit, if any: {@code "61.2 ms"}. */
    public static String withUnit(double value, String unit) {
        return unit.isEmpty() ? number(value) : number(value) + " " + unit;
    }

    /** A fraction as a percentage: {@code 0.177} gives {@code "17.7 %"}. */
    public static String percent(double fraction) {
        return number(100 * fraction) + " %";
    }

    /** A relative change as a signed percentage: {@code "+17.7 %"}, {@code "-3 %"}, {@code "0 %"}. */
    public static String signedPercent(double fraction) {
        return (fraction > 0 ? "+" : "") + percent(fraction);
    }

    /** An ordinal for percentiles: 25th, 50th, 1st, 2nd, 3rd, 99.9th. */
    public static String ordinal(double percentile) {
        return Numbers.ordinal(percentile);
    }

    /** Seconds, rounded, for progress lines: {@code "12 s"}, {@code "3 min 05 s"}. */
    public static String duration(long nanos) {
        long seconds = Math.round(nanos / 1e9);
        if (seconds < 100) {
            return seconds + " s";
        }
        return String.format(java.util.Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
    }
}
