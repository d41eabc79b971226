package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.TestAbortedException;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs that do not converge are aborted, excluded, and make the verdict fail when too few remain. */
class ConvergenceRequiredTest {
    @TempDir
    Path folder;

    @Test
    void nonConvergedRunsAreSkippedAndTooFewRemain() {
        EngineExecutionResults results = Kit.in(folder).run(DriftingFixture.class);

        results.testEvents().assertStatistics(stats -> stats.started(7).succeeded(3).aborted(2).failed(2));
        List<Event> aborted = results.testEvents().aborted().list();
        assertThat(aborted).extracting(event -> event.getTestDescriptor().getDisplayName())
                .containsExactly("series 1/1 · run 2/5", "series 1/1 · run 4/5");
        Throwable abort = Kit.error(aborted.get(0));
        assertThat(abort).isInstanceOf(TestAbortedException.class);
        assertThat(abort.getMessage()).contains("series 1 run 2 did not converge", "delay", "95 % confidence",
                "tolerance ± 5 %", "@ConvergenceRequired(tolerance)");

        assertThat(VerdictTest.verdictFailure(results))
                .contains("KPI delay P75 at 75 % cannot be computed in series 1", "at least 5 valid runs",
                        "only 3 of 5", "2 did not converge", "@Runs(count = 7)")
                .contains("2 of 5 runs were excluded", "series 1 run 2", "series 1 run 4");
    }

    @Test
    void runsThatAllSkipThemselvesSkipTheVerdictToo() {
        EngineExecutionResults results = Kit.in(folder).run(AssumingFixture.class);

        results.testEvents().assertStatistics(stats -> stats.started(7).aborted(7).failed(0));
        Event checks = results.testEvents().aborted().list().get(5);
        assertThat(checks.getTestDescriptor().getDisplayName()).isEqualTo("series 1/1 · KPI checks");
        assertThat(Kit.error(checks)).isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("all 5 runs of the series were skipped by an assumption");
        Event verdict = results.testEvents().aborted().list().get(6);
        assertThat(verdict.getTestDescriptor().getDisplayName()).isEqualTo("verdict");
        assertThat(Kit.error(verdict))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("all 5 runs were skipped by an assumption; the verdict is skipped too");
    }

    @Test
    void convergedRunsUseTheMedianOfTheWindowedMetric() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(SteadyFixture.class).testEvents().assertStatistics(stats -> stats.started(7).succeeded(7));

        // Every window of 500 alternating samples has the median 40.5 (the midpoint of 40 and 41);
        // the plain nearest-rank median of all 1000 samples would be 41.
        TestResult result = JsonResults.read(kit.json(SteadyFixture.class, "cca"));
        assertThat(result.runs()).hasSize(5).allSatisfy(run -> assertThat(run.metrics().get(0).value()).isEqualTo(40.5));
    }

    @Test
    void reportingAMetricThatMustConvergeFailsTheRun() {
        EngineExecutionResults results = Kit.in(folder).run(ReportedFixture.class);

        Event failed = results.testEvents().failed().list().get(0);
        assertThat(failed.getTestDescriptor().getDisplayName()).isEqualTo("series 1/1 · run 1/5");
        assertThat(Kit.error(failed))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("metric \"delay\" is named in @ConvergenceRequired(metrics)");
    }

    /** 1000 samples alternating between 40 and 41: flat, so the run converges. */
    static void steady(RunContext run) {
        for (int i = 0; i < 1000; i++) {
            run.recordSample("delay", i * 0.01, 40 + i % 2);
        }
    }

    @FixturesOnly
    static class AssumingFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 60)
        void cca(RunContext run) {
            org.junit.jupiter.api.Assumptions.assumeTrue(false, "the simulator is not installed");
        }
    }

    @FixturesOnly
    static class DriftingFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @ConvergenceRequired(confidence = 95, tolerance = 5)
        @Metric(name = "delay", unit = "ms", bounds = {0, 100})
        @Kpi(metric = "delay", atMost = 60)
        void cca(RunContext run) {
            if (run.run() % 2 == 0) {
                for (int i = 0; i < 1000; i++) {
                    run.recordSample("delay", i * 0.01, i * 0.1); // still climbing at the end of the run
                }
            } else {
                steady(run);
            }
        }
    }

    @FixturesOnly
    static class SteadyFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @ConvergenceRequired
        @Metric(name = "delay", unit = "ms", bounds = {0, 100})
        @Metric(name = "loss")
        @Kpi(metric = "delay", atMost = 41)
        void cca(RunContext run) {
            steady(run);
            run.recordRunValue("loss", 0.01 * run.run()); // computed by the test: no convergence test
        }
    }

    @FixturesOnly
    static class ReportedFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @ConvergenceRequired(metrics = "delay")
        @Metric(name = "delay", bounds = {0, 100})
        void cca(RunContext run) {
            run.recordRunValue("delay", 40);
        }
    }
}
