package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * The launch listener, found by the launcher through service loading as in a user's project:
 * the summary lines, {@code summary.md} and the HTML report, and the switch that turns them off.
 */
class LaunchListenerTest {
    @TempDir
    Path folder;

    @Test
    void aLaunchPrintsTheNumbersAndWritesTheSummaryAndTheReport() throws IOException {
        String out = launch("true");

        Path results = folder.resolve("triscale");
        assertThat(out).contains("TriScale: 1 test, 1 passed, 0 failed\n")
                .containsPattern("  PASSED  ResultsTest\\$PassingFixture.cca  delay P75 = \\d+ \\(≤ 100\\)\n")
                .contains("TriScale results: " + results + "\n")
                .contains("TriScale report: " + folder.resolve("report").resolve("index.html") + "\n")
                .contains("TriScale summary: " + results.resolve("summary.md") + "\n");
        assertThat(Files.readString(results.resolve("summary.md")))
                .startsWith("### TriScale\n\n#### ✅ PASSED · `ResultsTest$PassingFixture.cca` · 1 series × 5 runs\n\n"
                        + "|  | value | threshold | confidence | covers | series values | outcome |\n")
                .containsPattern("\\| KPI delay P75 upper \\| \\d+ \\| ≤ 100 \\| 75 % \\| 5 runs \\| \\d+ \\| ok \\|");
        assertThat(Files.readString(folder.resolve("report").resolve("index.html")))
                .contains("ResultsTest$PassingFixture.cca").contains("Launch of ")
                .contains("href=\"../triscale/summary.md\"")
                .contains("href=\"../triscale/" + ResultsTest.PassingFixture.class.getName() + ".cca.json\">JSON</a>")
                .contains("<select id=\"verdict\">");
        assertThat(folder.resolve("report").resolve(ResultsTest.PassingFixture.class.getName() + ".cca.html"))
                .exists();
    }

    /** Identical runs warn in the verdict table, summary.md and the test's report page. */
    @Test
    void identicalRunsWarnInTheTableTheSummaryAndTheReport() throws IOException {
        String out = launch("true", IdenticalRunsTest.Constant.class);

        String warning = "Metric delay: every run of each of the 2 series gave the same value (15.68 ms): the seed does"
                + " not reach the system under test: 10 identical runs are 2 measurements.";
        assertThat(out).contains("  warning: " + warning);
        assertThat(Files.readString(folder.resolve("triscale").resolve("summary.md"))).contains("- warning: " + warning);
        assertThat(Files.readString(folder.resolve("report").resolve(IdenticalRunsTest.Constant.class.getName()
                + ".cca.html"))).contains(warning);
    }

    /**
     * A passing and a failing comparison of sequels, made with TriscaleAssertions in a plain test:
     * both appear in the summary lines, summary.md, the report's index and comparisons.json.
     */
    @Test
    void comparisonsOfSequelsAreRecordedPassingOrFailing() throws IOException {
        String out = launch("true", ResultsTest.PassingFixture.class, ComparingFixture.class);
        assertThat(out).contains("TriScale comparisons: 2, 1 failed\n")
                .containsPattern("  PASSED  LaunchListenerTest\\$ComparingFixture.pragueIsSlower  fct of 'prague' vs 'cubic': \\+\\d+ % "
                        + "\\[\\+\\d+ %, \\+\\d+ %\\] at 98 % \\(worse by at least 100 %; unpaired")
                .containsPattern("  FAILED  LaunchListenerTest\\$ComparingFixture.pragueIsNotWorse  fct of 'prague' vs 'cubic'");
        Path results = folder.resolve("triscale");
        assertThat(Files.readString(results.resolve("summary.md"))).contains("#### Comparisons of sequels")
                .contains("| LaunchListenerTest$ComparingFixture.pragueIsSlower | fct | 'prague' vs 'cubic' |").contains("✅ passed")
                .contains("❌ FAILED");
        assertThat(Files.readString(folder.resolve("report").resolve("index.html")))
                .contains("<h2>Comparisons of sequels</h2>").contains("worse by at least 100 %")
                .contains("href=\"../triscale/comparisons.json\"");
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(results.resolve("comparisons.json").toFile()).get("comparisons");
        assertThat(json).hasSize(2);
        assertThat(json.get(0).get("outcome").asText()).isEqualTo("PASSED");
        assertThat(json.get(0).get("change").asDouble()).isGreaterThan(1.0);
        assertThat(json.get(1).get("outcome").asText()).isEqualTo("FAILED");
        assertThat(json.get(1).get("message").asText()).contains("Expected fct of 'prague' to be not worse");
    }

    /** Two comparisons of a sequel three times slower than its reference. */
    @FixturesOnly
    static class ComparingFixture {
        private static org.triscale.junit.sequel.Sequel sequel(String name, double factor) {
            double[][] fct = new double[5][10];
            for (int s = 0; s < 5; s++) {
                for (int r = 0; r < 10; r++) {
                    fct[s][r] = factor * (100 + 3 * ((s * 7 + r * 3) % 10));
                }
            }
            return org.triscale.junit.sequel.Sequel.of(name, java.util.Map.of("fct", fct), null);
        }

        @org.junit.jupiter.api.Test
        void pragueIsSlower() {
            org.triscale.junit.assertions.TriscaleAssertions.assertThat(sequel("prague", 3)).metric("fct")
                    .isWorseThan(sequel("cubic", 1)).byAtLeast(1.0);
        }

        @org.junit.jupiter.api.Test
        void pragueIsNotWorse() {
            org.triscale.junit.assertions.TriscaleAssertions.assertThat(sequel("prague", 3)).metric("fct")
                    .isNotWorseThan(sequel("cubic", 1)).withTolerance(0.05);
        }
    }

    @Test
    void theSummaryAndTheReportCanBeTurnedOff() {
        String out = launch("false");
        assertThat(out).doesNotContain("TriScale: 1 test");
        assertThat(folder.resolve("triscale").resolve("summary.md")).doesNotExist();
        assertThat(folder.resolve("report")).doesNotExist();
    }

    @Test
    void theOutputFolderMovesTheReportWhichHoldsOnlyWhatItsIndexLists() throws IOException {
        Path report = folder.resolve("triscale").resolve("report");
        Files.createDirectories(report);
        Files.writeString(report.resolve("org.example.GoneTest.removed.html"), "<html>an earlier launch</html>");
        Files.writeString(report.resolve("notes.txt"), "not a page");

        String out = launch("true", false, ResultsTest.PassingFixture.class);

        assertThat(out).contains("TriScale report: " + report.resolve("index.html") + "\n");
        assertThat(report.resolve(ResultsTest.PassingFixture.class.getName() + ".cca.html")).exists();
        assertThat(report.resolve("org.example.GoneTest.removed.html")).doesNotExist();
        assertThat(report.resolve("notes.txt")).exists();
        assertThat(folder.resolve("report")).doesNotExist();
    }

    private String launch(String enabled) {
        return launch(enabled, true, ResultsTest.PassingFixture.class);
    }

    private String launch(String enabled, Class<?>... classes) {
        return launch(enabled, true, classes);
    }

    /** Runs fixtures through the launcher (with its service-loaded listeners). */
    private String launch(String enabled, boolean reportDir, Class<?>... classes) {
        LauncherDiscoveryRequestBuilder builder = LauncherDiscoveryRequestBuilder.request();
        if (reportDir) {
            builder.configurationParameter("triscale.report.dir", folder.resolve("report").toString());
        }
        LauncherDiscoveryRequest request = builder
                .selectors(java.util.Arrays.stream(classes).map(type -> selectClass(type)).toList())
                .configurationParameter(FixturesOnly.PARAMETER, "true")
                .configurationParameter("triscale.progress", "false")
                .configurationParameter("triscale.output.dir", folder.resolve("triscale").toString())
                .configurationParameter("triscale.summary.enabled", enabled)
                .configurationParameter("triscale.report.enabled", enabled)
                .build();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            LauncherFactory.create().execute(request);
        } finally {
            System.setOut(original);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
