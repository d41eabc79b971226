package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The regression gate through the test kit: the four outcomes, creating and updating the
 * baseline, a missing baseline under both policies, unusable baseline files (left untouched),
 * a fingerprint mismatch, the history and the baseline it feeds.
 */
class BaselineTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FILE_LABEL_END = "baselines/" + Gated.class.getName() + "/fct.json";

    @TempDir
    Path folder;

    @AfterEach
    void reset() {
        Gated.reset();
    }

    // --- creating and updating ---

    @Test
    void updateCreatesTheBaselineAndSaysWhatItHolds() throws IOException {
        Kit kit = kit().with("triscale.baseline.update", "true");

        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.started(31).succeeded(31));

        JsonNode baseline = JSON.readTree(kit.baseline(Gated.class, "fct").toFile());
        assertThat(baseline.get("schemaVersion").asInt()).isEqualTo(2);
        assertThat(baseline.get("seeds")).hasSize(5);
        assertThat(baseline.at("/seeds/0")).hasSize(5);
        assertThat(baseline.get("testClass").asText()).isEqualTo(Gated.class.getName());
        assertThat(baseline.path("verdict").isMissingNode() || baseline.get("verdict").isNull()).isTrue();
        assertThat(baseline.at("/fingerprint/testBed/backend").asText()).isEqualTo("emulator 1");
        assertThat(baseline.at("/fingerprint/cpus").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        JsonNode metric = baseline.at("/metrics/0");
        assertThat(metric.get("name").asText()).isEqualTo("fct");
        assertThat(metric.get("measure").asText()).isEqualTo("P95");
        assertThat(metric.get("direction").asText()).isEqualTo("LOWER_IS_BETTER");
        assertThat(metric.get("runMetrics")).hasSize(5);
        assertThat(metric.at("/runMetrics/0")).hasSize(5);
        assertThat(metric.at("/runMetrics/0/0").asDouble()).isEqualTo(106);
        assertThat(metric.at("/kpi/seriesKpis/4").asDouble()).isEqualTo(119);
        assertThat(metric.at("/kpi/median").asDouble()).isEqualTo(113);
        assertThat(metric.at("/score/value").asDouble()).isEqualTo(12);
        JsonNode gate = result(kit).get("baseline");
        assertThat(gate.get("written").asBoolean()).isTrue();
        assertThat(gate.at("/notes/0").asText()).startsWith("Baseline gate: baseline created: wrote ")
                .contains(FILE_LABEL_END)
                .contains(". fct: median of the series KPIs (fct P75 at 75 %) 113 ms, variability score 12 ms, 5 "
                        + "series, 25 valid runs");
    }

    @Test
    void updateReplacesTheBaselineAndPrintsWhatChanged() throws IOException {
        Kit kit = kit().with("triscale.baseline.update", "true");
        kit.run(Gated.class);
        Gated.shift = 20;

        // A regression is not judged while updating: the user accepts the new numbers.
        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.succeeded(31));

        assertThat(JSON.readTree(kit.baseline(Gated.class, "fct").toFile()).at("/metrics/0/kpi/median").asDouble())
                .isEqualTo(133);
        String notes = result(kit).at("/baseline/notes").toString();
        assertThat(notes).contains("fct regressed: median per-run change of fct's run values +18.04 %")
                .contains("paired: 25 runs on the baseline's seeds")
                .contains("not judged: this execution updates the baseline")
                .contains("baseline updated: ")
                .contains("113 ms → 133 ms (+20 ms, +17.7 %), variability score 12 ms → 12 ms, 5 → 5 series")
                .contains("same test bed");
        try (var files = Files.list(kit.baseline(Gated.class, "fct").getParent())) {
            assertThat(files).hasSize(1); // no temporary file left behind
        }
    }

    @Test
    void aFailingKpiRefusesTheUpdateAndWritesNothing() throws IOException {
        Kit kit = withBaseline();
        Path file = kit.baseline(Gated.class, "fct");
        byte[] before = Files.readAllBytes(file);
        Gated.shift = 2000; // every series KPI above its atMost 1000 ms

        String message = VerdictTest.verdictFailure(kit.with("triscale.baseline.update", "true").run(Gated.class));

        assertThat(message).contains("- Baseline gate: the baseline was not updated, nothing was written to "
                        + label(kit) + ": the verdict failed (KPI fct P75 at 75 % in series 1, 2, 3, 4, 5), and a "
                        + "baseline only comes from a passing verdict.")
                .contains("or write this sequel anyway with -Dtriscale.baseline.update.force=true");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        assertThat(result(kit).at("/baseline/written").asBoolean()).isFalse();
        // Nor is a first baseline created from a failing verdict.
        Files.delete(file);
        VerdictTest.verdictFailure(kit.run(Gated.class));
        assertThat(file).doesNotExist();
    }

    @Test
    void aFailingScoreRefusesTheUpdate() throws IOException {
        Kit kit = kit().with("triscale.baseline.update", "true");

        String message = VerdictTest.verdictFailure(kit.run(ScoreGated.class));

        assertThat(message).contains("the verdict failed (variability score of fct (25th–75th percentiles of the "
                + "series KPIs fct P75 at 75 %))");
        assertThat(kit.baseline(ScoreGated.class, "fct")).doesNotExist();
    }

    @Test
    void theForceKeyWritesTheBaselineOfAFailingVerdictAndSaysSo() throws IOException {
        Kit kit = kit().with("triscale.baseline.update", "true").with("triscale.baseline.update.force", "true");

        String message = VerdictTest.verdictFailure(kit.run(ScoreGated.class));

        assertThat(message).doesNotContain("was not updated");
        assertThat(kit.baseline(ScoreGated.class, "fct")).exists();
        JsonNode gate = kit.result(ScoreGated.class, "fct").get("baseline");
        assertThat(gate.get("written").asBoolean()).isTrue();
        assertThat(gate.at("/notes/0").asText()).startsWith("Baseline gate: baseline created: wrote ")
                .contains("/fct.json (commit it), forced by triscale.baseline.update.force although the verdict "
                        + "failed (variability score of fct");
        assertThat(ConfigurationTest.configurationError(kit().with("triscale.baseline.update.force", "yes")
                .run(ScoreGated.class))).contains("triscale.baseline.update.force");
    }

    // --- the four outcomes ---

    @Test
    void unchangedPasses() throws IOException {
        Kit kit = withBaseline();

        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.succeeded(31).failed(0));

        JsonNode metric = result(kit).at("/baseline/metrics/0");
        assertThat(metric.get("outcome").asText()).isEqualTo("UNCHANGED");
        assertThat(metric.get("message").asText()).startsWith("Baseline gate: fct unchanged: median per-run change of fct's run"
                + " values 0 % [0 %, 0 %] (98 % interval; paired: 25 runs on the baseline's seeds, 25 without change;"
                + " a run's value: the fct it reported), inside the tolerance ±2 % (limit: 2 %; the baseline's variability score of its series"
                + " medians is larger)");
        assertThat(metric.get("compared").asText()).isEqualTo("SERIES");
        assertThat(metric.get("baselineCount").asInt()).isEqualTo(25);
        assertThat(metric.at("/gate/design").asText()).isEqualTo("PAIRED");
        assertThat(metric.at("/gate/zeros").asInt()).isEqualTo(25);
        assertThat(result(kit).at("/baseline/source").asText()).isEqualTo("baseline file " + label(kit));
    }

    @Test
    void aToleranceFloorSetByTheKeyReplacesTheDefaultAndIsValidated() throws IOException {
        Kit kit = withBaseline();
        kit.with("triscale.baseline.tolerance.floor", "0.03");

        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.succeeded(31).failed(0));

        assertThat(result(kit).at("/baseline/metrics/0/message").asText()).contains("inside the tolerance ±3 % (floor:"
                + " triscale.baseline.tolerance.floor");
        assertThat(ConfigurationTest.configurationError(kit().with("triscale.baseline.tolerance.floor", "1.5")
                .run(Gated.class))).contains("triscale.baseline.tolerance.floor = '1.5' is not valid")
                .contains("[0, 1]");
    }

    @Test
    void regressedFailsWithDesignChangeIntervalToleranceAndDetectableChange() throws IOException {
        Kit kit = withBaseline();
        Gated.shift = 20;

        String message = VerdictTest.verdictFailure(kit.run(Gated.class));

        assertThat(message).contains("- Baseline gate: fct regressed: median per-run change of fct's run values"
                        + " +18.04 % [+17.63 %, +18.44 %] (98 % interval; paired: 25 runs on the baseline's seeds;"
                        + " a run's value: the fct it reported)")
                .contains("beyond the tolerance ±2 % (limit: 2 %; the baseline's variability score of its series medians"
                        + " is larger); one-sided Wilcoxon signed-rank test for worse, p = 2.98e-08 <= alpha = 0.01;")
                .contains("this design detects changes of ±")
                .contains("For information, not gated: the median of the series KPIs (fct P75 at 75 %) went from"
                        + " 113 ms to 133 ms (+20 ms, +17.7 %)")
                .contains("If the change is intended, update the baseline with -Dtriscale.baseline.update=true and "
                        + "commit " + label(kit));
        // One change number: the verdict table's gate row shows the estimate the decision used.
        Path json = Path.of(message.substring(message.indexOf("Results: ") + "Results: ".length()).strip());
        assertThat(org.triscale.results.internal.report.VerdictTable.render(
                org.triscale.results.internal.model.JsonResults.read(json), json))
                .containsPattern("gate fct +\\+18\\.04 % \\[\\+17\\.63 %, \\+18\\.44 %\\] \\(median per-run change\\)");
        JsonNode metric = result(kit).at("/baseline/metrics/0");
        assertThat(metric.get("outcome").asText()).isEqualTo("REGRESSED");
        assertThat(metric.get("worsePValue").asDouble()).isEqualTo(Math.pow(2, -25));
        JsonNode gate = metric.get("gate");
        assertThat(gate.get("design").asText()).isEqualTo("PAIRED");
        assertThat(gate.get("change").asDouble()).isBetween(0.16, 0.19);
        assertThat(gate.get("lower").asDouble()).isBetween(0.15, gate.get("change").asDouble());
        assertThat(gate.get("confidence").asDouble()).isEqualTo(0.98);
        assertThat(gate.get("tolerance").asDouble()).isBetween(0.01, 0.02);
        assertThat(gate.get("toleranceSource").asText()).isEqualTo("LIMIT");
        assertThat(gate.get("quantity").asText()).startsWith("median per-run change of fct's run values");
        assertThat(gate.get("minimumDetectableChange").asDouble()).isBetween(0.01, 0.03);
        assertThat(result(kit).at("/verdict/status").asText()).isEqualTo("FAILED");
        assertThat(Files.readString(kit.summary(Gated.class, "fct"))).contains("baseline gate: regressed")
                .contains("| fct | regressed | +18.04 % [+17.63 %, +18.44 %] (median per-run change")
                .contains("| ±2 % (limit) | paired, 25 vs 25 runs");
    }

    @Test
    void aSmallConsistentChangeOnTheSameSeedsIsRegressedOnlyBelowTheFloorOrUnlessTolerated() throws IOException {
        Kit kit = withBaseline();
        Gated.shift = 1; // +0.9 % on every run: common random numbers see it, the 1 % floor ignores it

        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.failed(0));
        assertThat(result(kit).at("/baseline/metrics/0/outcome").asText()).isEqualTo("UNCHANGED");
        // The tolerance comes from the baseline, whose series medians spread by more than 2 %: the limit,
        // whatever the floor; the candidate's consistent change does not narrow it.
        kit.with("triscale.baseline.tolerance.floor", "0").run(Gated.class).testEvents()
                .assertStatistics(stats -> stats.failed(0));
        assertThat(result(kit).at("/baseline/metrics/0/gate/toleranceSource").asText()).isEqualTo("LIMIT");

        Kit tolerant = kit();
        tolerant.run(Tolerant.class); // no baseline yet
        tolerant.with("triscale.baseline.update", "true").run(Tolerant.class);
        Kit compare = kit();
        Tolerant.shift = 1;
        try {
            compare.run(Tolerant.class).testEvents().assertStatistics(stats -> stats.failed(0));
        } finally {
            Tolerant.shift = 0;
        }
        JsonNode metric = JSON.readTree(compare.json(Tolerant.class, "fct").toFile()).at("/baseline/metrics/0");
        assertThat(metric.get("outcome").asText()).isEqualTo("UNCHANGED");
        assertThat(metric.at("/gate/tolerance").asDouble()).isEqualTo(0.02);
        assertThat(metric.at("/gate/toleranceSource").asText()).isEqualTo("RELATIVE");
        assertThat(metric.get("message").asText()).contains("inside the tolerance ±2 % (declared: @Baseline(tolerance))");
    }

    @Test
    void improvedPassesAndSaysHowToUpdate() throws IOException {
        Kit kit = withBaseline();
        Gated.shift = -20;

        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.succeeded(31).failed(0));

        JsonNode metric = result(kit).at("/baseline/metrics/0");
        assertThat(metric.get("outcome").asText()).isEqualTo("IMPROVED");
        assertThat(metric.get("message").asText()).startsWith("Baseline gate: fct improved: median per-run change of"
                        + " fct's run values -1")
                .contains("one-sided Wilcoxon signed-rank test for better, p = 2.98e-08 <= alpha = 0.01")
                .contains("went from 113 ms to 93 ms (-20 ms, -17.7 %)")
                .endsWith("To make it the new reference, update the baseline with -Dtriscale.baseline.update=true and"
                        + " commit " + label(kit) + ".");
        assertThat(Files.readString(kit.summary(Gated.class, "fct"))).contains("baseline gate: improved")
                .contains("| fct | improved | -18.04 % [-18.44 %, -17.63 %]");
    }

    @Test
    void anotherBaseSeedIsComparedUnpaired() throws IOException {
        Kit kit = withBaseline().with("triscale.seed", "42");
        Gated.shift = 20;

        String message = VerdictTest.verdictFailure(kit.run(Gated.class));

        assertThat(message).contains("fct regressed: shift of the series medians of fct's run values")
                .contains("unpaired: 5 series medians against 5 of the baseline")
                .contains("one-sided Wilcoxon-Mann-Whitney rank-sum test for worse, p = 0.003968 <= alpha = 0.01")
                .contains("limit: 2 %; the baseline's variability score of its series medians is larger");
        assertThat(result(kit).at("/baseline/metrics/0/gate/design").asText()).isEqualTo("UNPAIRED");
    }

    @Test
    void inconclusiveWithTooFewValidSeriesFollowsThePolicy() throws IOException {
        Kit kit = withBaseline().with("triscale.seed", "42");
        Gated.abortedSeries = 2; // series 1 and 2 abort every run: 3 series against 5 cannot reach 1 %

        kit.run(Gated.class);

        JsonNode metric = result(kit).at("/baseline/metrics/0");
        assertThat(metric.get("outcome").asText()).isEqualTo("INCONCLUSIVE");
        assertThat(metric.get("reason").asText()).contains("too few observations to decide at alpha = 0.01: 5"
                + " reference and 3 candidate observations can give p-values no smaller than 0.01786; with 5"
                + " reference observations, at least 4 candidate ones are needed");
        assertThat(metric.at("/gate/minimumDetectableChange").isNull()).isTrue();
        assertThat(result(kit).at("/verdict/warnings").toString()).contains("fct inconclusive: too few observations")
                .contains("The inconclusive policy is warn");

        String message = VerdictTest.verdictFailure(kit.with("triscale.baseline.inconclusive", "fail").run(Gated.class));
        assertThat(message).contains("fct inconclusive: too few observations")
                .contains("(unpaired: 3 series medians against 5 of the baseline)").contains("The inconclusive policy is fail");
    }

    @Test
    void aFingerprintMismatchIsInconclusive() throws IOException {
        Kit kit = withBaseline();
        Gated.backend = "emulator 2";
        Gated.shift = 20; // even a clear regression is not judged on another test bed

        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.failed(0));

        JsonNode gate = result(kit).get("baseline");
        assertThat(gate.at("/fingerprintDifferences/0").asText())
                .isEqualTo("testBed.backend: 'emulator 1' → 'emulator 2'");
        assertThat(gate.at("/metrics/0/outcome").asText()).isEqualTo("INCONCLUSIVE");
        assertThat(gate.at("/metrics/0/reason").asText()).startsWith("the test bed differs from the baseline's "
                + "(testBed.backend: 'emulator 1' → 'emulator 2')");

        String strict = VerdictTest.verdictFailure(kit.with("triscale.baseline.strict", "true")
                .with("triscale.baseline.tags", "runner=lab-3").run(Gated.class));
        assertThat(strict).contains("fct inconclusive: the test bed differs")
                .contains("For information: the median per-run change of fct's run values +18.04 % [+17.63 %,"
                        + " +18.44 %] (98 % interval; paired: 25 runs on the baseline's seeds;")
                .contains("would have been regressed")
                .contains("tag.runner: (none) → 'lab-3'")
                .contains("The inconclusive policy is fail (triscale.baseline.inconclusive, strict because CI=true or"
                        + " triscale.baseline.strict=true)");
    }

    @Test
    void machineEntriesCanBeLeftOutOfTheComparison() throws IOException {
        Kit kit = kit().with("triscale.baseline.update", "true");
        kit.run(Gated.class);
        kit.run(IgnoresCpus.class);
        Kit compare = kit().with("triscale.baseline.inconclusive", "fail");
        for (Class<?> fixture : List.of(Gated.class, IgnoresCpus.class)) {
            Path file = kit.baseline(fixture, "fct");
            Files.writeString(file, Files.readString(file).replaceFirst("\"cpus\" : \\d+", "\"cpus\" : 999"));
        }

        assertThat(VerdictTest.verdictFailure(compare.run(Gated.class)))
                .contains("the test bed differs from the baseline's (cpus: '999' → '"
                        + Runtime.getRuntime().availableProcessors() + "')");
        compare.run(IgnoresCpus.class).testEvents().assertStatistics(stats -> stats.failed(0));
        assertThat(JSON.readTree(compare.json(IgnoresCpus.class, "fct").toFile())
                .at("/baseline/metrics/0/outcome").asText()).isEqualTo("UNCHANGED");
        assertThat(ConfigurationTest.configurationError(kit().run(IgnoresTheScenario.class)))
                .contains("@Baseline(ignoreInFingerprint = \"scenario\") is not a machine entry of the fingerprint;"
                        + " use java, os, arch or cpus");
    }

    // --- missing baseline ---

    @Test
    void missingBaselineIsRecordedOnlyByDefaultOutsideCi() throws IOException {
        Kit kit = kit();

        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.succeeded(31).failed(0));

        assertThat(kit.baseline(Gated.class, "fct")).doesNotExist();
        JsonNode result = result(kit);
        assertThat(result.at("/verdict/warnings/0").asText()).startsWith("Baseline gate: there is no baseline for this"
                        + " test: " + label(kit) + " does not exist. Create it with -Dtriscale.baseline.update=true")
                .contains("the sequel is only recorded in the history");
        assertThat(result.at("/baseline/source").isNull()).isTrue();
        assertThat(Files.readAllLines(kit.history(Gated.class, "fct"))).hasSize(1);
    }

    @Test
    void theHistoryGoesToTheOutputFolderUnlessItsOwnKeyIsSet() throws IOException {
        Kit kit = Kit.in(folder).without("triscale.history.dir");

        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.failed(0));

        assertThat(Files.readAllLines(kit.outputDir().resolve("history")
                .resolve(Gated.class.getName() + ".fct.jsonl"))).hasSize(1);
        assertThat(kit.history(Gated.class, "fct")).doesNotExist();
    }

    @Test
    void missingBaselineFailsUnderTheFailPolicyAndInStrictMode() {
        String message = VerdictTest.verdictFailure(kit().with("triscale.baseline.missing", "fail")
                .run(Gated.class));
        assertThat(message).contains("there is no baseline for this test").contains("policy is fail");

        String strict = VerdictTest.verdictFailure(kit().with("triscale.baseline.strict", "true")
                .run(Gated.class));
        assertThat(strict).contains("strict because CI=true or triscale.baseline.strict=true");
    }

    // --- unusable baseline files: a clear error naming the file, which is left untouched ---

    @Test
    void unparseableBaselineFails() throws IOException {
        assertUnusable("{ \"schemaVersion\" : 1, \"metrics\" : [ oops ] }", "is not valid JSON");
    }

    @Test
    void truncatedBaselineFails() throws IOException {
        Kit kit = withBaseline();
        String json = Files.readString(kit.baseline(Gated.class, "fct"));

        assertUnusable(json.substring(0, json.length() / 2), "is not valid JSON",
                "it may be truncated or damaged by hand");
    }

    @Test
    void baselineFromAFutureVersionFails() throws IOException {
        Kit kit = withBaseline();
        String json = Files.readString(kit.baseline(Gated.class, "fct"));

        assertUnusable(json.replace("\"schemaVersion\" : 2", "\"schemaVersion\" : 3"),
                "has schemaVersion 3, written by a newer TriScale; this version reads 1 to 2");
    }

    @Test
    void baselineWithWrongMetricNamesFails() throws IOException {
        Kit kit = withBaseline();
        String json = Files.readString(kit.baseline(Gated.class, "fct"));

        assertUnusable(json.replace("\"name\" : \"fct\"", "\"name\" : \"FCT\""), "does not fit this test: its "
                + "metric names do not match the test: it holds [FCT], the test gates [fct]; not declared by the test:"
                + " [FCT]; missing from it: [fct]");
    }

    @Test
    void baselineWithAnotherMeasureOrWrongTypesFails() throws IOException {
        Kit kit = withBaseline();
        String json = Files.readString(kit.baseline(Gated.class, "fct"));

        assertUnusable(json.replace("\"measure\" : \"P95\"", "\"measure\" : \"P99\""),
                "defines metric \"fct\" as P99 ms, the test as P95 ms");
        assertUnusable(json.replace("\"runsPerSeries\" : 5", "\"runsPerSeries\" : \"five\""),
                "its runsPerSeries is a string; expected a whole number");
        assertUnusable(json.replaceFirst("\\[ 106\\.0", "[ \"x\""), "does not have the fields of a sequel record");
    }

    @Test
    void updateReplacesAnUnusableBaseline() throws IOException {
        Kit kit = withBaseline();
        Files.writeString(kit.baseline(Gated.class, "fct"), "garbage");

        kit.with("triscale.baseline.update", "true").run(Gated.class).testEvents()
                .assertStatistics(stats -> stats.failed(0));

        assertThat(Files.readString(kit.baseline(Gated.class, "fct"))).startsWith("{");
        assertThat(result(kit).at("/baseline/notes/0").asText()).contains("could not be used")
                .contains("it is replaced");
    }

    // --- history ---

    @Test
    void everyExecutionAppendsItsSequelToTheHistory() throws IOException {
        Kit kit = withBaseline();
        Gated.shift = 20;
        kit.run(Gated.class);

        List<String> lines = Files.readAllLines(kit.history(Gated.class, "fct"));
        assertThat(lines).hasSize(2);
        JsonNode first = JSON.readTree(lines.get(0));
        JsonNode second = JSON.readTree(lines.get(1));
        assertThat(first.get("verdict").asText()).isEqualTo("PASSED");
        assertThat(first.get("accepted").asBoolean()).isTrue();
        assertThat(second.get("verdict").asText()).isEqualTo("FAILED");
        assertThat(second.get("accepted").asBoolean()).isFalse();
        assertThat(second.at("/metrics/0/runMetrics/0/0").asDouble()).isEqualTo(126);
    }

    @Test
    void theHistoryFeedsTheBaselineAndSkipsCorruptLines() throws IOException {
        kit().with("triscale.baseline.from.history", "2").with("triscale.baseline.update", "true")
                .run(Gated.class); // an explicit update: accepted
        Kit kit = kit().with("triscale.baseline.from.history", "2");
        kit.run(Gated.class); // unchanged: accepted
        Path history = kit.history(Gated.class, "fct");
        List<String> lines = Files.readAllLines(history);
        Files.write(history, List.of(lines.get(0), "{\"schemaVersion\": 1, \"truncated", lines.get(1)),
                StandardCharsets.UTF_8);
        byte[] before = Files.readAllBytes(history);
        Gated.shift = 20;

        String message = VerdictTest.verdictFailure(kit.run(Gated.class));

        // Two sequels of the history hold every seed twice: not paired with this one.
        assertThat(message).contains("fct regressed: shift of the series medians of fct's run values")
                .contains("unpaired: 5 series medians against 10 of the baseline");
        JsonNode result = result(kit);
        assertThat(result.at("/baseline/source").asText()).startsWith("the last 2 accepted sequels of the history");
        assertThat(result.at("/verdict/warnings").toString()).contains("line 2 is not valid JSON")
                .contains("the line is skipped and the file left as it is");
        byte[] after = Files.readAllBytes(history);
        assertThat(java.util.Arrays.copyOf(after, before.length)).isEqualTo(before); // only appended to
        assertThat(Files.readAllLines(history)).hasSize(4);
    }

    @Test
    void theHistoryUsesOnlyAcceptedSequelsOfTheSameTestBed() throws IOException {
        Kit update = kit().with("triscale.baseline.from.history", "3").with("triscale.baseline.update", "true");
        update.run(Gated.class); // an explicit update: accepted, emulator 1
        Gated.backend = "emulator 2";
        update.run(Gated.class); // accepted, emulator 2
        Kit kit = kit().with("triscale.baseline.from.history", "3").with("triscale.baseline.missing", "fail");
        Gated.backend = "emulator 1";
        Gated.shift = 20;

        kit.run(Gated.class); // compared with the first only: regressed, not accepted

        assertThat(result(kit).at("/baseline/source").asText()).contains("the last 1 accepted sequel of the history")
                .contains("(3 asked); 1 of another test bed skipped");
        Gated.shift = 0;
        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.failed(0));
        assertThat(result(kit).at("/baseline/metrics/0/baselineCount").asInt()).isEqualTo(25);
        // Only the unchanged sequel joined the accepted ones; the regressed one never feeds a baseline.
        List<String> lines = Files.readAllLines(kit.history(Gated.class, "fct"));
        assertThat(lines).hasSize(4);
        assertThat(JSON.readTree(lines.get(2)).get("accepted").asBoolean()).isFalse();
        assertThat(JSON.readTree(lines.get(3)).get("accepted").asBoolean()).isTrue();
    }

    @Test
    void sequelsThatAreNotUnchangedOrImprovedNeverFeedTheHistoryBaseline() throws IOException {
        Kit kit = withBaseline().with("triscale.seed", "42");
        Gated.shift = 5; // unpaired, 5 series against 5: inconclusive, and the default policy only warns

        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.failed(0));

        List<String> lines = Files.readAllLines(kit.history(Gated.class, "fct"));
        JsonNode last = JSON.readTree(lines.get(lines.size() - 1));
        assertThat(result(kit).at("/baseline/metrics/0/outcome").asText()).isEqualTo("INCONCLUSIVE");
        assertThat(last.get("verdict").asText()).isEqualTo("PASSED");
        assertThat(last.get("accepted").asBoolean()).isFalse();
    }

    // --- configuration ---

    @Test
    void annotationPathsMayNotLeaveTheProject() {
        assertThat(ConfigurationTest.configurationError(kit().run(EscapingFile.class)))
                .contains("@Baseline(file = \"../outside/fct.json\") contains '..'; a path in an annotation must stay"
                        + " inside the module's folder");
        assertThat(ConfigurationTest.configurationError(kit().run(AbsoluteFile.class)))
                .contains("@Baseline(file = \"/etc/triscale/fct.json\") is absolute");
        assertThat(ConfigurationTest.configurationError(kit().run(NotJsonFile.class)))
                .contains("@Baseline(file = \"pom.xml\") must name a .json file");
    }

    @Test
    void misconfiguredGatesFailBeforeAnyRun() {
        assertThat(ConfigurationTest.configurationError(kit().run(OneSeries.class)))
                .contains("@Baseline compares the series of each execution with the baseline's, but 1 series on each"
                        + " side can never be significant at alpha = 0.01")
                .contains("run at least 5 series with @Series(count = 5)")
                .contains("or use @Baseline(compare = RUNS)");
        assertThat(ConfigurationTest.configurationError(kit().run(NoDirection.class)))
                .contains("@Baseline gates rtt, which has no @Kpi to tell which way is better; set "
                        + "@Baseline(direction = LOWER_IS_BETTER)");
        assertThat(ConfigurationTest.configurationError(kit().run(UnknownMetric.class)))
                .contains("@Baseline(metrics = \"fc\") names no declared metric; declared: fct");
        assertThat(ConfigurationTest.configurationError(kit().run(BothTolerances.class)))
                .contains("@Baseline sets both tolerance = 0.05 and absoluteTolerance = 10; set one of them");
        assertThat(ConfigurationTest.configurationError(kit().with("triscale.baseline.alpha", "0.7")
                .run(Gated.class))).contains("triscale.baseline.alpha = '0.7' is not valid");
        assertThat(ConfigurationTest.configurationError(kit().with("triscale.baseline.missing", "ignore")
                .run(Gated.class))).contains("triscale.baseline.missing = 'ignore' is not valid; use fail or record");
    }

    @Test
    void runsComparisonWorksWithOneSeries() throws IOException {
        Kit kit = kit().with("triscale.baseline.update", "true");
        kit.run(RunsCompared.class);
        RunsCompared.shift = 50;
        try {
            String message = VerdictTest.verdictFailure(kit().with("triscale.seed", "42")
                    .run(RunsCompared.class));
            assertThat(message).contains("fct regressed: shift of fct's run values")
                    .contains("unpaired: 10 run metrics against 10 of the baseline")
                    .contains("±10 % (declared: @Baseline(tolerance))");
            // On the baseline's seeds: paired, run by run, even with a single series.
            assertThat(VerdictTest.verdictFailure(kit().run(RunsCompared.class)))
                    .contains("fct regressed: median per-run change of fct's run values")
                    .contains("paired: 10 runs on the baseline's seeds");
        } finally {
            RunsCompared.shift = 0;
        }
    }

    @Test
    void conflictingTestBedValuesFailTheRun() {
        EngineExecutionResults results = kit().run(ChangingTestBed.class);

        assertThat(results.testEvents().failed().list().get(0).getPayload(
                org.junit.platform.engine.TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow()
                .getMessage()).contains("testBed(\"backend\", \"b\")", "series 1 run 2", "an earlier run gave \"a\"",
                "must not change within a test");
    }

    /**
     * A kit for this folder. The fixtures' runs depend only on their seed, so their pairs are
     * independent: declared with {@code triscale.baseline.paired=runs}, the per-run test decides
     * (the default would take the series as the unit, since an additive shift changes the log
     * ratios of series of different levels differently).
     */
    /**
     * The within-launch statistics: the per-run test, no launch-to-launch variation assumed while the
     * history is short (the launch variation has its own tests below).
     */
    private Kit kit() {
        return Kit.in(folder).with("triscale.baseline.paired", "runs").with("triscale.baseline.launchShift", "0");
    }

    @Test
    void byDefaultSeriesThatChangeDifferentlyAreTheUnitAndTheMessageSaysWhy() throws IOException {
        withBaseline();
        Kit kit = Kit.in(folder).with("triscale.baseline.launchShift", "0");
        Gated.shift = 20;

        String message = VerdictTest.verdictFailure(kit.run(Gated.class));

        assertThat(message).contains("fct regressed: mean over series of the mean per-run change of fct's run values")
                .contains("paired by series: 25 runs on the baseline's seeds in 5"
                + " series, tested across series because the per-run changes differ between series")
                .contains("one-sided t-test of the series' mean changes (4 df) for worse");
        assertThat(result(kit).at("/baseline/metrics/0/gate/design").asText()).isEqualTo("PAIRED_SERIES");
        assertThat(ConfigurationTest.configurationError(Kit.in(folder).with("triscale.baseline.paired", "pairs")
                .run(Gated.class))).contains("triscale.baseline.paired = 'pairs' is not valid").contains("auto");
    }

    @Test
    void runsDeclaredIndependentAreTestedRunByRunUnlessTheKeySaysOtherwise() throws IOException {
        Kit kit = Kit.in(folder);
        kit.with("triscale.baseline.update", "true").run(IndependentGated.class);
        IndependentGated.shift = 20;
        try {
            String message = VerdictTest.verdictFailure(Kit.in(folder).run(IndependentGated.class));
            assertThat(message).contains("fct regressed: median per-run change of fct's run values +")
                    .contains("paired: 25 runs on the baseline's seeds;")
                    .doesNotContain("launch-to-launch");
            assertThat(Kit.in(folder).result(IndependentGated.class, "fct").at("/baseline/metrics/0/gate/design").asText())
                    .isEqualTo("PAIRED");
            VerdictTest.verdictFailure(Kit.in(folder).with("triscale.baseline.paired", "series")
                    .run(IndependentGated.class));
            assertThat(Kit.in(folder).result(IndependentGated.class, "fct").at("/baseline/metrics/0/gate/design")
                    .asText()).isEqualTo("PAIRED_SERIES");
        } finally {
            IndependentGated.shift = 0;
        }
    }

    // --- the launch as a unit of variation (defaults: not declared independent) ---

    @Test
    void undeclaredRunsIncludeTheLaunchBoundThenTheHistoryAndLeadWithTheGatedChange() throws IOException {
        Kit.in(folder).with("triscale.baseline.update", "true").run(Gated.class);
        Kit kit = Kit.in(folder);

        // An unchanged re-run is no false alarm under the bound.
        kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.failed(0));
        JsonNode metric = result(kit).at("/baseline/metrics/0");
        assertThat(metric.get("outcome").asText()).isEqualTo("UNCHANGED");
        assertThat(metric.at("/gate/launch/source").asText()).isEqualTo("BOUND");
        assertThat(metric.at("/gate/launch/launchShift").asDouble()).isEqualTo(0.02);
        assertThat(metric.at("/gate/toleranceSource").asText()).isEqualTo("LAUNCH_BOUND");
        assertThat(metric.at("/gate/quantity").asText()).startsWith("median per-run change of fct's run values");
        assertThat(metric.get("message").asText()).contains("assumed at most 2 % per launch"
                + " (triscale.baseline.launchShift) because the history holds 0 of the 5 pairs");

        // +18 % fails on the first comparison after the baseline; the gated change comes first, the KPIs
        // after it, for information.
        Gated.shift = 20;
        String message = VerdictTest.verdictFailure(kit.run(Gated.class));
        // auto sees the series differ and tests across them, the launch bound added.
        assertThat(message).contains("fct regressed: mean over series of the mean per-run change of fct's run values"
                + " +18.05 % [+10.49 %, +26.12 %]").contains("paired by series: 25 runs on the baseline's seeds in 5"
                + " series").contains("z-test of the change against its standard error with the launch-to-launch"
                + " variation").contains("For information, not gated: the median of the series KPIs");
        assertThat(message.indexOf("per-run change")).isLessThan(message.indexOf("median of the series KPIs"));
        assertThat(Files.readString(kit.summary(Gated.class, "fct")))
                .contains("| gated change [interval] |").contains("KPI before → after (for information)")
                .contains("launch variation 2 % (bound, history 1 of 5 pairs)");

        // Unchanged launches fill the history (a regressed one never joins it): the estimate replaces the bound.
        Gated.shift = 0;
        for (int i = 0; i < 5; i++) {
            kit.run(Gated.class).testEvents().assertStatistics(stats -> stats.failed(0));
        }
        metric = result(kit).at("/baseline/metrics/0");
        assertThat(metric.at("/gate/launch/source").asText()).isEqualTo("HISTORY");
        assertThat(metric.at("/gate/launch/launches").asInt()).isEqualTo(5);
        assertThat(metric.at("/gate/launch/perLaunch").asDouble()).isZero();
        assertThat(metric.get("message").asText()).contains("0 % per launch (standard deviation) estimated from 5"
                + " pairs of consecutive accepted launches of the history");
        Gated.shift = 20;
        assertThat(VerdictTest.verdictFailure(kit.run(Gated.class))).contains("median per-run change of fct's"
                + " run values +18.04 % [+17.63 %, +18.44 %]");
    }

    private Kit withBaseline() {
        kit().with("triscale.baseline.update", "true").run(Gated.class);
        return kit();
    }

    private void assertUnusable(String content, String... parts) throws IOException {
        Kit kit = withBaseline();
        Path file = kit.baseline(Gated.class, "fct");
        Files.writeString(file, content);
        byte[] before = Files.readAllBytes(file);

        String message = VerdictTest.verdictFailure(kit.run(Gated.class));

        assertThat(message).contains("Baseline gate: baseline file " + file);
        for (String part : parts) {
            assertThat(message).contains(part);
        }
        assertThat(message).contains("the file is left as it was");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    private String label(Kit kit) {
        return kit.baseline(Gated.class, "fct").toString();
    }

    private static JsonNode result(Kit kit) throws IOException {
        return kit.result(Gated.class, "fct");
    }

    @FixturesOnly
    static class Gated {
        static volatile double shift;
        static volatile String backend = "emulator 1";
        static volatile int abortedSeries;

        /** Back to the fixture's defaults, after a test that changed them. */
        static void reset() {
            shift = 0;
            backend = "emulator 1";
            abortedSeries = 0;
        }

        /** Series s runs 100 + 3s + {3, 1, 4, 2, 0}: medians 105 to 117, KPIs (maxima) 107 to 119, score 12. */
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline
        void fct(RunContext run) {
            org.junit.jupiter.api.Assumptions.assumeTrue(run.series() > abortedSeries, "emulator unavailable");
            run.testBed("backend", backend);
            run.recordRunValue("fct", 100 + 3 * run.series() + (run.run() * 3) % 5 + shift);
        }
    }

    @FixturesOnly
    static class IndependentGated {
        static volatile double shift;

        /** As {@link Gated}, its runs declared independent: the gate's default is the per-run test. */
        @Runs(kpiPercentile = 75, kpiConfidence = 75, independent = true)
        @Series(count = 5)
        @Metric(name = "fct", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline
        void fct(RunContext run) {
            run.recordRunValue("fct", 100 + 3 * run.series() + (run.run() * 3) % 5 + shift);
        }
    }

    @FixturesOnly
    static class ScoreGated {
        /** As {@link Gated}: series KPIs 107 to 119, a variability score of 12 ms above its atMost. */
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @VariabilityScore(metric = "fct", atMost = 5)
        @Baseline
        void fct(RunContext run) {
            run.recordRunValue("fct", 100 + 3 * run.series() + (run.run() * 3) % 5);
        }
    }

    @FixturesOnly
    static class BothTolerances {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(tolerance = 0.05, absoluteTolerance = 10)
        void fct(RunContext run) {
            run.recordRunValue("fct", 100);
        }
    }

    @FixturesOnly
    static class Tolerant {
        static volatile double shift;

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(tolerance = 0.02)
        void fct(RunContext run) {
            run.recordRunValue("fct", 100 + 3 * run.series() + (run.run() * 3) % 5 + shift);
        }
    }

    @FixturesOnly
    static class IgnoresCpus {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(ignoreInFingerprint = "cpus")
        void fct(RunContext run) {
            run.recordRunValue("fct", 100 + 3 * run.series() + (run.run() * 3) % 5);
        }
    }

    @FixturesOnly
    static class IgnoresTheScenario {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(ignoreInFingerprint = "scenario")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class RunsCompared {
        static volatile double shift;

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(compare = Baseline.Compare.RUNS, tolerance = 0.1)
        void fct(RunContext run) {
            run.recordRunValue("fct", 100 + (run.run() * 7) % 10 + shift);
        }
    }

    @FixturesOnly
    static class EscapingFile {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(file = "../outside/fct.json")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class AbsoluteFile {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(file = "/etc/triscale/fct.json")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class NotJsonFile {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(file = "pom.xml")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class OneSeries {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "fct")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class NoDirection {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct")
        @Metric(name = "rtt")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(metrics = {"fct", "rtt"})
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class UnknownMetric {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline(metrics = "fc")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class ChangingTestBed {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 5)
        @Metric(name = "fct")
        @Kpi(metric = "fct", atMost = 1000)
        @Baseline
        void cca(RunContext run) {
            run.testBed("backend", run.run() == 1 ? "a" : "b");
            run.recordRunValue("fct", 1);
        }
    }
}
