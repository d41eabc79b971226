package org.triscale.results.internal.model;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.triscale.results.internal.setup.Fingerprint;

import java.util.List;

/**
 * The partial result of one shard of a test method ({@code triscale.shard = k/K}): the runs of the
 * shard's series and everything the merge needs to judge them with the other shards' runs. It is
 * not a verdict: it holds no KPI, score or gate outcome. Documented in
 * {@code docs/ci.md}.
 *
 * @param partialSchemaVersion version of this format, {@link #SCHEMA_VERSION}; a full result's
 *                             {@code schemaVersion} is absent on purpose, so that no reader of
 *                             full results mistakes a partial one for a verdict
 * @param testClass            fully qualified name of the test class
 * @param testMethod           name of the test method
 * @param testName             {@code SimpleClass.method}, for messages
 * @param shard                the shard and the series it ran
 * @param times                when the shard started and was recorded, written as the fields
 *                             {@code startedAt} and {@code recordedAt} ({@code @JsonUnwrapped}) so that
 *                             the JSON stays flat; {@link #startedAt()} and {@link #recordedAt()} read them
 * @param triscaleVersion      the extension's version, null when unknown (run from classes)
 * @param parameters           the test's parameters, as in the full result
 * @param gate                 the {@code @Baseline} gate, or null without it
 * @param fingerprint          the test bed of the shard (machine, test-bed entries, tags)
 * @param environment          where the shard ran, as in the full result; null in files written before
 *                             it was recorded
 * @param runs                 the runs of the shard's series, series by series, in run order
 */
public record PartialResult(int partialSchemaVersion, String testClass, String testMethod, String testName,
                            ShardRuns shard, @JsonUnwrapped Times times, String triscaleVersion,
                            TestResult.Parameters parameters, StoredGate gate, Fingerprint fingerprint,
                            TestResult.Environment environment, List<TestResult.Run> runs) {

    /** A file read without either time has them null (never a null part). */
    public PartialResult {
        times = times == null ? new Times(null, null) : times;
    }

    /**
     * When a shard ran.
     *
     * @param startedAt  when the method's invocations were first generated, ISO-8601 UTC
     * @param recordedAt when the shard's last run ended and this file was written, ISO-8601 UTC
     */
    public record Times(String startedAt, String recordedAt) {
    }

    /** @return when the method's invocations were first generated, ISO-8601 UTC ({@link Times#startedAt()}) */
    public String startedAt() {
        return times.startedAt();
    }

    /** @return when the shard's last run ended and this file was written, ISO-8601 UTC ({@link Times#recordedAt()}) */
    public String recordedAt() {
        return times.recordedAt();
    }

    /**
     * {@code method[cell]}, or the method's name outside a grid: what the shard's files are named after.
     *
     * @return the key of this test
     */
    public String testKey() {
        return org.triscale.results.internal.setup.TestSetup.TestId.key(testMethod,
                parameters == null ? null : parameters.cell());
    }

    /** The current version of the format. */
    public static final int SCHEMA_VERSION = 1;

    /**
     * Which shard this is.
     *
     * @param index  k, from 1
     * @param count  K, the number of shards
     * @param series the series this shard ran, ascending (empty when the test has fewer than k series)
     */
    public record ShardRuns(int index, int count, List<Integer> series) {
    }

    /** {@code CubicTest.cubicOnLongPath shard 2/4}, for messages. */
    public String label() {
        return testName + " shard " + shard.index() + "/" + shard.count();
    }
}
