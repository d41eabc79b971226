package org.triscale.junit.internal.recording;

import java.util.Map;
import java.util.TreeMap;

/** What the runs of one test method report about their test bed, for the baseline's fingerprint. */
public final class TestBed {
    public static final int MAX_KEY = 100;
    public static final int MAX_VALUE = 1_000;

    private final Map<String, String> entries = new TreeMap<>();

    /** Adds an entry; a key keeps its first value. */
    synchronized void put(String key, String value, String run) {
        if (key == null || key.isBlank() || key.length() > MAX_KEY) {
            throw new IllegalArgumentException("testBed(" + quote(key) + ", ...): the key must be a name of 1 to "
                    + MAX_KEY + " characters, e.g. \"backend\"");
        }
        if (value == null || value.length() > MAX_VALUE) {
            throw new IllegalArgumentException("testBed(\"" + key + "\", " + (value == null ? "null" : "a text of "
                    + value.length() + " characters") + "): the value must be a text of at most " + MAX_VALUE
                    + " characters; give a version or a hash rather than the whole configuration");
        }
        String old = entries.putIfAbsent(key, value);
        if (old != null && !old.equals(value)) {
            throw new IllegalStateException("testBed(\"" + key + "\", \"" + value + "\") in " + run + ": an earlier "
                    + "run gave \"" + old + "\"; the test bed must not change within a test");
        }
    }

    public synchronized Map<String, String> entries() {
        return Map.copyOf(entries);
    }

    private static String quote(String text) {
        return text == null ? "null" : "\"" + text + "\"";
    }
}
