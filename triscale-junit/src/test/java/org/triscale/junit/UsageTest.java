package org.triscale.junit;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a test method is annotated and how it uses its {@code RunContext}: mistakes that used to be
 * silent, ran the body outside the extension, or repeated one message for every run.
 */
class UsageTest {
    @TempDir
    Path folder;

    @Test
    void runsWithTestFailsAndTheBodyNeverRuns() {
        TestAndRuns.bodies.set(0);

        EngineExecutionResults results = Kit.in(folder).run(TestAndRuns.class);

        assertThat(TestAndRuns.bodies).hasValue(0);
        assertThat(failures(results)).isNotEmpty().allSatisfy(message -> assertThat(message).isEqualTo(
                "TriScale configuration error in TestAndRuns.cca: @Runs cannot be combined with @Test: JUnit would run"
                        + " the method outside TriScale's runs; remove @Test"));
    }

    @Test
    void runsWithRepeatedTestFailsAndTheBodyNeverRuns() {
        RepeatedTestAndRuns.bodies.set(0);

        EngineExecutionResults results = Kit.in(folder).run(RepeatedTestAndRuns.class);

        assertThat(RepeatedTestAndRuns.bodies).hasValue(0);
        assertThat(failures(results)).isNotEmpty()
                .allSatisfy(message -> assertThat(message).contains("@Runs cannot be combined with @RepeatedTest"));
    }

    @Test
    void triscaleAnnotationsWithoutRunsFail() {
        StrayKpi.bodies.set(0);

        EngineExecutionResults results = Kit.in(folder).run(StrayKpi.class);

        assertThat(StrayKpi.bodies).hasValue(0);
        assertThat(failures(results)).singleElement().asString().contains("StrayKpi.cca: @Metric, @Kpi",
                "apply only to a @Runs method, and this method has no @Runs");
    }

    @Test
    void runsTwiceIsRefused() {
        assertThat(failures(Kit.in(folder).run(RunsTwice.class))).singleElement().asString()
                .contains("@Runs is present 2 times (directly and through composed annotations)");
    }

    @Test
    void overloadedRunsMethodsAreRefused() {
        assertThat(failures(Kit.in(folder).run(Overloaded.class))).hasSize(2).allSatisfy(message -> assertThat(message)
                .contains("named cca are overloaded", "cca(RunContext), cca(RunContext, TestInfo)",
                        "share result files"));
    }

    @Test
    void aRunLevelConfigurationErrorStopsAfterTheFirstRun() {
        for (Class<?> fixture : List.of(UndeclaredName.class, CaughtMisuse.class)) {
            EngineExecutionResults results = Kit.in(folder).run(fixture);

            // One run, then the verdict with the one message; the other 4 runs never start.
            results.testEvents().assertStatistics(stats -> stats.started(2).failed(2));
            assertThat(failures(results)).last().asString().startsWith("TriScale configuration error in "
                    + fixture.getSimpleName() + ".cca, series 1 run 1: unknown metric \"dealy\"")
                    .endsWith("The remaining runs are not executed");
        }
    }

    @Test
    void countZeroSizesForTheMostDemandingKpi() {
        // @Runs asks for 5 runs (75/75); the KPI at 95 % confidence needs 11.
        Kit.in(folder).run(DemandingKpi.class).testEvents().assertStatistics(stats -> stats.started(13).succeeded(13));
    }

    @Test
    void aKpiOnTheOppositeSideRunsWhenAllowed() {
        Kit.in(folder).run(OppositeSideAllowed.class).testEvents()
                .assertStatistics(stats -> stats.started(7).succeeded(7));
    }

    @Test
    void aTestThatChecksNothingIsWarnedAbout() {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            Kit.in(folder).run(ChecksNothing.class).testEvents().assertStatistics(stats -> stats.succeeded(6));
        } finally {
            System.setOut(original);
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("[ChecksNothing.cca] WARNING · checks nothing: no "
                + "@Kpi, @VariabilityScore or @Baseline");
    }

    /** The messages of the configuration errors of every failed test or container, in order. */
    private static List<String> failures(EngineExecutionResults results) {
        return results.allEvents().failed().stream().map(Kit::error)
                .filter(error -> error instanceof ExtensionConfigurationException).map(Throwable::getMessage)
                .collect(Collectors.toList());
    }

    @FixturesOnly
    static class TestAndRuns {
        static final AtomicInteger bodies = new AtomicInteger();

        @Test
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca() {
            bodies.incrementAndGet();
        }
    }

    @FixturesOnly
    static class RepeatedTestAndRuns {
        static final AtomicInteger bodies = new AtomicInteger();

        @RepeatedTest(3)
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca() {
            bodies.incrementAndGet();
        }
    }

    @FixturesOnly
    static class StrayKpi {
        static final AtomicInteger bodies = new AtomicInteger();

        @Test
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca() {
            bodies.incrementAndGet();
        }
    }

    @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @Retention(RetentionPolicy.RUNTIME)
    @Runs(kpiPercentile = 75, kpiConfidence = 95)
    @interface TeamRuns {
    }

    @FixturesOnly
    static class RunsTwice {
        @TeamRuns
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", 1);
        }
    }

    @FixturesOnly
    static class Overloaded {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", 1);
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run, org.junit.jupiter.api.TestInfo info) {
            run.recordRunValue("delay", 1);
        }
    }

    @FixturesOnly
    static class UndeclaredName {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordSample("dealy", 1);
        }
    }

    @FixturesOnly
    static class CaughtMisuse {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            try {
                run.recordSample("dealy", 1);
            } catch (IllegalArgumentException ignored) {
                // a test that swallows the error still stops
            }
            run.recordRunValue("delay", 1);
        }
    }

    @FixturesOnly
    static class DemandingKpi {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", confidence = 95, atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", run.run());
        }
    }

    @FixturesOnly
    static class OppositeSideAllowed {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", percentile = 25, atMost = 100, oppositeSide = true)
        void cca(RunContext run) {
            run.recordRunValue("delay", run.run());
        }
    }

    @FixturesOnly
    static class ChecksNothing {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        void cca(RunContext run) {
            run.recordRunValue("delay", run.run());
        }
    }
}
