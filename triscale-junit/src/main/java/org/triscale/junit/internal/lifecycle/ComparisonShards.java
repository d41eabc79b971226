package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.TestAbortedException;
import org.triscale.results.internal.setup.ConfigurationKeys;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.zip.CRC32;

/**
 * Which shard runs a plain test that runs a {@code Sequel} or compares sequels, under
 * {@code triscale.shard = k/K}: exactly one, so that its comparisons are made once across the
 * shards and {@code triscale merge} collects each once. The owner of a test is
 * {@code (CRC-32 of "Class.method" mod K) + 1}: a hash spreads the comparison tests over the
 * shards (all on shard 1 would make that job the slowest), it depends on nothing but the name and
 * K, so every shard agrees without talking to the others, and CRC-32 (ISO 3309) is the same on
 * every JVM. All invocations of one method (a parameterized test) share their owner, as they share
 * the name their comparisons are recorded under.
 *
 * <p>The launch listener names the launch's shard when the launch starts and the running test as
 * each test starts (on the test's thread); {@code Sequel.run}, {@code Sequel.interleave} and every
 * recorded comparison call {@link #here()}, which aborts the test (JUnit: skipped) in the other
 * shards with a reason naming the shard that runs it. A test without a sequel is not affected.
 */
public final class ComparisonShards {
    private static volatile Shard launch;
    private static final ThreadLocal<String> TEST = new ThreadLocal<>();
    private static final AtomicInteger ELSEWHERE = new AtomicInteger();

    private ComparisonShards() {
    }

    /**
     * Reads the launch's shard, as the extension does ({@link ConfigurationKeys#SHARD} or a
     * scheduler's environment); an invalid value is left to the extension's own error and taken as
     * no shard here.
     *
     * @param parameters the launch's configuration parameters by key, trimmed, empty when not set
     * @return the shard, or {@code null} for an unsharded launch
     */
    public static Shard startLaunch(Function<String, Optional<String>> parameters) {
        return startLaunch(parameters, System.getenv());
    }

    static Shard startLaunch(Function<String, Optional<String>> parameters, Map<String, String> environment) {
        Shard shard;
        try {
            shard = Shard.read(parameters, environment).orElse(null);
        } catch (ExtensionConfigurationException e) {
            shard = null;
        }
        launch = shard;
        ELSEWHERE.set(0);
        return shard;
    }

    /**
     * What a launch started inside a test (a test of tests that starts its own launcher) replaces,
     * to put back when it ends.
     *
     * @param shard     the enclosing launch's shard, or null
     * @param test      the test running on this thread, or null
     * @param elsewhere the enclosing launch's count of tests skipped for another shard
     */
    public record Saved(Shard shard, String test, int elsewhere) {
    }

    /**
     * Saves the state of the enclosing launch, if any, before {@link #startLaunch}.
     *
     * @return the state
     */
    public static Saved save() {
        return new Saved(launch, TEST.get(), ELSEWHERE.get());
    }

    /**
     * Puts back the state of the enclosing launch when a launch ends.
     *
     * @param saved what {@link #save()} returned
     */
    public static void restore(Saved saved) {
        launch = saved.shard();
        test(saved.test());
        ELSEWHERE.set(saved.elsewhere());
    }

    /**
     * Names the test running on this thread, or none.
     *
     * @param testName {@code SimpleClass.method}, or {@code null} when the test ended
     */
    public static void test(String testName) {
        if (testName == null) {
            TEST.remove();
        } else {
            TEST.set(testName);
        }
    }

    /**
     * How many tests this launch skipped because another shard runs them.
     *
     * @return their number
     */
    public static int elsewhere() {
        return ELSEWHERE.get();
    }

    /**
     * The shard that runs a test's sequels and comparisons.
     *
     * @param testName {@code SimpleClass.method}
     * @param count    K
     * @return its index, 1 to K
     */
    public static int owner(String testName, int count) {
        CRC32 crc = new CRC32();
        crc.update(testName.getBytes(StandardCharsets.UTF_8));
        return (int) (crc.getValue() % count) + 1;
    }

    /**
     * Returns when this launch runs the current test's sequels and comparisons; aborts the test
     * when another shard does.
     *
     * @throws TestAbortedException naming the shard that runs the test
     */
    public static void here() {
        Shard shard = launch;
        String test = TEST.get();
        if (shard == null || test == null) {
            return;
        }
        int owner = owner(test, shard.count());
        if (owner != shard.index()) {
            ELSEWHERE.incrementAndGet();
            throw new TestAbortedException("TriScale: " + test + " runs sequels or compares them, which happens in"
                    + " one shard only: shard " + owner + "/" + shard.count() + " runs it, this is shard " + shard
                    + " (" + ConfigurationKeys.SHARD + "); triscale merge collects its comparisons");
        }
    }
}
