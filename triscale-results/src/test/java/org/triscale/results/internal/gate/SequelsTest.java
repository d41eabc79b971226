package org.triscale.results.internal.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.fixtures.Gates;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.GateSpec;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.RecordedSequel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gate's sequel records: this execution's record from its runs, its run metrics read back,
 * whether it ran a baseline's seeds, why a record cannot be this test's baseline, and the merge
 * of a history's records.
 */
class SequelsTest {
    @TempDir
    Path dir;

    private TestSetup setup(String... gated) {
        Gates.Builder gate = Gates.builder(dir);
        for (String metric : gated) {
            gate.metric(metric, Direction.LOWER_IS_BETTER);
        }
        return TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).metric("loss", "%")
                .runs(4).series(2).gate(gate.build()).build();
    }

    private static RecordedSequel sequel(TestSetup setup, long seedOffset) {
        return RecordedSequels.builder(setup).series(1, 10, 11, 12, 13).series(2, 20, 21, 22, 23)
                .series(1, "loss", 1, 2, 3, 4).series(2, "loss", 5, 6, 7, 8)
                .run(2, 3, RunStatus.FAILED, "timeout").seedOffset(seedOffset).build();
    }

    @Test
    void theCurrentRecordHoldsEveryGatedMetricsRunValuesWithInvalidRunsAsNull() {
        TestSetup setup = setup("delay");
        GateSpec spec = setup.gate().orElseThrow();

        SequelRecord record = Sequels.current(sequel(setup, 0), spec);

        assertThat(record.testClass()).isEqualTo("org.example.CcaTest");
        assertThat(record.testMethod()).isEqualTo("delay");
        assertThat(record.runsPerSeries()).isEqualTo(4);
        assertThat(record.metrics()).extracting(SequelRecord.MetricRecord::name).containsExactly("delay");
        SequelRecord.MetricRecord delay = record.metric("delay");
        assertThat(delay.unit()).isEqualTo("ms");
        assertThat(delay.direction()).isEqualTo(Direction.LOWER_IS_BETTER);
        assertThat(delay.runMetrics()).containsExactly(List.of(10.0, 11.0, 12.0, 13.0),
                Arrays.asList(20.0, 21.0, null, 23.0));
        assertThat(delay.kpi().seriesKpis()).hasSize(2);
        assertThat(record.seeds()).hasSize(2).allSatisfy(series -> assertThat(series).hasSize(4).doesNotHaveDuplicates());
        assertThat(record.verdict()).isNull();
        assertThat(record.environment()).containsKeys("javaVersion", "javaVendor", "osVersion");
        // Read back, an invalid run is NaN: the comparison leaves it out.
        double[][] values = Sequels.runMetrics(delay);
        assertThat(values[0]).containsExactly(10, 11, 12, 13);
        assertThat(values[1][2]).isNaN();
    }

    @Test
    void aSequelOnTheSameSeedsIsPairedAndOneOnOtherSeedsIsNot() {
        TestSetup setup = setup("delay");
        GateSpec spec = setup.gate().orElseThrow();
        SequelRecord baseline = Sequels.current(sequel(setup, 0), spec);

        assertThat(Sequels.sameSeeds(baseline, Sequels.current(sequel(setup, 0), spec))).isTrue();
        assertThat(Sequels.sameSeeds(baseline, Sequels.current(sequel(setup, 1000), spec))).isFalse();
        assertThat(Sequels.sameSeeds(withoutSeeds(baseline), baseline)).isFalse();
    }

    private static SequelRecord withoutSeeds(SequelRecord r) {
        return new SequelRecord(r.schemaVersion(), r.testClass(), r.testMethod(), r.recordedAt(), r.fingerprint(),
                r.environment(), r.mode(), r.runsPerSeries(), null, r.metrics(), r.judgement());
    }

    @Test
    void aRecordOfTheSameTestAndMetricsFits() {
        TestSetup setup = setup("delay");
        GateSpec spec = setup.gate().orElseThrow();

        assertThat(Sequels.mismatch(Sequels.current(sequel(setup, 0), spec), setup, spec)).isNull();
    }

    @Test
    void aRecordOfAnotherTestIsRefusedNamingBoth() {
        TestSetup setup = setup("delay");
        GateSpec spec = setup.gate().orElseThrow();
        TestSetup other = TestSetups.builder().test("org.example.OtherTest", "fct").metric("delay", "ms")
                .kpi("delay", 75, 75).runs(4).series(2).gate(Gates.builder(dir).metric("delay",
                        Direction.LOWER_IS_BETTER).build()).build();
        SequelRecord record = Sequels.current(RecordedSequels.builder(other).series(1, 1, 2, 3, 4).series(2, 5, 6, 7, 8).build(),
                other.gate().orElseThrow());

        assertThat(Sequels.mismatch(record, setup, spec))
                .isEqualTo("it belongs to org.example.OtherTest.fct, not to org.example.CcaTest.delay");
    }

    @Test
    void aRecordWhoseMetricsDoNotMatchNamesWhatItHoldsWhatIsGatedAndWhatDiffers() {
        TestSetup both = setup("delay", "loss");
        TestSetup delayOnly = setup("delay");
        SequelRecord delayRecord = Sequels.current(sequel(delayOnly, 0), delayOnly.gate().orElseThrow());
        SequelRecord foreign = rename(delayRecord, "jitter");

        assertThat(Sequels.mismatch(delayRecord, both, both.gate().orElseThrow()))
                .isEqualTo("its metric names do not match the test: it holds [delay], the test gates [delay, loss];"
                        + " missing from it: [loss]");
        assertThat(Sequels.mismatch(foreign, delayOnly, delayOnly.gate().orElseThrow()))
                .isEqualTo("its metric names do not match the test: it holds [jitter], the test gates [delay];"
                        + " not declared by the test: [jitter]; missing from it: [delay]");
    }

    @Test
    void aMetricDefinedOtherwiseIsRefusedWithBothDefinitions() {
        TestSetup setup = setup("delay");
        GateSpec spec = setup.gate().orElseThrow();
        SequelRecord record = Sequels.current(sequel(setup, 0), spec);
        SequelRecord.MetricRecord m = record.metric("delay");
        SequelRecord mean = replace(record, new SequelRecord.MetricRecord("delay", Measure.mean(), "s",
                m.direction(), m.runMetrics(), m.kpi(), m.score()));
        SequelRecord noUnit = replace(record, new SequelRecord.MetricRecord("delay", m.measure(), null,
                m.direction(), m.runMetrics(), m.kpi(), m.score()));

        assertThat(Sequels.mismatch(mean, setup, spec))
                .isEqualTo("it defines metric \"delay\" as mean s, the test as P95 ms");
        assertThat(Sequels.mismatch(noUnit, setup, spec)).isEqualTo("it defines metric \"delay\" as P95, the test as"
                + " P95 ms");
    }

    private static SequelRecord rename(SequelRecord r, String name) {
        SequelRecord.MetricRecord m = r.metrics().get(0);
        return replace(r, new SequelRecord.MetricRecord(name, m.measure(), m.unit(), m.direction(), m.runMetrics(),
                m.kpi(), m.score()));
    }

    private static SequelRecord replace(SequelRecord r, SequelRecord.MetricRecord metric) {
        return new SequelRecord(r.schemaVersion(), r.testClass(), r.testMethod(), r.recordedAt(), r.fingerprint(),
                r.environment(), r.mode(), r.runsPerSeries(), r.seeds(), List.of(metric), r.judgement());
    }

    @Test
    void aMergeChainsTheSeriesOfEveryRecordOldestFirstAndDropsTheirKpis() {
        TestSetup setup = setup("delay");
        GateSpec spec = setup.gate().orElseThrow();
        SequelRecord older = Sequels.current(sequel(setup, 0), spec);
        SequelRecord newer = Sequels.current(sequel(setup, 1000), spec);

        SequelRecord merged = Sequels.merge(List.of(older, newer));

        assertThat(merged.recordedAt()).isEqualTo(newer.recordedAt());
        assertThat(merged.metric("delay").runMetrics()).hasSize(4);
        assertThat(merged.metric("delay").runMetrics().subList(0, 2)).isEqualTo(older.metric("delay").runMetrics());
        assertThat(merged.metric("delay").runMetrics().subList(2, 4)).isEqualTo(newer.metric("delay").runMetrics());
        assertThat(merged.metric("delay").kpi()).isNull();
        assertThat(merged.metric("delay").score()).isNull();
        List<List<Long>> seeds = new ArrayList<>(older.seeds());
        seeds.addAll(newer.seeds());
        assertThat(merged.seeds()).isEqualTo(seeds);
        // One record without seeds: the merged record cannot pair with anything.
        assertThat(Sequels.merge(List.of(withoutSeeds(older), newer)).seeds()).isNull();
    }
}
