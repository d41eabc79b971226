package org.triscale.cli.csv;

import ch.randelshofer.fastdoubleparser.JavaDoubleParser;

/**
 * Parses a CSV cell written in decimal notation into the same double as
 * {@link Double#parseDouble(String)}, straight from the file's bytes.
 *
 * <p>Only {@code [+-]digits[.digits][(e|E)[+-]digits]} is a number (digits may be missing on one
 * side of the point). Java's parser also takes {@code 12f}, {@code 10.5d}, hexadecimal floats and
 * {@code NaN}; those are refused here, as the CSV rules say. {@code Infinity} and {@code inf} are
 * recognised only so that the caller can say the value is infinite.
 *
 * <p>Most cells take Clinger's fast path (Clinger 1990): a decimal significand below 2^53 times a
 * power of ten up to 10^22 is exact in binary, so one correctly rounded multiplication or division
 * gives the correctly rounded result. The others go to FastDoubleParser (Lemire 2021), which
 * rounds correctly too.
 */
final class Decimal {
    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    };
    /** More digits than this may overflow a long: such cells take the slow path. */
    private static final int MAX_FAST_DIGITS = 18;
    private static final long MAX_EXACT_SIGNIFICAND = 1L << 53;

    private Decimal() {
    }

    /**
     * Parses the bytes {@code [from, to)}, ignoring spaces and tabs around them.
     *
     * @return the value; NaN for an empty cell or {@code nan} in any case; ±Infinity for
     *         {@code Infinity}, {@code inf} and decimals beyond the double range
     * @throws NumberFormatException if the cell is not in decimal notation
     */
    static double parse(byte[] b, int from, int to) {
        while (from < to && isBlank(b[from])) {
            from++;
        }
        while (to > from && isBlank(b[to - 1])) {
            to--;
        }
        if (from == to) {
            return Double.NaN;
        }
        int i = from;
        boolean negative = b[i] == '-';
        if (negative || b[i] == '+') {
            i++;
        }
        // The significand may overflow when there are more than 18 digits; the slow path then
        // takes over, so the overflowed value is never used.
        long significand = 0;
        int digits = 0;
        int exponent = 0;
        int start = i;
        // Leading zeros are accumulated too: they cost a digit of the fast path's budget but save
        // a branch per digit on the usual short cells.
        for (; i < to && isDigit(b[i]); i++) {
            significand = significand * 10 + (b[i] - '0');
            digits++;
        }
        boolean any = i > start;
        if (i < to && b[i] == '.') {
            int point = ++i;
            for (; i < to && isDigit(b[i]); i++) {
                significand = significand * 10 + (b[i] - '0');
            }
            any |= i > point;
            digits += i - point;
            exponent = point - i;
        }
        if (!any) {
            return special(b, from, to, negative);
        }
        if (i < to && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            boolean negativeExponent = i < to && b[i] == '-';
            if (i < to && (b[i] == '-' || b[i] == '+')) {
                i++;
            }
            int expStart = i;
            int written = 0;
            for (; i < to && isDigit(b[i]); i++) {
                // Saturate: beyond 10^6 every double is 0 or infinite anyway.
                written = Math.min(written * 10 + (b[i] - '0'), 1_000_000);
            }
            if (i == expStart) {
                throw notDecimal(b, from, to);
            }
            exponent += negativeExponent ? -written : written;
        }
        if (i != to) {
            throw notDecimal(b, from, to);
        }
        if (digits <= MAX_FAST_DIGITS && significand <= MAX_EXACT_SIGNIFICAND && exponent >= -22 && exponent <= 22) {
            double value = exponent < 0
                    ? significand / POWERS_OF_TEN[-exponent]
                    : significand * POWERS_OF_TEN[exponent];
            return negative ? -value : value;
        }
        // The syntax is checked above, so the library sees nothing but a decimal.
        return JavaDoubleParser.parseDouble(b, from, to - from);
    }

    /** 10^k for k in [0, 22], each exact as a double. */
    static double powerOfTen(int k) {
        return POWERS_OF_TEN[k];
    }

    /** {@code nan} is NaN; {@code Infinity} and {@code inf} (any case, signed) are infinite; the rest is not a number. */
    private static double special(byte[] b, int from, int to, boolean negative) {
        if (equalsIgnoreCase(b, from, to, "nan")) {
            return Double.NaN;
        }
        int word = b[from] == '+' || b[from] == '-' ? from + 1 : from;
        if (equalsIgnoreCase(b, word, to, "infinity") || equalsIgnoreCase(b, word, to, "inf")) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        throw notDecimal(b, from, to);
    }

    private static boolean equalsIgnoreCase(byte[] b, int from, int to, String word) {
        if (to - from != word.length()) {
            return false;
        }
        for (int k = 0; k < word.length(); k++) {
            if ((b[from + k] | 0x20) != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static NumberFormatException notDecimal(byte[] b, int from, int to) {
        return new NumberFormatException("not a decimal number: " + new String(b, from, to - from,
                java.nio.charset.StandardCharsets.UTF_8));
    }

    static boolean isBlank(byte c) {
        return c == ' ' || c == '\t';
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
