package org.triscale.results.internal.files;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.fixtures.Gates;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestSetups;
import org.triscale.results.internal.gate.BaselineFiles;
import org.triscale.results.internal.gate.HistoryStore;
import org.triscale.results.internal.gate.SequelRecord;
import org.triscale.results.internal.judge.Judge;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.setup.GateSpec;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.RecordedSequel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The verdict's files: which are written, in which order (a file that cannot be written is a
 * problem the files after it state), atomically (no temporary file left), with what in them.
 */
class VerdictFilesTest {
    private static final double[] DELAYS = {12.0, 10.0, 14.5, 11.0, 13.0};

    @TempDir
    Path dir;

    private TestSetup setup(double atMost, UnaryOperator<TestSetups.Builder> more) {
        return more.apply(TestSetups.builder().metric("delay", "ms").kpi("delay", 75, 75).atMost(atMost).series(3)
                .outputDir(dir.resolve("out"))).build();
    }

    private static RecordedSequel sequel(TestSetup setup) {
        return RecordedSequels.builder(setup).series(1, DELAYS).series(2, DELAYS).series(3, DELAYS).build();
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).map(dir::relativize).sorted().toList();
        }
    }

    @Test
    void anUngatedVerdictWritesItsJsonResultOnly() throws IOException {
        Judge.Conclusion conclusion = VerdictFiles.write(Judge.decide(sequel(setup(100, b -> b))));

        assertThat(conclusion.passed()).isTrue();
        assertThat(conclusion.json()).isEqualTo(dir.resolve("out").resolve(JsonResults.fileName("org.example.CcaTest",
                "delay")));
        assertThat(files()).containsExactly(dir.relativize(conclusion.json()));
        TestResult read = JsonResults.read(conclusion.json());
        assertThat(read).isEqualTo(conclusion.result());
        assertThat(read.verdict().status()).isEqualTo(TestResult.VerdictStatus.PASSED);
        assertThat(conclusion.gate()).isNull();
    }

    @Test
    void aFailedVerdictsJsonHoldsItsFailures() throws IOException {
        Judge.Conclusion conclusion = VerdictFiles.write(Judge.decide(sequel(setup(12, b -> b))));

        assertThat(conclusion.passed()).isFalse();
        TestResult read = JsonResults.read(conclusion.json());
        assertThat(read.verdict().status()).isEqualTo(TestResult.VerdictStatus.FAILED);
        assertThat(read.verdict().failures()).isEqualTo(conclusion.failures()).singleElement().asString()
                .contains("violated in series 1–3");
    }

    @Test
    void aGatedUpdateWritesTheBaselineTheHistoryTheSummaryAndTheJson() throws IOException {
        TestSetup setup = setup(100, b -> b.gate(Gates.builder(dir).metric("delay", Direction.LOWER_IS_BETTER).update()
                .build()));
        GateSpec gate = setup.gate().orElseThrow();
        Judge.Conclusion conclusion = VerdictFiles.write(Judge.decide(sequel(setup)));

        assertThat(conclusion.failures()).isEmpty();
        assertThat(conclusion.warnings()).isEmpty();
        assertThat(files()).containsExactlyInAnyOrder(dir.relativize(gate.files().baseline()),
                dir.relativize(gate.files().history()), Path.of("out", "summary", "org.example.CcaTest.delay.md"),
                dir.relativize(conclusion.json()));
        // The JSON result states what was written: its gate's written flag and note.
        TestResult.Gate stored = JsonResults.read(conclusion.json()).baseline();
        assertThat(stored.written()).isTrue();
        assertThat(stored.notes()).anySatisfy(note -> assertThat(note).startsWith("Baseline gate: baseline created"));
        // The history line was appended after the baseline: accepted, as an update is.
        List<SequelRecord> history = HistoryStore.read(gate.files().history()).records();
        assertThat(history).singleElement().satisfies(record -> {
            assertThat(record.accepted()).isTrue();
            assertThat(record.verdict()).isEqualTo(TestResult.VerdictStatus.PASSED);
        });
        assertThat(BaselineFiles.read(gate.files().baseline()).metric("delay").runMetrics()).hasSize(3);
        assertThat(Files.readString(dir.resolve("out/summary/org.example.CcaTest.delay.md")))
                .startsWith("#### PASSED · `CcaTest.delay` · baseline gate: baseline written");
    }

    @Test
    void aBaselineThatCannotBeWrittenFailsTheVerdictThatTheHistoryAndTheJsonRecord() throws IOException {
        TestSetup setup = setup(100, b -> b.gate(Gates.builder(dir).metric("delay", Direction.LOWER_IS_BETTER).update()
                .build()));
        GateSpec gate = setup.gate().orElseThrow();
        // A folder where the baseline file goes: the atomic move onto it fails.
        Files.createDirectories(gate.files().baseline().resolve("in-the-way"));
        Judge.Conclusion conclusion = VerdictFiles.write(Judge.decide(sequel(setup)));

        assertThat(conclusion.passed()).isFalse();
        assertThat(conclusion.failures()).singleElement().asString()
                .startsWith("Baseline gate: the baseline could not be written to " + gate.files().baseline())
                .endsWith("the old file, if any, is unchanged.");
        assertThat(HistoryStore.read(gate.files().history()).records()).singleElement().satisfies(record -> {
            assertThat(record.verdict()).isEqualTo(TestResult.VerdictStatus.FAILED);
            assertThat(record.accepted()).isFalse();
        });
        TestResult json = JsonResults.read(conclusion.json());
        assertThat(json.verdict().failures()).isEqualTo(conclusion.failures());
        assertThat(json.baseline().written()).isFalse();
        assertThat(Files.readString(dir.resolve("out/summary/org.example.CcaTest.delay.md")))
                .startsWith("#### FAILED").contains("the baseline could not be written");
    }

    @Test
    void aJsonResultThatCannotBeWrittenIsAFailureNamingTheParameter() throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("out"), "a file where the folder goes");
        Judge.Conclusion conclusion = VerdictFiles.write(Judge.decide(sequel(setup(100, b -> b))));

        assertThat(conclusion.json()).isNull();
        assertThat(conclusion.passed()).isFalse();
        assertThat(conclusion.failures()).singleElement().asString()
                .startsWith("the JSON result could not be written to " + dir.resolve("out"))
                .contains("set the configuration parameter triscale.output.dir")
                .endsWith("The analysis does not depend on it: the other lines, if any, are its findings.");
        assertThat(conclusion.result().verdict().status()).isEqualTo(TestResult.VerdictStatus.PASSED);
    }

    @Test
    void noTemporaryFileIsLeftAndStaleOnesOfTheBaselineFolderAreRemoved() throws IOException {
        TestSetup setup = setup(100, b -> b.gate(Gates.builder(dir).metric("delay", Direction.LOWER_IS_BETTER).update()
                .build()));
        Path folder = setup.gate().orElseThrow().files().baseline().getParent();
        Files.createDirectories(folder);
        // A temporary file of a writer that died (a process id that cannot be alive).
        Path stale = folder.resolve(".triscale-" + Long.MAX_VALUE + "-abc123.tmp");
        Files.writeString(stale, "half a baseline");
        VerdictFiles.write(Judge.decide(sequel(setup)));

        assertThat(stale).doesNotExist();
        assertThat(files()).noneMatch(file -> file.getFileName().toString().endsWith(".tmp"));
    }
}
