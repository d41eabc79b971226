package org.triscale.results.internal.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.fixtures.Gates;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.RecordedSequel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/** The gate's Markdown summary of one test: its heading, the table of the compared metrics, the problems. */
class GateSummaryTest {

    @TempDir
    Path dir;

    private TestSetup setup(UnaryOperator<Gates.Builder> gate) {
        return TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).series(10).outputDir(dir.resolve("out"))
                .gate(gate.apply(Gates.builder(dir).metric("delay", Direction.LOWER_IS_BETTER)).build()).build();
    }

    private static RecordedSequel sequel(TestSetup setup, double centre) {
        RecordedSequels.Builder runs = RecordedSequels.builder(setup);
        for (int s = 1; s <= 10; s++) {
            runs.series(s, centre, centre * 1.01, centre * 0.99, centre * 1.02, centre * 0.98);
        }
        return runs.build();
    }

    @Test
    void withoutBaselineTheSummarySaysSoAndListsTheWarning() throws IOException {
        TestSetup setup = setup(g -> g);
        BaselineGate gate = BaselineGate.judge(sequel(setup, 10), List.of());
        Path file = GateSummary.write(dir.resolve("out"), setup, gate, TestResult.VerdictStatus.PASSED, List.of(),
                gate.warnings());

        assertThat(file).isEqualTo(dir.resolve("out/summary/org.example.CcaTest.delay.md"));
        String md = Files.readString(file);
        assertThat(md).startsWith("#### PASSED · `CcaTest.delay` · baseline gate: no baseline\n\n")
                .contains("Baseline: none (file `baselines/org.example.CcaTest/delay.json`)")
                .contains("\n- Baseline gate: there is no baseline for this test")
                .doesNotContain("| metric |");
    }

    @Test
    void aRegressionHasItsRowAndItsFailure() throws IOException {
        BaselineGate.judge(sequel(setup(g -> g.update()), 10), List.of()).writeBaseline();
        TestSetup setup = setup(g -> g);
        BaselineGate gate = BaselineGate.judge(sequel(setup, 20), List.of());
        String md = Files.readString(GateSummary.write(dir.resolve("out"), setup, gate,
                TestResult.VerdictStatus.FAILED, gate.failures(), List.of()));

        assertThat(md).startsWith("#### FAILED · `CcaTest.delay` · baseline gate: regressed\n\n")
                .contains("| metric | outcome | gated change [interval] | tolerance | design |")
                .contains("| delay | regressed | ")
                .contains("Baseline: baseline file baselines/org.example.CcaTest/delay.json")
                .contains("\n- Baseline gate: delay regressed: median per-run change of delay's run values +");
        // Every list item is one line: a multi-line failure would break the Markdown list.
        assertThat(md.lines().filter(line -> line.startsWith("- "))).hasSize(1);
    }
}
