package org.triscale.junit.internal.setup;

import org.triscale.results.internal.launch.LaunchEnd;
import org.triscale.results.internal.setup.ConfigurationKeys;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code triscale.*} configuration keys TriScale reads, and the warning for any other: a
 * misspelled key ({@code triscale.runs.paralelism}) would otherwise be ignored without a word. The
 * launch listener reports each unknown key of the launch's configuration parameters and system
 * properties once per launch, with the nearest known key (Levenshtein distance, at most a third
 * of the key's length). It is a warning, not an error: a key of a later TriScale version must not
 * fail an older one's build.
 */
public final class KnownKeys {
    /** Keys read outside the extension's constants: the JSON and test-bed limits, test-bed tools, samples. */
    private static final List<String> OTHERS = java.util.stream.Stream.concat(LaunchEnd.LIBRARY_KEYS.stream(),
            java.util.stream.Stream.of("triscale.testbed.maxDecompressedBytes", "triscale.testbed.maxLineLength",
            "triscale.testbed.maxStringLength", "triscale.testbed.maxValues", "triscale.externalRun.noSetsid",
            "triscale.ns3.cache", "triscale.ns3.cxx", "triscale.ns3.prefix", "triscale.samples.backend",
            // renamed in 0.2.0: reported as renamed by the settings, not as unknown
            "triscale.surefire.reportsDir", "triscale.baseline.fromHistory")).toList();

    private static final Set<String> KNOWN = known();

    private KnownKeys() {
    }

    /**
     * Every known key.
     *
     * @return the keys, sorted
     */
    public static Set<String> all() {
        return KNOWN;
    }

    /**
     * One warning per unknown {@code triscale.*} key, with the nearest known key when one is close.
     *
     * @param keys the keys set (configuration parameters and system properties), any prefix
     * @return the warnings, sorted by key
     */
    public static List<String> warnings(Collection<String> keys) {
        List<String> warnings = new ArrayList<>();
        for (String key : new TreeSet<>(keys)) {
            if (!key.startsWith("triscale.") || KNOWN.contains(key)) {
                continue;
            }
            String nearest = nearest(key);
            warnings.add("TriScale: unknown configuration parameter " + key + " is ignored; "
                    + (nearest == null ? "see docs/configuration.md for the keys" : "did you mean " + nearest + "?"));
        }
        return warnings;
    }

    /** The known key nearest to {@code key}, or null when none is within a third of its length. */
    static String nearest(String key) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String known : KNOWN) {
            int distance = distance(key.toLowerCase(java.util.Locale.ROOT), known.toLowerCase(java.util.Locale.ROOT));
            if (distance < bestDistance) {
                best = known;
                bestDistance = distance;
            }
        }
        return bestDistance <= Math.max(2, key.length() / 3) ? best : null;
    }

    /** Levenshtein's edit distance (insertions, deletions, substitutions), two rows. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    private static Set<String> known() {
        Set<String> keys = new TreeSet<>(OTHERS);
        for (Class<?> type : List.of(ConfigurationKeys.class)) {
            for (Field field : type.getFields()) {
                if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                    try {
                        Object value = field.get(null);
                        if (value instanceof String text && text.startsWith("triscale.")) {
                            keys.add(text);
                        }
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException("public constant " + field + " cannot be read", e);
                    }
                }
            }
        }
        return java.util.Collections.unmodifiableSet(keys);
    }
}
