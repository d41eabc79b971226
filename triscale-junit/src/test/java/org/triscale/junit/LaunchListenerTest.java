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
                .contains("ResultsTest$PassingFixture.cca");
        assertThat(folder.resolve("report").resolve(ResultsTest.PassingFixture.class.getName() + ".cca.html"))
                .exists();
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

        String out = launch("true", false);

        assertThat(out).contains("TriScale report: " + report.resolve("index.html") + "\n");
        assertThat(report.resolve(ResultsTest.PassingFixture.class.getName() + ".cca.html")).exists();
        assertThat(report.resolve("org.example.GoneTest.removed.html")).doesNotExist();
        assertThat(report.resolve("notes.txt")).exists();
        assertThat(folder.resolve("report")).doesNotExist();
    }

    private String launch(String enabled) {
        return launch(enabled, true);
    }

    /** Runs the passing fixture through the launcher (with its service-loaded listeners). */
    private String launch(String enabled, boolean reportDir) {
        LauncherDiscoveryRequestBuilder builder = LauncherDiscoveryRequestBuilder.request();
        if (reportDir) {
            builder.configurationParameter("triscale.report.dir", folder.resolve("report").toString());
        }
        LauncherDiscoveryRequest request = builder
                .selectors(selectClass(ResultsTest.PassingFixture.class))
                .configurationParameter(FixturesOnly.PARAMETER, "true")
                .configurationParameter("triscale.progress", "false")
                .configurationParameter("triscale.output.dir", folder.resolve("triscale").toString())
                .configurationParameter("triscale.surefire.reports.dir", folder.resolve("surefire").toString())
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
