package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Defects a bad-input campaign found in the extension, one test each: huge values, counts beyond
 * memory, recording from other threads, names XML cannot hold, metric names that collide with
 * the per-series properties, and messages that asked for too little.
 */
class ReliabilityTest {
    @TempDir
    Path folder;

    @Test
    void aMeanOfValuesNearTheLargestDoubleIsFiniteAndTheResultIsWritten() throws Exception {
        // Before: every run passed with Infinity, the verdict threw and no result was written.
        Kit kit = Kit.in(folder);
        kit.run(HugeValues.class).testEvents().assertStatistics(stats -> stats.succeeded(7).failed(0));
        JsonNode result = kit.result(HugeValues.class, "cca");
        JsonNode value = result.get("runs").get(0).get("metrics").get(0).get("value");
        assertThat(value.isNumber()).as(value.toString()).isTrue();
        assertThat(value.doubleValue()).isFinite().isGreaterThan(1.6e308);
    }

    @Test
    void aCountBeyondTheLimitIsAConfigurationErrorNotAnOutOfMemoryError() {
        assertThat(ConfigurationTest.configurationError(Kit.in(folder).run(HugeCount.class)))
                .contains("@Runs(count = 2000000000)", "@Series(count = 3)", "6000000000", "more than the 100000");
        assertThat(ConfigurationTest.configurationError(Kit.in(folder).run(HugeRobustness.class)))
                .contains("@Runs(robustness = 2000000000) must be below 100000");
    }

    @Test
    void recordingFromAnotherThreadFailsTheRunEvenWhenThePoolSwallowsTheException() {
        // Before: 3–70 % of the samples were lost and the verdict passed.
        EngineExecutionResults results = Kit.in(folder).run(OtherThread.class);
        results.testEvents().assertStatistics(stats -> stats.failed(6));
        Throwable first = results.testEvents().failed().list().get(0).getPayload(TestExecutionResult.class)
                .orElseThrow().getThrowable().orElseThrow();
        assertThat(first).hasMessageStartingWith("series 1 run 1 failed: RunContext.recordSample(...) was called from thread"
                + " \"pool-").hasMessageContaining("is not thread-safe");
    }

    @Test
    void lifecycleMethodsAndTheTestMayEachRunInAThreadOfTheirOwn() {
        // @Timeout's SEPARATE_THREAD mode runs each in a fresh thread: that is not misuse.
        Kit.in(folder).run(SeparateThreads.class).testEvents().assertStatistics(stats -> stats.failed(0).succeeded(6));
    }

    @Test
    void controlCharactersInNamesAreRefused() {
        assertThat(ConfigurationTest.configurationError(Kit.in(folder).run(BellInName.class)))
                .contains("@Metric(name = \"de?lay\") holds the control character U+0007 at position 3");
        assertThat(ConfigurationTest.configurationError(Kit.in(folder).run(NewlineInUnit.class)))
                .contains("@Metric(unit = \"m?s\") holds the control character U+000A at position 2");
    }

    @Test
    void aRunWithOneSampleIsToldToRecordTwo() {
        EngineExecutionResults results = Kit.in(folder).run(OneSample.class);
        Throwable first = results.testEvents().failed().list().get(0).getPayload(TestExecutionResult.class)
                .orElseThrow().getThrowable().orElseThrow();
        assertThat(first).hasMessageContaining("metric \"delay\" is undefined with 1 sample")
                .hasMessageContaining("record at least 2 finite samples");
    }

    @FixturesOnly
    static class HugeValues {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "load", statistic = Statistic.MEAN)
        @ConvergenceRequired
        @Kpi(metric = "load", atMost = Double.MAX_VALUE)
        void cca(RunContext run) {
            double[] values = new double[10];
            Arrays.fill(values, 0.9 * Double.MAX_VALUE);
            run.recordSamples("load", values);
        }
    }

    @FixturesOnly
    static class HugeCount {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 2_000_000_000)
        @Series(count = 3)
        @Metric(name = "delay")
        void cca(RunContext run) {
            run.recordRunValue("delay", 1);
        }
    }

    @FixturesOnly
    static class HugeRobustness {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, robustness = 2_000_000_000)
        @Metric(name = "delay")
        void cca(RunContext run) {
            run.recordRunValue("delay", 1);
        }
    }

    @FixturesOnly
    static class OtherThread {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        void cca(RunContext run) throws InterruptedException {
            run.recordSample("delay", 1);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            for (int i = 0; i < 4; i++) {
                double value = i;
                pool.submit(() -> run.recordSample("delay", value)); // the Future keeps the exception
            }
            pool.shutdown();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @FixturesOnly
    static class SeparateThreads {
        private RunContext current;

        @BeforeEach
        void before(RunContext run) {
            current = run;
            run.recordSample("delay", 1);
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
        void cca(RunContext run) {
            run.recordSample("delay", 2);
        }

        @AfterEach
        @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
        void after() {
            current.recordSample("delay", 3);
        }
    }

    @FixturesOnly
    static class BellInName {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "de\u0007lay")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class NewlineInUnit {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay", unit = "m\ns")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class OneSample {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        void cca(RunContext run) {
            run.recordSample("delay", 1);
        }
    }
}
