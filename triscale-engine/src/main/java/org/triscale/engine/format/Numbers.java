package org.triscale.engine.format;

import org.apiguardian.api.API;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Short, locale-independent text of numbers: {@code 61.2}, {@code 1234.6}, {@code 75th}.
 *
 * @since 0.3.0
 */
@API(status = API.Status.INTERNAL, since = "0.3.0")
public final class Numbers {
    private Numbers() {
    }

    /**
     * A finite value with at most {@code digits} significant digits, or one decimal when its
     * integer part alone has that many digits; integers without a fraction, no trailing zeros, no
     * {@code -0}; scientific notation below 1e-4 and from 1e15 on. Non-finite values give
     * {@code NaN}, {@code Infinity} and {@code -Infinity}; callers that print them differently
     * test for them first.
     *
     * @param value  the value
     * @param digits the significant digits, {@code >= 1}
     * @return the text
     */
    public static String format(double value, int digits) {
        if (digits < 1) {
            throw new IllegalArgumentException("digits = " + digits + " must be >= 1");
        }
        if (!Double.isFinite(value)) {
            return Double.toString(value);
        }
        double magnitude = Math.abs(value);
        if (value == Math.rint(value) && magnitude < 1e15) {
            return Long.toString((long) value);
        }
        BigDecimal decimal = new BigDecimal(value);
        BigDecimal rounded = magnitude >= Math.pow(10, digits - 1) && magnitude < 1e15
                ? decimal.setScale(1, RoundingMode.HALF_EVEN)
                : decimal.round(new MathContext(digits, RoundingMode.HALF_EVEN));
        rounded = rounded.stripTrailingZeros();
        String text = magnitude >= 1e-4 && magnitude < 1e15 ? rounded.toPlainString() : rounded.toString();
        return "-0".equals(text) ? "0" : text;
    }

    /**
     * An ordinal of a percentile: {@code 25th}, {@code 1st}, {@code 2nd}, {@code 3rd},
     * {@code 11th}, {@code 97.5th}.
     *
     * @param percentile the percentile
     * @return the ordinal
     */
    public static String ordinal(double percentile) {
        String text = format(percentile, 6);
        if (percentile != Math.rint(percentile)) {
            return text + "th";
        }
        long p = Math.abs((long) percentile);
        if (p % 100 >= 11 && p % 100 <= 13) {
            return text + "th";
        }
        switch ((int) (p % 10)) {
            case 1: return text + "st";
            case 2: return text + "nd";
            case 3: return text + "rd";
            default: return text + "th";
        }
    }
}
