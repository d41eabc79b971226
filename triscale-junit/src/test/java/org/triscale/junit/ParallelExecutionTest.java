package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Parallel execution configured by the user runs the runs of one method one after the other. */
class ParallelExecutionTest {
    @TempDir
    Path folder;

    @Test
    void runsOfOneMethodNeverOverlap() {
        Fixture.active.clear();
        Fixture.overlaps.set(0);

        Kit.in(folder).with("junit.jupiter.execution.parallel.enabled", "true")
                .with("junit.jupiter.execution.parallel.mode.default", "concurrent")
                .with("junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
                .with("junit.jupiter.execution.parallel.config.strategy", "fixed")
                .with("junit.jupiter.execution.parallel.config.fixed.parallelism", "4")
                .run(Fixture.class)
                .testEvents().assertStatistics(stats -> stats.started(36).succeeded(36));

        assertThat(Fixture.overlaps).hasValue(0);
    }

    @FixturesOnly
    static class Fixture {
        static final Map<String, AtomicInteger> active = new ConcurrentHashMap<>();
        static final AtomicInteger overlaps = new AtomicInteger();

        static void run(String method, RunContext run) throws InterruptedException {
            AtomicInteger count = active.computeIfAbsent(method, key -> new AtomicInteger());
            if (count.incrementAndGet() > 1) {
                overlaps.incrementAndGet();
            }
            Thread.sleep(2);
            run.recordRunValue("delay", VerdictTest.DELAYS[(run.run() - 1) % 5]);
            count.decrementAndGet();
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void first(RunContext run) throws InterruptedException {
            run("first", run);
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void second(RunContext run) throws InterruptedException {
            run("second", run);
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void third(RunContext run) throws InterruptedException {
            run("third", run);
        }
    }
}
