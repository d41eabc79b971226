package org.triscale.junit.sequel;

import org.junit.jupiter.api.Test;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.KpiResult;
import org.triscale.engine.analysis.Kpis;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.analysis.VariabilityResult;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.comparison.ComparisonSettings;
import org.triscale.engine.comparison.Design;
import org.triscale.engine.comparison.Direction;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SequelTest {

    private static Sequel lines(String name, long baseSeed, double factor) throws Exception {
        return Sequel.run(name, 3, 6, baseSeed, run -> {
            run.record("fct", factor * (100 + (run.seed() & 0xff)));
            if (run.index() != 2) {
                run.record("loss", run.index());
            }
        });
    }

    @Test
    void runGivesEveryRunASeedFromTheBaseSeedSeriesAndRun() throws Exception {
        Sequel a = lines("a", 42, 1);
        Sequel b = lines("b", 42, 1.1);
        Sequel c = lines("c", 43, 1);
        long[][] seeds = a.seeds().orElseThrow();
        assertThat(seeds).hasNumberOfRows(3);
        assertThat(seeds[0]).hasSize(6).doesNotHaveDuplicates();
        assertThat(seeds[0][0]).isNotEqualTo(seeds[1][0]);
        assertThat(a.sameSeedsAs(b)).isTrue();
        assertThat(a.sameSeedsAs(c)).isFalse();
        assertThat(a.metrics()).containsExactly("fct", "loss");
        assertThat(a.seriesCount()).isEqualTo(3);
        assertThat(a.runMetrics("loss")[1]).containsExactly(0, 1, Double.NaN, 3, 4, 5);
    }

    @Test
    void kpisScoresAndComparisonsAreTheEngines() throws Exception {
        Sequel a = lines("a", 7, 1);
        double[][] fct = a.runMetrics("fct");
        List<KpiResult> kpis = a.kpis("fct", Percentile.p75());
        assertThat(kpis).hasSize(3);
        for (int s = 0; s < 3; s++) {
            assertThat(kpis.get(s)).isEqualTo(Kpis.kpi(fct[s], 75, 75, Side.UPPER, null, Mode.SOUND));
        }
        assertThat(kpis.get(0).stationarity().checks()).isNotEmpty();
        double[] values = kpis.stream().mapToDouble(KpiResult::value).toArray();
        VariabilityResult score = a.score("fct", Percentile.p75(), 75, 75);
        assertThat(score).isEqualTo(VariabilityScores.score(values, 75, 75, IntervalKind.TWO_SIDED, null, Mode.SOUND));
        ComparisonSettings settings = ComparisonSettings.of(Direction.LOWER_IS_BETTER);
        assertThat(lines("b", 7, 1.2).compare("fct", a, settings).design()).isEqualTo(Design.PAIRED);
        assertThat(lines("c", 8, 1.2).compare("fct", a, settings).design()).isEqualTo(Design.UNPAIRED);
        assertThat(lines("c", 8, 1.2).comparesRunsWith(a)).isFalse();
    }

    @Test
    void ofCopiesItsInputAndRejectsShapesThatDiffer() {
        double[][] fct = {{1, 2, 3}};
        Sequel s = Sequel.of("s", Map.of("fct", fct), null);
        fct[0][0] = 99;
        assertThat(s.runMetrics("fct")[0]).containsExactly(1, 2, 3);
        assertThat(s.seeds()).isEmpty();
        assertThatThrownBy(() -> Sequel.of("s", Map.of("fct", fct), new long[][] {{1, 2}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("seeds has series of [2] runs, the run metrics [3]; give one seed per run, or null");
        assertThatThrownBy(() -> s.runMetrics("delay")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("'s'", "no metric 'delay'", "[fct]");
        assertThatThrownBy(() -> Sequel.of(" ", Map.of("fct", fct), null))
                .hasMessageContaining("a name must not be blank");
    }

    @Test
    void aRunRecordsEachMetricOnceAndFiniteOrNaN() {
        assertThatThrownBy(() -> Sequel.run("x", 1, 1, 0, run -> {
            run.record("fct", 1);
            run.record("fct", 2);
        })).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("'fct' was already recorded", "run 0 of series 0", "once per run");
        assertThatThrownBy(() -> Sequel.run("x", 1, 1, 0, run -> run.record("fct", Double.POSITIVE_INFINITY)))
                .hasMessageContaining("must be finite or NaN");
        assertThatThrownBy(() -> Sequel.run("x", 1, 2, 0, run -> { }))
                .hasMessageContainingAll("'x' recorded no metric in 2 runs", "run.record(metric, value)");
        assertThatThrownBy(() -> Sequel.run("x", 0, 2, 0, run -> { })).hasMessageContaining("series");
    }

    @Test
    void controlCharactersInNamesAndOversizedSequelsAreRefusedBeforeAnyRun() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Sequel.of("cubic\nfake line",
                        java.util.Map.of("fct", new double[][] {{1, 2, 3}}), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("U+000A at position 6");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Sequel.of("cubic",
                        java.util.Map.of("f\tct", new double[][] {{1, 2, 3}}), null))
                .hasMessageContaining("U+0009");
        long started = System.nanoTime();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Sequel.run("big", 100_000, 100_000, 1,
                        run -> run.record("fct", 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("100000 × 100000")
                .hasMessageContaining("more than the 100000 runs");
        org.assertj.core.api.Assertions.assertThat(System.nanoTime() - started).isLessThan(1_000_000_000L);
    }

    @Test
    void aRecordAfterTheRunsBodyReturnedIsRefusedNotLost() throws Exception {
        Sequel.Run[] kept = new Sequel.Run[1];
        Sequel sequel = Sequel.run("kept", 1, 2, 0, run -> {
            run.record("fct", 1 + run.index());
            kept[0] = run;
        });
        assertThatThrownBy(() -> kept[0].record("fct2", 3)).isInstanceOf(IllegalStateException.class)
                .hasMessageContainingAll("record(\"fct2\", 3.0) on run 1 of series 0 of sequel 'kept' after its body"
                        + " returned", "this value would be lost", "keep no Run for later");
        assertThat(sequel.metrics()).containsExactly("fct");
        // A run kept from an earlier run of the same sequel is refused too, and fails that sequel.
        assertThatThrownBy(() -> Sequel.run("again", 1, 2, 0, run -> {
            if (run.index() == 0) {
                kept[0] = run;
            } else {
                kept[0].record("fct", 1);
            }
            run.record("fct", 1);
        })).isInstanceOf(IllegalStateException.class).hasMessageContaining("run 0 of series 0 of sequel 'again'");
        Sequel.Run[] interleaved = new Sequel.Run[2];
        Sequel.interleave("ref", "cand", 1, 1, 0, run -> {
            run.record("fct", 1);
            interleaved[0] = run;
        }, run -> {
            run.record("fct", 2);
            interleaved[1] = run;
        });
        assertThatThrownBy(() -> interleaved[0].record("fct", 1)).hasMessageContaining("sequel 'ref' after its body returned");
        assertThatThrownBy(() -> interleaved[1].record("fct", 1)).hasMessageContaining("sequel 'cand' after its body returned");
    }

    @Test
    void anEmptySeriesIsRefused() {
        assertThatThrownBy(() -> Sequel.of("s", Map.of("fct", new double[][] {{1, 2}, {}}), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("metric 'fct': series 1 is empty (no run); every series needs at least one run metric");
        assertThatThrownBy(() -> Sequel.of("s", Map.of("fct", new double[][] {{}}), new long[][] {{}}))
                .hasMessageContaining("series 0 is empty");
        assertThatThrownBy(() -> Sequel.of("s", Map.of("fct", new double[0][]), null)).hasMessageContaining("has no series");
    }
}
