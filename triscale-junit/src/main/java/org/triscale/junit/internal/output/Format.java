package org.triscale.junit.internal.output;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/** Number formatting for messages and progress lines: short, locale-independent. */
public final class Format {
    private Format() {
    }

    /** Four significant digits below 1000, one decimal above; integers without a fraction. */
    public static String number(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+inf" : "-inf";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        BigDecimal decimal = new BigDecimal(value);
        BigDecimal rounded = Math.abs(value) >= 1000
                ? decimal.setScale(1, RoundingMode.HALF_EVEN)
                : decimal.round(new MathContext(4, RoundingMode.HALF_EVEN));
        String text = rounded.stripTrailingZeros().toPlainString();
        return "-0".equals(text) ? "0" : text;
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
        String n = number(percentile);
        if (percentile != Math.rint(percentile)) {
            return n + "th";
        }
        long p = (long) percentile;
        if (p % 100 >= 11 && p % 100 <= 13) {
            return n + "th";
        }
        switch ((int) (p % 10)) {
            case 1: return n + "st";
            case 2: return n + "nd";
            case 3: return n + "rd";
            default: return n + "th";
        }
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
