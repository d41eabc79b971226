package org.triscale.results.internal.setup;


import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a sequel's numbers depend on besides the code under test: a baseline measured on another
 * test bed is not comparable. The JDK is compared by its feature version ({@code 17}), the
 * operating system by its name; patch levels are kept in the record's {@code environment}, for
 * information only.
 *
 * @param java     JDK feature version, e.g. {@code 17}
 * @param os       operating system name, e.g. {@code Linux}
 * @param arch     processor architecture, e.g. {@code amd64}
 * @param cpus     available processors
 * @param scenario the scenario (name or hash) given by {@code @Baseline(scenario)}, empty for none
 * @param testBed  what the runs reported with {@code RunContext.testBed(key, value)}, e.g. backend
 *                 name and version, sorted by key
 * @param tags     user tags ({@code @Baseline(tags)} and {@code triscale.baseline.tags}), sorted by key
 */
public record Fingerprint(String java, String os, String arch, Integer cpus, String scenario,
                          Map<String, String> testBed, Map<String, String> tags) {

    /** Copies the maps in key order; null maps become empty. */
    public Fingerprint {
        testBed = testBed == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(testBed));
        tags = tags == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(tags));
        scenario = scenario == null ? "" : scenario;
    }

    /**
     * The fingerprint of this JVM and machine with the test's own entries.
     *
     * @param scenario the scenario, empty for none
     * @param testBed  the entries reported by the runs
     * @param tags     the user tags
     * @return the fingerprint
     */
    public static Fingerprint current(String scenario, Map<String, String> testBed, Map<String, String> tags) {
        Machine machine = Machine.current();
        return new Fingerprint(Integer.toString(machine.javaFeature()), machine.osName(), machine.arch(), machine.cpus(),
                scenario, testBed, tags);
    }

    /** The machine entries a test may leave out of the comparison. */
    public static final Set<String> MACHINE_ENTRIES = Set.of("java", "os", "arch", "cpus");

    /**
     * The entries that differ from another fingerprint, e.g. {@code "cpus: 8 → 2"}, in a fixed
     * order; empty when they match.
     *
     * @param other the fingerprint compared with, the older one
     * @return the differences, old value first
     */
    public List<String> differences(Fingerprint other) {
        return differences(other, Set.of());
    }

    /**
     * The entries that differ from another fingerprint, leaving out some machine entries (for
     * example {@code cpus} for an emulator whose results do not depend on the machine).
     *
     * @param other   the fingerprint compared with, the older one
     * @param ignored names among {@link #MACHINE_ENTRIES} not compared
     * @return the differences, old value first
     */
    public List<String> differences(Fingerprint other, Set<String> ignored) {
        List<String> out = new ArrayList<>();
        if (!ignored.contains("java")) {
            compare(out, "java", other.java, java);
        }
        if (!ignored.contains("os")) {
            compare(out, "os", other.os, os);
        }
        if (!ignored.contains("arch")) {
            compare(out, "arch", other.arch, arch);
        }
        if (!ignored.contains("cpus")) {
            compare(out, "cpus", other.cpus == null ? null : other.cpus.toString(),
                    cpus == null ? null : cpus.toString());
        }
        compare(out, "scenario", other.scenario, scenario);
        compareMaps(out, "testBed.", other.testBed, testBed);
        compareMaps(out, "tag.", other.tags, tags);
        return out;
    }

    private static void compareMaps(List<String> out, String prefix, Map<String, String> old, Map<String, String> now) {
        TreeSet<String> keys = new TreeSet<>(old.keySet());
        keys.addAll(now.keySet());
        for (String key : keys) {
            compare(out, prefix + key, old.get(key), now.get(key));
        }
    }

    private static void compare(List<String> out, String name, String old, String now) {
        if (!Objects.equals(old, now)) {
            out.add(name + ": " + show(old) + " → " + show(now));
        }
    }

    private static String show(String value) {
        return value == null ? "(none)" : value.isEmpty() ? "(empty)" : "'" + value + "'";
    }
}
