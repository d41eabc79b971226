package org.triscale.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The metric of a log agrees with the tool's own summary, or says why not; an undefined metric exits 1. */
class ToolSummariesTest {
    @TempDir
    Path dir;

    private Path file(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    /** One interval of 1 s at 100 Mbit/s and a last one of 0.01 s at 1000 Mbit/s. */
    private Path shortLastInterval() throws IOException {
        return file("run.json", "{\"intervals\": ["
                + "{\"streams\": [], \"sum\": {\"start\": 0, \"end\": 1, \"bits_per_second\": 1e8}},"
                + "{\"streams\": [], \"sum\": {\"start\": 1, \"end\": 1.01, \"bits_per_second\": 1e9}}],"
                + " \"end\": {\"sum_sent\": {\"start\": 0, \"end\": 1.01, \"bits_per_second\": 108910891.1},"
                + " \"sum_received\": {\"start\": 0, \"end\": 1.02, \"bits_per_second\": 107843137.3}}}");
    }

    @Test
    void theMeanOfAnIperf3RunIsBytesOverSeconds() throws IOException {
        Cli mean = Cli.run("metric", shortLastInterval().toString(), "--format", "iperf3", "--field", "throughput",
                "--measure", "mean");
        assertThat(mean.exitCode()).as(mean.err()).isZero();
        assertThat(mean.out()).startsWith("metric: mean of throughput = 108.911\n")
                .contains("the mean is intervals weighted by their duration (bytes over seconds)");
        Cli received = Cli.run("metric", shortLastInterval().toString(), "--format", "iperf3", "--field", "received",
                "--measure", "mean", "--json");
        assertThat(received.out()).contains("\"measure\":107.8431373", "\"source\":\"iperf3 -J, iperf3's own "
                + "end.sum_received\"");
    }

    @Test
    void aRunOfOneIntervalIsNeverUndefinedWithExitZero() throws IOException {
        Path one = file("one.json", "{\"intervals\": [{\"streams\": [], \"sum\": {\"start\": 0, \"end\": 0.158, "
                + "\"bits_per_second\": 1.06e8}}], \"end\": {\"sum_sent\": {\"start\": 0, \"end\": 0.158, "
                + "\"bits_per_second\": 1.06e8}}}");
        Cli mean = Cli.run("metric", one.toString(), "--format", "iperf3", "--field", "throughput", "--measure", "mean");
        assertThat(mean.exitCode()).isZero();
        assertThat(mean.out()).startsWith("metric: mean of throughput = 106\n");
        Cli p95 = Cli.run("metric", one.toString(), "--format", "iperf3", "--field", "throughput", "--measure", "95");
        assertThat(p95.exitCode()).isEqualTo(1);
        assertThat(p95.out()).contains("is undefined: fewer than 2 samples (1 used); for a run of one interval use "
                + "--measure mean (bytes over seconds) or --field received / sent");
    }

    @Test
    void irttRoundTripsAndPrettyJsonGivenAsJsonLines() throws IOException {
        Path file = dir.resolve("irtt.json.gz");
        String output = "{\n  \"stats\": {\"rtt\": {\"mean\": 1500000, \"median\": 1500000}},\n  \"round_trips\": [\n"
                + "    {\"lost\": \"false\", \"timestamps\": {\"client\": {\"send\": {\"wall\": 1000000000}}}, "
                + "\"delay\": {\"rtt\": 1000000}},\n"
                + "    {\"lost\": \"true\", \"timestamps\": {\"client\": {\"send\": {\"wall\": 1010000000}}}, "
                + "\"delay\": {}},\n"
                + "    {\"lost\": \"false\", \"timestamps\": {\"client\": {\"send\": {\"wall\": 1020000000}}}, "
                + "\"delay\": {\"rtt\": 2000000}}\n  ]\n}\n";
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(output.getBytes(StandardCharsets.UTF_8));
        }
        Cli mean = Cli.run("metric", file.toString(), "--format", "irtt", "--field", "rtt", "--measure", "mean");
        assertThat(mean.exitCode()).as(mean.err()).isZero();
        assertThat(mean.out()).startsWith("metric: mean of rtt = 1.5\n").contains("samples: 2 used, 1 row with NaN "
                + "dropped", "3 round trips, 1 lost");
        Cli jsonl = Cli.run("metric", file.toString(), "--format", "jsonl", "--field", "rtt", "--measure", "mean");
        assertThat(jsonl.exitCode()).isEqualTo(1);
        assertThat(jsonl.err()).contains(file + ":1: the line is not a whole JSON object", "--format jsonl expects "
                + "one JSON object per line").doesNotContain("CTRL-CHAR");
    }

    @Test
    void aOneColumnFileIsReadAsValues() throws IOException {
        Path rtts = file("rtts.txt", "20.5\n21.0\n19.5\n22.0\n");
        Cli auto = Cli.run("metric", rtts.toString(), "--measure", "max");
        assertThat(auto.exitCode()).as(auto.err()).isZero();
        assertThat(auto.out()).startsWith("metric: maximum of column 1 = 22\n");
        Cli y = Cli.run("metric", rtts.toString(), "--y-column", "1", "--measure", "50");
        assertThat(y.exitCode()).as(y.err()).isZero();
        // the same metric as the values against their row numbers
        Path xy = file("xy.csv", "0,20.5\n1,21.0\n2,19.5\n3,22.0\n");
        String twoColumns = Cli.run("metric", xy.toString(), "--measure", "50").out().lines().findFirst().orElseThrow();
        assertThat(y.out().lines().findFirst().orElseThrow()).isEqualTo(twoColumns.replace("column 2", "column 1"));
        Path gz = dir.resolve("rtts.csv");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write("rtt\n20.5\n21.0\n19.5\n22.0\nx\n".getBytes(StandardCharsets.UTF_8));
        }
        Cli bad = Cli.run("kpi", gz.toString(), "-p", "25", "-c", "75");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).contains(gz + " (decompressed)").doesNotContain("triscale-");
    }
}
