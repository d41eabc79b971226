package org.triscale.junit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Invocation counts and names, what the verdict invocation skips, the RunContext's coordinates. */
class InvocationsTest {
    @TempDir
    Path folder;

    @Test
    void runsEverySeriesThenTheVerdict() {
        EngineExecutionResults results = Kit.in(folder).run(TwoSeriesFixture.class);

        List<String> names = new ArrayList<>();
        for (Event event : results.testEvents().started().list()) {
            names.add(event.getTestDescriptor().getDisplayName());
        }
        assertThat(names).containsExactly(
                "series 1/2 · run 1/5", "series 1/2 · run 2/5", "series 1/2 · run 3/5", "series 1/2 · run 4/5",
                "series 1/2 · run 5/5", "series 1/2 · KPI checks", "series 2/2 · run 1/5", "series 2/2 · run 2/5",
                "series 2/2 · run 3/5", "series 2/2 · run 4/5", "series 2/2 · run 5/5", "series 2/2 · KPI checks",
                "verdict");
        results.testEvents().assertStatistics(stats -> stats.started(13).succeeded(13).failed(0).aborted(0));
    }

    @Test
    void verdictSkipsBodyAndEachMethods() {
        TwoSeriesFixture.calls.clear();

        Kit.in(folder).run(TwoSeriesFixture.class).testEvents().assertStatistics(stats -> stats.succeeded(13));

        assertThat(TwoSeriesFixture.calls).hasSize(30).containsSequence("before", "body 1.1", "after")
                .containsSequence("before", "body 2.5", "after");
        assertThat(TwoSeriesFixture.calls.get(29)).isEqualTo("after");
    }

    @Test
    void sizesRunsFromPercentileAndConfidence() {
        Kit.in(folder).run(SizedFixture.class).testEvents()
                // 75th percentile at 95 %: 11 runs, one series, and the verdict.
                .assertStatistics(stats -> stats.started(12).succeeded(12));
    }

    @Test
    void composedAnnotationWorks() {
        EngineExecutionResults results = Kit.in(folder).run(ComposedFixture.class);

        results.testEvents().assertStatistics(stats -> stats.started(12).succeeded(10).failed(2));
        assertThat(results.testEvents().failed().list()).extracting(event -> event.getTestDescriptor().getDisplayName())
                .containsExactly("series 1/1 · KPI checks", "verdict");
    }

    @FixturesOnly
    static class TwoSeriesFixture {
        static final List<String> calls = new ArrayList<>();
        static final double[] VALUES = {13, 11, 15, 12, 14};

        @BeforeEach
        void before(RunContext run) {
            calls.add("before");
        }

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 2)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 20)
        void cca(RunContext run) {
            calls.add("body " + run.series() + "." + run.run());
            run.recordRunValue("delay", VALUES[run.run() - 1]);
        }

        @AfterEach
        void after() {
            calls.add("after");
        }
    }

    @FixturesOnly
    static class SizedFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 95)
        @Metric(name = "delay")
        void cca(RunContext run) {
            run.recordRunValue("delay", run.run());
        }
    }

    /** A team's own annotation, as users compose it. */
    @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @Retention(RetentionPolicy.RUNTIME)
    @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
    @Metric(name = "delay", unit = "ms")
    @Kpi(metric = "delay", atMost = 8.5)
    @interface CcaRegressionTest {
    }

    @FixturesOnly
    static class ComposedFixture {
        @CcaRegressionTest
        void cca(RunContext run) {
            run.recordRunValue("delay", run.run());
        }
    }
}
