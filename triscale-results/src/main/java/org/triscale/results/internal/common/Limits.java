package org.triscale.results.internal.common;

import java.util.Locale;

/**
 * What a setup accepts beyond the ranges of the annotations' attributes: run counts that the
 * extension can hold (every run is a JUnit invocation with its record kept until the verdict),
 * and names that every report can show (XML 1.0 has no control characters).
 */
public final class Limits {
    /** Most runs a test method may have, over all series. */
    public static final int MAX_RUNS = 100_000;

    private Limits() {
    }

    /**
     * Checks the number of runs, with long arithmetic (an int product of two counts overflows).
     *
     * @param runsPerSeries runs in each series, and where that number comes from
     * @param runsSource    e.g. {@code "@Runs(count = 2000000000)"}
     * @param seriesCount   number of series
     * @param seriesSource  e.g. {@code "@Series(count = 3)"}
     * @return why the counts are too large, or {@code null} when they fit
     */
    public static String runs(long runsPerSeries, String runsSource, long seriesCount, String seriesSource) {
        long total = runsPerSeries * seriesCount;
        if (total <= MAX_RUNS) {
            return null;
        }
        return runsSource + " with " + seriesSource + " asks for " + runsPerSeries + " × " + seriesCount + " = " + total
                + " runs, more than the " + MAX_RUNS + " one test method may have (each run is a JUnit invocation kept"
                + " in memory until the verdict); lower the counts, or split the experiment over several methods";
    }

    /**
     * Finds a character that a name or unit must not hold: a control character (including tab
     * and line breaks), U+FFFE, U+FFFF, or half of a surrogate pair.
     *
     * @param text the name
     * @return the first such character as {@code "U+0007 at position 3"}, or {@code null} when none
     */
    public static String invalidCharacter(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (pair) {
                i++;
            } else if (Character.isISOControl(c) || Character.isSurrogate(c) || c == 0xFFFE || c == 0xFFFF) {
                return String.format(Locale.ROOT, "U+%04X at position %d", (int) c, i + 1);
            }
        }
        return null;
    }
}
