package org.triscale.cli;

import org.triscale.engine.format.Numbers;

/** Formatting of numbers for the human-readable output (JSON output keeps every digit). */
final class Text {
    private Text() {
    }

    /** A value with 6 significant digits (the extension's formatter, with more digits), or "undefined" for NaN. */
    static String number(double value) {
        return Double.isNaN(value) ? "undefined" : Numbers.format(value, 6);
    }

    /** A percent without a needless ".0": 75, 97.5. */
    static String percent(double value) {
        return Numbers.format(value, 6);
    }

    /** "75th", "1st", "50th", "97.5th". */
    static String ordinal(double percentile) {
        return Numbers.ordinal(percentile);
    }

    /** "3 values", "1 value". */
    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
