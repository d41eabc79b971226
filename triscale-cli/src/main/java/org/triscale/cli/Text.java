package org.triscale.cli;

import java.math.BigDecimal;
import java.math.MathContext;

/** Formatting of numbers for the human-readable output (JSON output keeps every digit). */
final class Text {
    private Text() {
    }

    /** A value with 6 significant digits, or "undefined" for NaN. */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "undefined";
        }
        if (Double.isInfinite(value) || value == 0) {
            return Double.toString(value).replace(".0", "");
        }
        double magnitude = Math.abs(value);
        BigDecimal rounded = new BigDecimal(value).round(new MathContext(6)).stripTrailingZeros();
        return magnitude >= 1e-4 && magnitude < 1e9 ? rounded.toPlainString() : rounded.toString();
    }

    /** A percent without a needless ".0": 75, 97.5. */
    static String percent(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    /** "75th", "1st", "50th", "97.5th". */
    static String ordinal(double percentile) {
        String p = percent(percentile);
        if (percentile != Math.rint(percentile)) {
            return p + "th";
        }
        long n = (long) percentile;
        if (n % 100 >= 11 && n % 100 <= 13) {
            return p + "th";
        }
        switch ((int) (n % 10)) {
            case 1: return p + "st";
            case 2: return p + "nd";
            case 3: return p + "rd";
            default: return p + "th";
        }
    }

    /** "3 values", "1 value". */
    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
