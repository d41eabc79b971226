package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.junit.BaselineTest.Gated;
import org.triscale.junit.ResultsTest.PassingFixture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The third reliability campaign's cases on the extension: history files and links, contradictory
 * history lines, and lax configuration (booleans, digits, tags, folders, annotation attributes).
 */
class ThirdCampaignTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    @AfterEach
    void reset() {
        Gated.reset();
    }

    private Kit kit() {
        return Kit.in(folder).with("triscale.baseline.paired", "runs");
    }

    /**
     * A history file planted as a link to a file outside the history folder: the gated test runs,
     * appends nothing to the linked file, and no message quotes it.
     */
    @Test
    void aHistoryLinkLeadingOutIsNotFollowed() throws IOException {
        Kit kit = kit().with("triscale.baseline.from.history", "1");
        Path history = kit.history(Gated.class, "fct");
        Files.createDirectories(history.getParent());
        Path outside = Files.writeString(folder.resolve("outside.txt"), "topsecrettoken\n");
        Files.createSymbolicLink(history, outside);

        kit.run(Gated.class);

        assertThat(Files.readString(outside)).isEqualTo("topsecrettoken\n");
        JsonNode result = kit.result(Gated.class, "fct");
        assertThat(result.at("/verdict/warnings").toString()).contains("leads out of its folder")
                .doesNotContain("topsecret");
        assertThat(Files.readString(kit.json(Gated.class, "fct"))).doesNotContain("topsecret");
    }

    /**
     * A history line whose verdict failed but which says accepted is contradictory: it never
     * becomes the baseline, and the warning names the file and the line.
     */
    @Test
    void aFailedLineMarkedAcceptedIsNeverTheBaseline() throws IOException {
        Kit kit = kit().with("triscale.baseline.from.history", "1");
        kit.with("triscale.baseline.update", "true").run(Gated.class);
        kit.without("triscale.baseline.update");
        Files.delete(kit.baseline(Gated.class, "fct"));
        Path history = kit.history(Gated.class, "fct");
        ObjectNode line = (ObjectNode) JSON.readTree(Files.readAllLines(history).get(0));
        line.put("verdict", "FAILED").put("accepted", true);
        Files.writeString(history, JSON.writeValueAsString(line) + "\n", StandardCharsets.UTF_8);

        kit.run(Gated.class);

        JsonNode result = kit.result(Gated.class, "fct");
        assertThat(result.at("/baseline/source").isNull() || result.at("/baseline/source").isMissingNode()).isTrue();
        assertThat(result.at("/verdict/warnings").toString()).contains(history + " line 1 ")
                .contains("is accepted although its verdict is FAILED");
    }

    /** A history line whose KPI was edited without its run metrics is not used for the trend. */
    @Test
    void anEditedKpiIsNotUsed() throws IOException {
        Kit kit = kit();
        kit.run(Gated.class);
        Path history = kit.history(Gated.class, "fct");
        ObjectNode line = (ObjectNode) JSON.readTree(Files.readAllLines(history).get(0));
        ((ObjectNode) line.get("metrics").get(0).get("kpi")).put("median", 1e6);
        Files.writeString(history, JSON.writeValueAsString(line) + "\n", StandardCharsets.UTF_8);

        kit.run(Gated.class);

        JsonNode result = kit.result(Gated.class, "fct");
        assertThat(result.at("/baseline/history/builds").size()).isEqualTo(1); // this execution only
        assertThat(result.at("/verdict/warnings").toString()).contains("line 1 ")
                .contains("has kpi.median = 1000000.0 but its run metrics give");
    }

    @Test
    void summaryAndReportFlagsAreRefusedLikeEveryBoolean() {
        assertThat(ConfigurationTest.configurationError(kit().with("triscale.summary.enabled", "maybe")
                .run(PassingFixture.class))).contains("triscale.summary.enabled = 'maybe' is not valid; use true or false");
        assertThat(ConfigurationTest.configurationError(kit().with("triscale.report.enabled", "maybe")
                .run(PassingFixture.class))).contains("triscale.report.enabled = 'maybe' is not valid; use true or false");
    }

    /** Digits of another script are refused in every numeric key, not read as their value. */
    @Test
    void numbersWithDigitsOfAnotherScriptAreRefused() {
        for (String[] entry : List.of(new String[] {"triscale.seed", "\u0664\u0662"},
                new String[] {"triscale.runs.parallelism", "\u0662"},
                new String[] {"triscale.shard", "\u0661/\u0662"},
                new String[] {"triscale.baseline.from.history", "\u0661"})) {
            Class<?> fixture = entry[0].contains("baseline") ? Gated.class : PassingFixture.class;
            assertThat(ConfigurationTest.configurationError(kit().with(entry[0], entry[1]).run(fixture)))
                    .as(entry[0]).contains(entry[0] + " = '" + entry[1] + "' is not valid")
                    .contains("digits 0-9 (ASCII)");
        }
    }

    @Test
    void aTagKeyGivenTwiceIsRefusedNamingIt() {
        assertThat(ConfigurationTest.configurationError(kit().with("triscale.baseline.tags", "runner=a, runner=b")
                .run(Gated.class))).contains("gives the tag key 'runner' again (it is already 'a')");
    }

    @Test
    void aBaselineFolderThatIsAFileIsReportedAsSuch() throws IOException {
        Path file = Files.writeString(folder.resolve("plain-file"), "not a folder");
        assertThat(ConfigurationTest.configurationError(kit().with("triscale.baseline.dir", file.toString())
                .run(Gated.class))).contains("triscale.baseline.dir").contains("is a file, not a folder");
        assertThat(ConfigurationTest.configurationError(kit().with("triscale.history.dir", file.toString())
                .run(Gated.class))).contains("triscale.history.dir").contains("is a file, not a folder");
    }

    @Test
    void aMetricNamedTwiceInConvergenceRequiredIsAConfigurationError() {
        assertThat(ConfigurationTest.configurationError(kit().run(ConvergesTwice.class)))
                .startsWith("TriScale configuration error in ConvergesTwice.cca: ")
                .contains("duplicate metric 'delay' in @ConvergenceRequired(metrics)");
        assertThat(ConfigurationTest.configurationError(kit().run(ConvergesBlank.class)))
                .contains("@ConvergenceRequired(metrics) holds a blank name");
    }

    @FixturesOnly
    static class ConvergesTwice {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @ConvergenceRequired(metrics = {"delay", "delay"})
        @Metric(name = "delay")
        void cca(RunContext run) {
        }
    }

    @FixturesOnly
    static class ConvergesBlank {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @ConvergenceRequired(metrics = {" "})
        @Metric(name = "delay")
        void cca(RunContext run) {
        }
    }
}
