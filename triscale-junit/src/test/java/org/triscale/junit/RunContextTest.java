package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What a run sees: its coordinates, its seed, clear errors for misuse; and its progress line. */
class RunContextTest {
    @TempDir
    Path folder;

    @Test
    void seedsAreStableAcrossLaunchesAndDistinctBetweenRuns() {
        List<Long> first = seeds(Kit.in(folder));
        List<Long> second = seeds(Kit.in(folder));
        List<Long> otherBase = seeds(Kit.in(folder).with("triscale.seed", "1"));

        assertThat(first).hasSize(10).doesNotHaveDuplicates().isEqualTo(second);
        assertThat(otherBase).hasSize(10).doesNotContainAnyElementsOf(first);
    }

    private static List<Long> seeds(Kit kit) {
        SeedFixture.seeds.clear();
        kit.run(SeedFixture.class).testEvents().assertStatistics(stats -> stats.succeeded(13));
        return new ArrayList<>(SeedFixture.seeds);
    }

    @Test
    void unknownMetricFailsTheRunNamingTheDeclaredOnes() {
        assertThat(Kit.runFailure(Kit.in(folder).run(UnknownMetricFixture.class)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("\"delai\"", "delay, throughput");
    }

    @Test
    void infinityIsRejected() {
        assertThat(Kit.runFailure(Kit.in(folder).run(InfinityFixture.class)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("metric \"delay\": y is Infinity; samples must be finite (NaN is dropped and "
                        + "counted)");
    }

    @Test
    void runWithoutUsableSamplesFails() {
        assertThat(Kit.runFailure(Kit.in(folder).run(OnlyNaNFixture.class)))
                .hasMessageStartingWith("series 1 run 1 recorded no usable value: metric \"delay\" has no finite sample"
                        + " (2 NaN dropped)");
    }

    @Test
    void printsOneProgressLinePerRunAndOneForTheVerdict() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            Kit.in(folder).with("triscale.progress", "true").run(SeedFixture.class);
        } finally {
            System.setOut(original);
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        // 10 runs, 2 series' KPI checks, the verdict, its table of numbers (3 lines and the result)
        assertThat(lines).hasSize(17);
        assertThat(lines.get(0)).matches("\\[SeedFixture\\.cca] series 1/2 run 1/5 · delay=13 ms · elapsed \\d+ s · ETA \\d+ s");
        assertThat(lines.get(5)).isEqualTo("[SeedFixture.cca] series 1/2 · KPI checks: passed · KPI delay P75 at 75 %"
                + " (atMost 100 ms) = 15 ms ok");
        assertThat(lines.get(10)).matches("\\[SeedFixture\\.cca] series 2/2 run 5/5 · delay=14 ms · elapsed \\d+ s");
        assertThat(lines.get(12)).startsWith("[SeedFixture.cca] verdict · passed · 1 KPI in 2 series and 0 scores hold · ");
        assertThat(lines.get(13)).startsWith("TriScale verdict of RunContextTest$SeedFixture.cca: PASSED");
    }

    @FixturesOnly
    static class SeedFixture {
        static final List<Long> seeds = new ArrayList<>();

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 2)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            seeds.add(run.seed());
            run.recordRunValue("delay", VerdictTest.DELAYS[run.run() - 1]);
        }
    }

    @FixturesOnly
    static class UnknownMetricFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Metric(name = "throughput")
        void cca(RunContext run) {
            run.recordSample("delai", 1.0);
        }
    }

    @FixturesOnly
    static class InfinityFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        void cca(RunContext run) {
            run.recordSample("delay", 0, Double.POSITIVE_INFINITY);
        }
    }

    @FixturesOnly
    static class OnlyNaNFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        void cca(RunContext run) {
            run.recordSample("delay", Double.NaN);
            run.recordSamples("delay", new double[] {Double.NaN});
        }
    }
}
