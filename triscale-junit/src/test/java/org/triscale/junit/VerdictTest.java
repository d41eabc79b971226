package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The verdict: passes, or fails with a message that names what was violated and what it means. */
class VerdictTest {
    /** Run metrics in run order, not monotonic (no trend for the checks to see). */
    static final double[] DELAYS = {13, 11, 15, 12, 14};
    static final double[] THROUGHPUTS = {91, 95, 88, 93, 90};

    @TempDir
    Path folder;

    @Test
    void passesWhenEveryKpiHolds() {
        EngineExecutionResults results = Kit.in(folder).run(PassingFixture.class);

        results.testEvents().assertStatistics(stats -> stats.started(7).succeeded(7));
        // A passing verdict shows its numbers in the console tree and IDEs, as a report entry of the verdict.
        List<Event> numbers = results.testEvents().reportingEntryPublished().stream()
                .filter(e -> e.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs().containsKey("triscale.numbers"))
                .toList();
        assertThat(numbers).singleElement().satisfies(e -> {
            assertThat(e.getTestDescriptor().getDisplayName()).isEqualTo("verdict");
            assertThat(e.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs().get("triscale.numbers"))
                    .isEqualTo("delay P75 = 15 ms (≤ 15 ms) · throughput P25 = 88 Mbit/s (≥ 88 Mbit/s)");
        });
    }

    @Test
    void upperKpiViolationNamesBoundThresholdSeriesAndRun() {
        String message = verdictFailure(Kit.in(folder).run(UpperViolationFixture.class));

        // The exact sentences are in MessagesTest; here: what was violated, where, by how much, by which run.
        assertThat(message).contains("FAILED", "KPI delay P75", "atMost 14 ms", "violated in series 1", "at most 15 ms",
                "probability at most 25 %", "run 3 (rank 5 of 5", "run 1 = 13", "run 5 = 14 ms");
    }

    @Test
    void lowerKpiViolationReadsTheLowerBound() {
        String message = verdictFailure(Kit.in(folder).run(LowerViolationFixture.class));

        assertThat(message).contains("KPI throughput P25", "atLeast 90 Mbit/s", "violated in series 2",
                "at least 88 Mbit/s", "run 3 (rank 1 of 5").doesNotContain("violated in series 1");
    }

    @Test
    void medianKpiTakesItsSideFromTheThreshold() {
        String message = verdictFailure(Kit.in(folder).run(MedianFixture.class));

        assertThat(message).contains("KPI delay P50 at 70 % (atLeast 12 ms) violated", "at least 11 ms")
                .doesNotContain("atMost 20");
    }

    @Test
    void scoreViolationNamesTheIntervalAndItsSeries() {
        String message = verdictFailure(Kit.in(folder).run(ScoreFixture.class));

        assertThat(message).contains("variability score of delay", "4 ms (relative 26.67 %)", "atMost 3 ms",
                        "each of the 25th and the 75th percentiles", "jointly with probability at least 50 %",
                        "[13 ms, 17 ms]", "series 5 and series 1", "series 1 = 17", "series 5 = 13 ms")
                .doesNotContain("violated in series");
    }

    @Test
    void jointScoreSaysBothEndsHoldTogether() {
        String message = verdictFailure(Kit.in(folder).run(JointScoreFixture.class));

        assertThat(message).contains("7 ms (relative", "both together", "8 series KPIs", "[10 ms, 17 ms]")
                .doesNotContain("jointly with probability");
    }

    @Test
    void jointScoreNeedsMoreSeries() {
        assertThat(Kit.in(folder).run(JointScoreTooFewSeriesFixture.class).allEvents().failed().stream()
                .map(event -> Kit.error(event).getMessage()))
                .anySatisfy(text -> assertThat(text).contains("at least 8 series", "joint confidence",
                        "@Series(count = 8)"));
    }

    @Test
    void relativeScoreViolation() {
        assertThat(verdictFailure(Kit.in(folder).run(RelativeScoreFixture.class)))
                .contains("relative 26.67 %", "relativeAtMost 0.2 (20 %)")
                .doesNotContain("above atMost");
    }

    @Test
    void failingRunsFailTheVerdict() {
        EngineExecutionResults results = Kit.in(folder).run(FailingRunFixture.class);

        results.testEvents().assertStatistics(stats -> stats.started(12).succeeded(10).failed(2));
        assertThat(results.testEvents().failed().list().get(0).getTestDescriptor().getDisplayName())
                .isEqualTo("series 1/1 · run 3/10");
        assertThat(verdictFailure(results))
                .contains("1 of 10 runs failed", "series 1 run 3", "IllegalStateException: emulator crashed");
    }

    @Test
    void warnsOnFailingChecksByDefaultAndFailsUnderTheFailPolicy() {
        Kit.in(folder).run(TrendFixture.class).testEvents().assertStatistics(stats -> stats.succeeded(12));

        String message = verdictFailure(Kit.in(folder).with("triscale.checks", "fail").run(TrendFixture.class));
        assertThat(message).contains("KPI delay P75", "mann-kendall check failed", "checks policy is fail");
    }

    @Test
    void annotationPolicyOverridesTheParameter() {
        String message = verdictFailure(Kit.in(folder).with("triscale.checks", "warn").run(StrictTrendFixture.class));

        assertThat(message).contains("the mann-kendall check failed");
    }

    static String verdictFailure(EngineExecutionResults results) {
        List<Event> failed = results.testEvents().failed().list();
        Event verdict = failed.get(failed.size() - 1);
        assertThat(verdict.getTestDescriptor().getDisplayName()).isEqualTo("verdict");
        Throwable throwable = Kit.error(verdict);
        assertThat(throwable).isInstanceOf(AssertionFailedError.class);
        return throwable.getMessage();
    }

    @FixturesOnly
    static class PassingFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay", samplePercentile = 95, unit = "ms")
        @Metric(name = "throughput", unit = "Mbit/s")
        @Kpi(metric = "delay", atMost = 15)
        @Kpi(metric = "throughput", percentile = 25, atLeast = 88)
        void cca(RunContext run) {
            run.recordRunValue("delay", DELAYS[run.run() - 1]);
            run.recordRunValue("throughput", THROUGHPUTS[run.run() - 1]);
        }
    }

    @FixturesOnly
    static class UpperViolationFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 14)
        void cca(RunContext run) {
            run.recordRunValue("delay", DELAYS[run.run() - 1]);
        }
    }

    /** Five series that violate the KPI the same way (series 4 meets it). */
    @FixturesOnly
    static class FiveSeriesViolationFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 6)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 14)
        void cca(RunContext run) {
            run.recordRunValue("delay", DELAYS[run.run() - 1] + (run.series() == 4 ? -5 : run.series()));
        }
    }

    @FixturesOnly
    static class LowerViolationFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 2)
        @Metric(name = "throughput", unit = "Mbit/s")
        @Kpi(metric = "throughput", percentile = 25, atLeast = 90)
        void cca(RunContext run) {
            // Series 1 is 2 Mbit/s faster: its minimum, 90, meets the threshold.
            run.recordRunValue("throughput", THROUGHPUTS[run.run() - 1] + (run.series() == 1 ? 2 : 0));
        }
    }

    @FixturesOnly
    static class MedianFixture {
        @Runs(kpiPercentile = 50, kpiConfidence = 75)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 20)
        @Kpi(metric = "delay", atLeast = 12, confidence = 70)
        void cca(RunContext run) {
            run.recordRunValue("delay", DELAYS[run.run() - 1]);
        }
    }

    @FixturesOnly
    static class ScoreFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 20)
        @VariabilityScore(metric = "delay", atMost = 3)
        void cca(RunContext run) {
            // Series KPIs (the maxima) 17, 16, 15, 14, 13: the score is 17 - 13 = 4.
            run.recordRunValue("delay", DELAYS[run.run() - 1] + 3 - run.series());
        }
    }

    @FixturesOnly
    static class JointScoreFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 8)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 20)
        @VariabilityScore(metric = "delay", atMost = 3, joint = true)
        void cca(RunContext run) {
            // Series KPIs (the maxima) 17, 16, ..., 10: the joint interval is the whole range, 7.
            run.recordRunValue("delay", DELAYS[run.run() - 1] + 3 - run.series());
        }
    }

    @FixturesOnly
    static class JointScoreTooFewSeriesFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 20)
        @VariabilityScore(metric = "delay", atMost = 3, joint = true)
        void cca(RunContext run) {
            run.recordRunValue("delay", DELAYS[run.run() - 1]);
        }
    }

    @FixturesOnly
    static class RelativeScoreFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 0)
        @Metric(name = "delay", unit = "ms")
        @Kpi(metric = "delay", atMost = 20)
        @VariabilityScore(metric = "delay", atMost = 5, relativeAtMost = 0.2)
        void cca(RunContext run) {
            run.recordRunValue("delay", DELAYS[run.run() - 1] + 3 - run.series());
        }
    }

    @FixturesOnly
    static class FailingRunFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            if (run.run() == 3) {
                throw new IllegalStateException("emulator crashed");
            }
            run.recordRunValue("delay", DELAYS[(run.run() - 1) % 5]);
        }
    }

    @FixturesOnly
    static class TrendFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", run.run()); // a perfect trend: the Mann-Kendall check fails
        }
    }

    @FixturesOnly
    static class StrictTrendFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10, checks = ChecksPolicy.FAIL)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", run.run());
        }
    }
}
