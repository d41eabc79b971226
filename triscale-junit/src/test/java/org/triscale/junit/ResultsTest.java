package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.OutputDirectoryCreator;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** The JSON result and the per-series Surefire reports. */
class ResultsTest {

    @TempDir
    Path folder;

    @Test
    void jsonHoldsEverythingToReanalyse() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(Fixture.class);

        JsonNode result = kit.result(Fixture.class, "cca");
        assertThat(result.get("schemaVersion").asInt()).isEqualTo(1);
        assertThat(result.get("testClass").asText()).isEqualTo(Fixture.class.getName());
        assertThat(result.get("testMethod").asText()).isEqualTo("cca");

        JsonNode parameters = result.get("parameters");
        assertThat(parameters.get("mode").asText()).isEqualTo("SOUND");
        assertThat(parameters.get("checksPolicy").asText()).isEqualTo("WARN");
        assertThat(parameters.at("/runs/count").asInt()).isEqualTo(5);
        assertThat(parameters.at("/runs/sizedMinimum").asInt()).isEqualTo(5);
        assertThat(parameters.at("/series/count").asInt()).isEqualTo(2);
        assertThat(parameters.at("/metrics/0/name").asText()).isEqualTo("delay");
        assertThat(parameters.at("/metrics/0/measure").asText()).isEqualTo("P95");
        assertThat(parameters.at("/metrics/0/bounds").isNull()).isTrue();
        assertThat(parameters.at("/kpis/0/side").asText()).isEqualTo("UPPER");
        assertThat(parameters.at("/kpis/0/atMost").asDouble()).isEqualTo(14.5);
        assertThat(parameters.at("/kpis/0/atLeast").isNull()).isTrue();

        JsonNode runs = result.get("runs");
        assertThat(runs).hasSize(10);
        JsonNode third = runs.get(2);
        assertThat(third.get("series").asInt()).isEqualTo(1);
        assertThat(third.get("run").asInt()).isEqualTo(3);
        assertThat(third.get("status").asText()).isEqualTo("PASSED");
        assertThat(third.at("/metrics/0/value").asDouble()).isEqualTo(15);
        assertThat(third.at("/metrics/0/samples").asInt()).isEqualTo(3);
        assertThat(third.at("/metrics/0/droppedNaN").asInt()).isEqualTo(1);
        assertThat(third.get("durationNanos").asLong()).isPositive();
        assertThat(runs.findValues("seed").stream().map(JsonNode::asLong).distinct().count()).isEqualTo(10);

        JsonNode firstSeries = result.at("/series/0");
        assertThat(firstSeries.get("validRuns").asInt()).isEqualTo(5);
        JsonNode kpi = firstSeries.at("/kpis/0");
        assertThat(kpi.get("value").asDouble()).isEqualTo(15);
        assertThat(kpi.get("index").asInt()).isEqualTo(4);
        assertThat(kpi.get("boundRun").asInt()).isEqualTo(3);
        assertThat(kpi.get("passed").asBoolean()).isFalse();
        assertThat(kpi.get("message").asText()).contains("violated in series 1");
        assertThat(result.at("/series/1/kpis/0/passed").asBoolean()).isTrue();

        JsonNode score = result.at("/variabilityScores/0");
        assertThat(score.get("kind").asText()).isEqualTo("TWO_SIDED");
        assertThat(score.get("seriesKpis")).extracting(JsonNode::asDouble).containsExactly(15.0, 14.0);
        assertThat(score.get("defined").asBoolean()).isTrue();
        assertThat(score.get("score").asDouble()).isEqualTo(1);
        assertThat(score.get("lowerSeries").asInt()).isEqualTo(2);
        assertThat(score.get("upperSeries").asInt()).isEqualTo(1);
        assertThat(score.get("passed").asBoolean()).isTrue();
        assertThat(score.get("needed").asInt()).isEqualTo(2);

        JsonNode verdict = result.get("verdict");
        assertThat(verdict.get("status").asText()).isEqualTo("FAILED");
        assertThat(verdict.get("executedRuns").asInt()).isEqualTo(10);
        assertThat(verdict.get("failures")).hasSize(1);
        assertThat(result.at("/environment/java").asText()).isEqualTo(System.getProperty("java.version"));
        assertThat(result.at("/environment/cpus").asInt()).isPositive();
    }

    @Test
    void jsonNamesAJointScoresInterval() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(VerdictTest.JointScoreFixture.class);

        JsonNode result = kit.result(VerdictTest.JointScoreFixture.class, "cca");
        assertThat(result.at("/parameters/variabilityScores/0/kind").asText()).isEqualTo("JOINT");
        assertThat(result.at("/variabilityScores/0/kind").asText()).isEqualTo("JOINT");
    }

    @Test
    void theExtensionWritesNoSurefireFileOfItsOwn() throws Exception {
        // The series are tests in Surefire's own report; a file beside it would count them twice.
        Kit kit = Kit.in(folder);
        kit.run(Fixture.class);
        assertThat(kit.json(Fixture.class, "cca")).exists();
        try (Stream<Path> files = Files.walk(folder)) {
            assertThat(files.map(path -> path.getFileName().toString()).filter(name -> name.endsWith(".xml"))).isEmpty();
        }
    }

    /**
     * Every Surefire XML file the merge writes (verdict files of each outcome, with characters XML
     * cannot hold in the message) is valid against Surefire's own schema, version 3.0.2 (from Maven
     * Surefire 3.5.4); the extension writes none.
     */
    @Test
    void everySurefireFileIsValidAgainstTheSurefire302Schema() throws Exception {
        javax.xml.validation.Schema schema = javax.xml.validation.SchemaFactory
                .newInstance(javax.xml.XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(ResultsTest.class.getResource("/surefire/surefire-test-report-3.0.2.xsd"));
        Path verdicts = folder.resolve("verdicts");
        for (org.triscale.results.internal.files.SurefireVerdictReports.Outcome outcome
                : org.triscale.results.internal.files.SurefireVerdictReports.Outcome.values()) {
            org.triscale.results.internal.files.SurefireVerdictReports.write(Fixture.class.getName(),
                    "cca" + outcome.ordinal(), outcome, "KPI delay failed: 15 ms > 14.5 ms \u0007 <&> \"x\"\nline 2",
                    verdicts);
        }
        List<Path> files = new java.util.ArrayList<>();
        for (Path dir : List.of(verdicts)) {
            try (Stream<Path> list = Files.list(dir)) {
                list.filter(path -> path.getFileName().toString().endsWith(".xml")).forEach(files::add);
            }
        }
        assertThat(files).hasSize(3);
        for (Path file : files) {
            javax.xml.validation.Validator validator = schema.newValidator();
            try {
                validator.validate(new javax.xml.transform.stream.StreamSource(file.toFile()));
            } catch (org.xml.sax.SAXException e) {
                throw new AssertionError(file.getFileName() + " is not valid against the Surefire 3.0.2 schema: "
                        + e.getMessage(), e);
            }
        }
        // The check can fail: a file without the required "tests" attribute is refused.
        Path broken = Files.writeString(folder.resolve("broken.xml"),
                "<testsuite name=\"x\" errors=\"0\" skipped=\"0\" failures=\"0\"/>");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> schema.newValidator()
                .validate(new javax.xml.transform.stream.StreamSource(broken.toFile())))
                .isInstanceOf(org.xml.sax.SAXException.class).hasMessageContaining("tests");
    }

    @Test
    void unwritableFolderFailsTheVerdictAndKeepsTheOutcome() throws IOException {
        Path file = Files.writeString(folder.resolve("not-a-folder"), "");
        EngineExecutionResults results = Kit.in(folder).with("triscale.output.dir", file.toString())
                .run(PassingFixture.class);

        results.testEvents().assertStatistics(stats -> stats.started(7).succeeded(6).failed(1));
        assertThat(VerdictTest.verdictFailure(results))
                .contains("FAILED", "the JSON result could not be written to " + file, "triscale.output.dir");
    }

    @Test
    void resultIsPublishedForOpenTestReporting() {
        Path outputs = folder.resolve("outputs");
        OutputDirectoryCreator creator = new OutputDirectoryCreator() {
            @Override
            public Path getRootDirectory() {
                return outputs;
            }

            @Override
            public Path createOutputDirectory(TestDescriptor descriptor) throws IOException {
                return Files.createDirectories(outputs.resolve(Integer.toHexString(descriptor.getUniqueId().hashCode())));
            }
        };
        Map<String, String> parameters = new HashMap<>(Map.of(FixturesOnly.PARAMETER, "true",
                "triscale.progress", "false", "triscale.output.dir", folder.resolve("triscale").toString()));
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter").selectors(selectClass(PassingFixture.class))
                .configurationParameters(parameters).outputDirectoryCreator(creator).execute();

        List<Event> files = results.allEvents().filter(event -> event.getType() == EventType.FILE_ENTRY_PUBLISHED).toList();
        assertThat(files).hasSize(1);
        FileEntry entry = files.get(0).getRequiredPayload(FileEntry.class);
        assertThat(entry.getPath().getFileName().toString()).isEqualTo(PassingFixture.class.getName() + ".cca.json");
        assertThat(entry.getMediaType()).contains("application/json");
    }

    @FixturesOnly
    static class Fixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Series(count = 2, scorePercentile = 50, scoreConfidence = 50)
        @Metric(name = "delay", samplePercentile = 95, unit = "ms")
        @Kpi(metric = "delay", atMost = 14.5)
        @VariabilityScore(metric = "delay", atMost = 10)
        void cca(RunContext run) {
            double delay = VerdictTest.DELAYS[run.run() - 1] - (run.series() == 2 ? 1 : 0);
            run.recordSample("delay", delay - 1);
            run.recordSample("delay", Double.NaN);
            run.recordSample("delay", delay);
            run.recordSample("delay", delay - 2);
        }
    }

    /** The smallest passing test, for every test class that needs one. */
    @FixturesOnly
    static class PassingFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        @Kpi(metric = "delay", atMost = 100)
        void cca(RunContext run) {
            run.recordRunValue("delay", VerdictTest.DELAYS[run.run() - 1]);
        }
    }
}
