package org.triscale.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.cli.batch.Json;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --group-by} and {@code --series-column}: each group's result is the command's result on
 * that group's rows alone, and the tutorial's chain (run metrics → KPIs per series → a score per
 * CCA) runs as one command per step.
 */
class GroupByTest {
    @TempDir
    Path dir;

    /** Run metrics of 3 CCAs × 3 series (dates) × 10 runs, the layout of the tutorial's file; rows interleaved. */
    private Path metrics() throws IOException {
        Random random = new Random(41);
        List<String> lines = new ArrayList<>(List.of("datetime,cc,run,throughput_value"));
        String[] ccs = {"bbr", "cubic", "vegas, tuned"};
        for (int run = 1; run <= 10; run++) {
            for (int date = 0; date < 3; date++) {
                for (int c = 0; c < ccs.length; c++) {
                    String value = run == 3 && c == 1 ? "" : String.valueOf(80 + 10 * c + date + random.nextGaussian());
                    lines.add("2019-08-2" + date + "T17:06:02," + (ccs[c].contains(",") ? "\"" + ccs[c] + "\"" : ccs[c])
                            + "," + run + "," + value);
                }
            }
        }
        Path file = dir.resolve("metrics.csv");
        Files.write(file, lines);
        return file;
    }

    /** The rows of one CCA and date, as a one-column file for the ungrouped command. */
    private Path split(Path file, String cc, String date) throws IOException {
        List<String> out = new ArrayList<>(List.of("v"));
        for (String line : Files.readAllLines(file).subList(1, 91)) {
            if (line.startsWith(date + ",") && line.contains("," + (cc.contains(",") ? "\"" + cc + "\"" : cc) + ",")) {
                String value = line.substring(line.lastIndexOf(',') + 1);
                out.add(value.isEmpty() ? "nan" : value); // an empty line would be skipped, not counted
            }
        }
        Path one = dir.resolve(cc.replaceAll("\\W", "") + date.substring(0, 10) + ".csv");
        Files.write(one, out);
        return one;
    }

    @Test
    void eachGroupsKpiIsTheKpiOfItsRowsAlone() throws IOException {
        Path file = metrics();
        Cli grouped = Cli.run("kpi", file.toString(), "--group-by", "cc", "--series-column", "datetime",
                "--column", "throughput_value", "-p", "25", "-c", "75", "--mode", "TRISCALE", "--json");
        assertThat(grouped.exitCode()).as(grouped.err()).isZero();
        List<String> lines = grouped.out().lines().toList();
        assertThat(lines).hasSize(9);
        for (String line : lines) {
            JsonNode node = Json.MAPPER.readTree(line);
            String cc = node.get("group").get("cc").asText();
            String date = node.get("group").get("datetime").asText();
            Cli alone = Cli.run("kpi", split(file, cc, date).toString(), "-p", "25", "-c", "75", "--mode", "TRISCALE",
                    "--json");
            JsonNode expected = Json.MAPPER.readTree(alone.out());
            ((com.fasterxml.jackson.databind.node.ObjectNode) node).remove("group");
            assertThat(node).as(cc + " " + date).isEqualTo(expected);
        }
        // groups keep the order of their first row; a key with a comma survives
        assertThat(lines.get(0)).contains("\"cc\":\"bbr\"");
        assertThat(lines.get(2)).contains("\"cc\":\"vegas, tuned\"");
    }

    @Test
    void kpisAsCsvFeedTheScorePerCca() throws IOException {
        Path file = metrics();
        Cli kpis = Cli.run("kpi", file.toString(), "--group-by", "cc", "--series-column", "datetime",
                "--column", "throughput_value", "-p", "25", "-c", "75", "--mode", "TRISCALE", "--csv");
        assertThat(kpis.exitCode()).as(kpis.err()).isZero();
        List<String> rows = kpis.out().lines().toList();
        assertThat(rows.get(0)).isEqualTo("cc,datetime,kpi,side,values,dropped_nan,stationary");
        assertThat(rows).hasSize(10).anyMatch(row -> row.startsWith("\"vegas, tuned\",2019-08-20T17:06:02,"));
        // the empty cell of cubic's run 3 is dropped and counted in each of its series
        assertThat(rows).filteredOn(row -> row.startsWith("cubic,")).allMatch(row -> row.contains(",lower,9,1,"));
        Path kpiFile = dir.resolve("kpis.csv");
        Files.writeString(kpiFile, kpis.out());
        Cli scores = Cli.run("score", kpiFile.toString(), "--group-by", "cc", "--series-column", "datetime",
                "--column", "kpi", "-p", "75", "-c", "75", "--mode", "TRISCALE");
        // 3 KPIs are too few for a 75 % interval of the 25th/75th percentiles: undefined, exit 1
        assertThat(scores.exitCode()).isEqualTo(1);
        assertThat(scores.err()).contains("3 of 3 groups have an undefined result");
        assertThat(scores.out().lines().toList()).hasSize(4).first().asString()
                .startsWith("cc").contains("score", "relative_score", "stationary");
        Cli median = Cli.run("score", kpiFile.toString(), "--group-by", "cc", "--column", "kpi", "-p", "50", "-c",
                "75", "--mode", "TRISCALE", "--csv");
        assertThat(median.exitCode()).as(median.err() + median.out()).isZero();
        List<String> lines = median.out().lines().toList();
        assertThat(lines).hasSize(4);
        // the score of a group is the score of its KPIs alone
        String bbr = String.join("\n", List.of("kpi", cell(lines, rows, "bbr", 0), cell(lines, rows, "bbr", 1),
                cell(lines, rows, "bbr", 2)));
        Path bbrFile = dir.resolve("bbr.csv");
        Files.writeString(bbrFile, bbr + "\n");
        Cli alone = Cli.run("score", bbrFile.toString(), "-p", "50", "-c", "75", "--mode", "TRISCALE", "--json");
        double score = Json.MAPPER.readTree(alone.out()).get("score").doubleValue();
        assertThat(lines.get(1)).startsWith("bbr," + score + ",");
    }

    private static String cell(List<String> scores, List<String> kpis, String cc, int k) {
        return kpis.stream().filter(row -> row.startsWith(cc + ",")).skip(k).findFirst().orElseThrow().split(",")[2];
    }

    @Test
    void aScoreRefusesSeveralValuesOfOneSeries() throws IOException {
        Cli result = Cli.run("score", metrics().toString(), "--group-by", "cc", "--series-column", "datetime",
                "--column", "throughput_value", "-p", "50", "-c", "75");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("series '2019-08-20T17:06:02' of group bbr has 10 rows; score takes one value"
                + " (the series' KPI) per series: compute the KPIs first");
    }

    @Test
    void oneMetricPerRunFromAGzippedFile() throws IOException {
        List<String> lines = new ArrayList<>(List.of("run,time,rtt"));
        for (int run = 1; run <= 2; run++) {
            for (int t = 0; t < 20; t++) {
                lines.add(run + "," + t + "," + (10 * run + t % 5));
            }
        }
        Path file = dir.resolve("runs.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        Cli result = Cli.run("metric", file.toString(), "--group-by", "run", "--x-column", "time", "--y-column", "rtt",
                "--measure", "max");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().toList()).containsExactly(
                "run  metric  samples  dropped_nan",
                "1    14      20       0",
                "2    24      20       0");
    }

    @Test
    void badGroupOptionsAreOneLineErrors() throws IOException {
        Path file = metrics();
        Cli noColumn = Cli.run("kpi", file.toString(), "--group-by", "cc", "-p", "25", "-c", "75");
        assertThat(noColumn.exitCode()).isEqualTo(2);
        assertThat(noColumn.err()).contains("--group-by needs the column of the values: add --column");
        Cli missing = Cli.run("kpi", file.toString(), "--group-by", "scheme", "--column", "throughput_value",
                "-p", "25", "-c", "75");
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err()).contains("has no column 'scheme'; its columns are: datetime, cc, run, throughput_value");
        Cli csvAlone = Cli.run("kpi", file.toString(), "--column", "throughput_value", "-p", "25", "-c", "75", "--csv");
        assertThat(csvAlone.exitCode()).isEqualTo(2);
        Path text = dir.resolve("text.csv");
        Files.writeString(text, "cc,v\nbbr,1\nbbr,fast\n");
        Cli bad = Cli.run("kpi", text.toString(), "--group-by", "cc", "--column", "v", "-p", "25", "-c", "75");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).contains(text + ":3: column v: 'fast' is not a finite decimal number");
    }
}
