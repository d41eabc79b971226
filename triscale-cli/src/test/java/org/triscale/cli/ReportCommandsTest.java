package org.triscale.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code triscale report} and {@code triscale show} on a stored result of the sample suite. */
class ReportCommandsTest {
    private static final String RESULT = "org.triscale.samples.RttFairnessTest.cubicFlowsWith20And80MsRtt.json";

    @TempDir
    Path folder;

    private Path stored() throws IOException {
        Path results = folder.resolve("artifacts").resolve("job-1");
        Files.createDirectories(results);
        try (InputStream in = ReportCommandsTest.class.getResourceAsStream("/results/" + RESULT)) {
            Files.copy(in, results.resolve(RESULT));
        }
        Files.writeString(results.resolve("other.json"), "{\"not\": \"a result\"}");
        return results.resolve(RESULT);
    }

    @Test
    void reportRebuildsTheHtmlFromStoredResults() throws IOException {
        stored();
        Path out = folder.resolve("report");
        Cli cli = Cli.run("report", folder.resolve("artifacts").toString(), "--out", out.toString());

        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).isEqualTo("TriScale report of 1 test: " + out.resolve("index.html")
                + System.lineSeparator());
        assertThat(cli.err()).contains("skipped").contains("other.json").contains("no integer schemaVersion");
        assertThat(Files.readString(out.resolve("index.html"))).contains("RttFairnessTest.cubicFlowsWith20And80MsRtt");
        assertThat(Files.readString(out.resolve(RESULT.replace(".json", ".html"))))
                .contains("data-chart=\"kpi\"").contains("data-chart=\"score\"").contains("data-chart=\"acf\"");
    }

    @Test
    void reportPrintsTheGridOfTheCellsOfAMethod() throws IOException {
        Path stored = stored();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (String rtt : new String[] {"40", "10"}) {
            com.fasterxml.jackson.databind.node.ObjectNode result =
                    (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(stored.toFile());
            ((com.fasterxml.jackson.databind.node.ObjectNode) result.get("parameters")).put("cell", "rttMs=" + rtt);
            Files.writeString(stored.resolveSibling(RESULT.replace(".json", "[rttMs=" + rtt + "].json")),
                    json.writeValueAsString(result));
        }
        Path out = folder.resolve("report");

        Cli cli = Cli.run("report", folder.resolve("artifacts").toString(), "--out", out.toString());

        assertThat(cli.exitCode()).isZero();
        // a result written before cells had recorded parameters: they are read from the cell's name
        assertThat(cli.out()).contains("TriScale grid RttFairnessTest.cubicFlowsWith20And80MsRtt: 2 cells (2), 2 passed,"
                + " 0 failed; harm against rttMs=10 (first cell)").containsPattern("\\n  10 +PASSED .*\\(reference\\)")
                .containsPattern("\\n  40 +PASSED .* harm 0\\.00").contains("TriScale report of 3 tests: ");
        assertThat(Files.readString(out.resolve("index.html"))).contains("<table class=\"heatmap\">");
    }

    @Test
    void reportShowsTheLaunchsComparisonsAndLinksTheResultsAndSummary() throws IOException {
        Path result = stored();
        Path results = result.getParent();
        Files.delete(results.resolve("other.json"));
        Files.writeString(results.resolve("summary.md"), "# TriScale\n");
        Files.writeString(results.resolve("comparisons.json"), """
                {"comparisons": [
                  {"test": "PragueTest.fct", "metric": "fct", "candidate": "prague", "reference": "cubic",
                   "claim": "worse by at least 100 %", "change": 2.08, "lower": 1.24, "upper": 3.16,
                   "confidence": 95.0, "design": "paired: 50 runs on the same seeds", "outcome": "PASSED",
                   "message": ""},
                  {"test": "PragueTest.rtt", "metric": "rtt", "candidate": "prague", "reference": "cubic",
                   "claim": "not worse beyond 5 %", "change": "NaN", "lower": "NaN", "upper": "NaN",
                   "confidence": 95.0, "design": "paired: 3 runs on the same seeds", "outcome": "FAILED",
                   "message": "cannot tell: too few pairs"}
                ]}
                """);
        Path out = folder.resolve("report");
        Cli cli = Cli.run("report", results.toString(), "--out", out.toString());

        assertThat(cli.err()).isEmpty();
        assertThat(cli.out()).startsWith("TriScale report of 1 test and 2 comparisons of sequels: ");
        String index = Files.readString(out.resolve("index.html"));
        assertThat(index).contains("Comparisons of sequels", "&#39;prague&#39; vs &#39;cubic&#39;", "+208 % [+124 %, +316 %]",
                        "worse by at least 100 %", "undecided", "cannot tell: too few pairs")
                .contains("comparisons.json\">comparisons.json</a>", "summary.md", RESULT);

        // A damaged file of comparisons is skipped with one line; the rest is built.
        Files.writeString(results.resolve("comparisons.json"), "{\"comparisons\": [{\"metric\": \"fct\"}]}");
        Cli damaged = Cli.run("report", results.toString(), "--out", out.toString());
        assertThat(damaged.exitCode()).isZero();
        assertThat(damaged.err()).contains("skipped " + results.resolve("comparisons.json"))
                .contains("comparisons[0].test is missing");
        assertThat(Files.readString(out.resolve("index.html"))).doesNotContain("Comparisons of sequels");
    }

    @Test
    void reportWithoutResultsIsADataError() {
        Cli cli = Cli.run("report", folder.toString());
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.err()).contains("no TriScale result in " + folder);
    }

    @Test
    void showPrintsTheVerdictTable() throws IOException {
        Path file = stored();
        Cli cli = Cli.run("show", file.toString());

        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).startsWith("TriScale verdict of RttFairnessTest.cubicFlowsWith20And80MsRtt: PASSED"
                        + " (5 series × 10 runs, mode SOUND)")
                .containsPattern("KPI jain P25 lower +0.8101 +≥ 0.75 +75 % +50 runs +0.8672 0.8501 0.8101 0.8148 "
                        + "0.8628 +ok")
                .contains("results: " + file);
    }

    @Test
    void showOfAMissingFileNamesIt() {
        Cli cli = Cli.run("show", folder.resolve("missing.json").toString());
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.err()).contains("missing.json is not a file");
    }
}
