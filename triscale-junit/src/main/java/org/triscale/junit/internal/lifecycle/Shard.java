package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.triscale.junit.TriscaleConstants;
import org.triscale.junit.internal.setup.SettingsReader;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One shard of a sequel ({@code triscale.shard = k/K}): series s belongs to shard
 * {@code ((s − 1) mod K) + 1}. The assignment depends only on s and K, so every shard job picks
 * its series without talking to the others, and the merge knows which series each shard owes.
 *
 * @param index k, from 1
 * @param count K, the number of shards
 */
public record Shard(int index, int count) {
    /** The most shards accepted: far more than any CI matrix, small enough for a readable error. */
    static final int MAX_COUNT = 10_000;

    /**
     * Validates the shard.
     *
     * @throws IllegalArgumentException if not 1 &le; index &le; count &le; {@link #MAX_COUNT}
     */
    public Shard {
        if (count < 1 || count > MAX_COUNT || index < 1 || index > count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + " is not valid; use k/K with"
                    + " 1 <= k <= K <= " + MAX_COUNT);
        }
    }

    /** The shard of the launch, if {@link TriscaleConstants#SHARD} is set. */
    static Optional<Shard> read(ExtensionContext context) {
        return SettingsReader.parameter(context, TriscaleConstants.SHARD).map(Shard::parse);
    }

    /**
     * Parses {@code k/K}.
     *
     * @param text the parameter's value
     * @return the shard
     * @throws ExtensionConfigurationException naming the parameter, the value and the valid form
     */
    public static Shard parse(String text) {
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        int k;
        int n;
        try {
            if (slash < 0) {
                throw new NumberFormatException();
            }
            k = Integer.parseInt(trimmed.substring(0, slash).trim());
            n = Integer.parseInt(trimmed.substring(slash + 1).trim());
        } catch (NumberFormatException e) {
            throw invalid(text, "k/K, two whole numbers such as 2/4 (the second of four shards)");
        }
        if (n < 1 || n > MAX_COUNT) {
            throw invalid(text, "k/K with K, the number of shards, from 1 to " + MAX_COUNT + " (K = " + n
                    + " is not)");
        }
        if (k < 1 || k > n) {
            throw invalid(text, "k/K with 1 <= k <= K: k = " + k + " is " + (k < 1 ? "below 1" : "above K = " + n)
                    + "; the shards of K = " + n + " are 1/" + n + " to " + n + "/" + n);
        }
        return new Shard(k, n);
    }

    private static ExtensionConfigurationException invalid(String text, String expected) {
        return SettingsReader.invalid(TriscaleConstants.SHARD, text, expected);
    }

    /**
     * Whether a series belongs to this shard.
     *
     * @param series the series, from 1
     * @return whether this shard runs it
     */
    public boolean includes(int series) {
        return (series - 1) % count == index - 1;
    }

    /**
     * The series of this shard, ascending; empty when the test has fewer than k series.
     *
     * @param seriesCount the test's number of series
     * @return the series numbers, from 1
     */
    public List<Integer> series(int seriesCount) {
        List<Integer> own = new ArrayList<>();
        for (int series = index; series <= seriesCount; series += count) {
            own.add(series);
        }
        return own;
    }

    /** {@code k/K}. */
    @Override
    public String toString() {
        return index + "/" + count;
    }
}
