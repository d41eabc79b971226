package org.triscale.engine.network;

import org.apiguardian.api.API;

import java.util.Locale;

/**
 * Which direction of a metric is better: needed to say whether a change is a harm.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum Better {
    /** Less is better: flow completion time, delay, loss. */
    LOWER,
    /** More is better: throughput, goodput. */
    HIGHER;

    /**
     * Parses {@code lower} or {@code higher}, case-insensitive.
     *
     * @param text the text to parse
     * @return the direction
     * @throws IllegalArgumentException if the text is neither
     */
    public static Better parse(String text) {
        if (text != null) {
            switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "lower": return LOWER;
                case "higher": return HIGHER;
                default: break;
            }
        }
        throw new IllegalArgumentException("better must be 'lower' (less is better, e.g. FCT, delay) or 'higher' "
                + "(more is better, e.g. throughput), got " + (text == null ? "null" : "'" + text + "'"));
    }
}
