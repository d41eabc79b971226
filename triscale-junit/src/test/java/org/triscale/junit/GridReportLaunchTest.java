package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * The grid report of a {@code @ParameterizedClass} launched through the JUnit Platform launcher
 * (its listeners service-loaded, as in a user's build): a 3 × 2 grid of RTT × competitor shows as
 * one grid in {@code summary.md}, the launch summary and the report's index, each cell with its
 * harm against the cell without competitor that {@link GridReference} names; each result records
 * the cell's parameters.
 */
class GridReportLaunchTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    @Test
    void aThreeByTwoGridShowsAsAGridInTheSummary() throws IOException {
        String out = launch(HarmGrid.class);

        String md = Files.readString(folder.resolve("triscale").resolve("summary.md"));
        assertThat(md).contains("#### ❌ Grid `GridReportLaunchTest$HarmGrid.fct` · 6 cells (3 × 2), 5 passed,"
                + " 1 failed\n\nHarm against competitor=none.\n\n| rttMs \\\\ competitor | none | CUBIC |\n|---|---|---|\n");
        // each RTT against the same RTT without competitor: twice the FCT is harm 0.5
        assertThat(md).containsPattern("\\| 10 \\| ✅ \\d+ ms \\(reference\\) \\| ✅ \\d+ ms harm 0\\.50 \\|\n")
                .containsPattern("\\| 40 \\| ✅ \\d+ ms \\(reference\\) \\| ✅ \\d+ ms harm 0\\.50 \\|\n")
                .containsPattern("\\| 160 \\| ✅ \\d+ ms \\(reference\\) \\| ❌ \\d+ ms harm 0\\.50 \\|\n");
        // the cells, failures first (a file name holds no space)
        assertThat(md.indexOf("| ❌ FAILED | 160 | CUBIC |")).isPositive()
                .isLessThan(md.indexOf("| ✅ PASSED | 10 | none |"));
        assertThat(out).contains("TriScale grid GridReportLaunchTest$HarmGrid.fct: 6 cells (3 × 2), 5 passed, 1 failed;"
                + " harm against competitor=none\n  failed: rttMs=160, competitor=CUBIC\n");
        assertThat(Files.readString(folder.resolve("report").resolve("index.html")))
                .contains("<table class=\"heatmap\">");
        JsonNode result = JSON.readTree(Kit.cellFile(folder.resolve("triscale"),
                HarmGrid.class.getName() + ".fct[rttMs=40,_competitor=CUBIC].json").toFile());
        assertThat(result.at("/parameters/cellParameters").toString()).isEqualTo(
                "{\"rttMs\":\"40\",\"competitor\":\"CUBIC\"}");
        assertThat(result.at("/parameters/gridReference").asText()).isEqualTo("competitor=none");
    }

    @Test
    void aReferenceThatNamesNoParameterOfTheCellIsRefused() {
        EngineExecutionResults results = Kit.in(folder).run(WrongReference.class);

        String messages = results.allEvents().failed().stream().map(event -> Kit.error(event).getMessage())
                .reduce("", String::concat);
        assertThat(messages).contains("@GridReference(\"cca=none\") must name parameters"
                + " of the cell").contains("has the parameters rttMs").contains("@GridReference(\"rttMs=");
    }

    /** Runs a fixture through the launcher, so that the launch listener writes the summary and the report. */
    private String launch(Class<?> fixture) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(fixture))
                .configurationParameter(FixturesOnly.PARAMETER, "true")
                .configurationParameter("triscale.progress", "false")
                .configurationParameter("triscale.output.dir", folder.resolve("triscale").toString())
                .configurationParameter("triscale.report.dir", folder.resolve("report").toString())
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

    @FixturesOnly
    @ParameterizedClass
    @CsvSource({"10, none", "10, CUBIC", "40, none", "40, CUBIC", "160, none", "160, CUBIC"})
    @GridReference("competitor=none")
    static class HarmGrid {
        @Parameter(0)
        int rttMs;

        @Parameter(1)
        String competitor;

        /** The FCT is the RTT plus a few ms, twice as long beside CUBIC: over 300 ms only at 160 ms beside CUBIC. */
        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5, independent = true)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 300)
        void fct(RunContext run) {
            int factor = competitor.equals("CUBIC") ? 2 : 1;
            run.recordRunValue("fct", factor * (rttMs + (run.run() * 3) % 5));
        }
    }

    @FixturesOnly
    @ParameterizedClass
    @ValueSource(ints = {10, 40})
    static class WrongReference {
        @Parameter
        int rttMs;

        @Runs(kpiPercentile = 75, kpiConfidence = 75, count = 5)
        @Metric(name = "fct", unit = "ms")
        @Kpi(metric = "fct", atMost = 300)
        @GridReference("cca=none")
        void fct(RunContext run) {
            run.recordRunValue("fct", rttMs + run.run());
        }
    }
}
