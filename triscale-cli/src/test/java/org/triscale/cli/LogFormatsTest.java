package org.triscale.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** metric, kpi and score read test-bed logs with --format and --field (the parsers are tested in triscale-testbed). */
class LogFormatsTest {
    @TempDir
    Path dir;

    private Path file(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    private static String iperf3(double... mbps) {
        StringBuilder intervals = new StringBuilder();
        for (int i = 0; i < mbps.length; i++) {
            intervals.append(i == 0 ? "" : ",").append("{\"streams\": [{\"socket\": 5, \"bits_per_second\": ")
                    .append(mbps[i] * 1e6).append(", \"rtt\": ").append(1000 * (i + 1)).append("}], \"sum\": {\"start\": ")
                    .append(i).append(", \"end\": ").append(i + 1).append(", \"bits_per_second\": ").append(mbps[i] * 1e6)
                    .append("}}");
        }
        return "{\"start\": {\"version\": \"iperf 3.12\"}, \"intervals\": [" + intervals + "], \"end\": {}}";
    }

    @Test
    void metricOfAnIperf3Run() throws IOException {
        Path log = file("run.json", iperf3(10, 30, 20, 40, 50));
        Cli result = Cli.run("metric", log.toString(), "--format", "iperf3", "--field", "throughput", "--measure", "50");
        assertThat(result.err()).isEmpty();
        assertThat(result.out()).startsWith("metric: P50 of throughput = 30\n");
        Cli rtt = Cli.run("metric", log.toString(), "--format", "iperf3", "--field", "rtt", "--measure", "max");
        assertThat(rtt.out()).startsWith("metric: maximum of rtt = 5\n");
    }

    @Test
    void kpiOfFlowCompletionTimesAndScoreOfJsonLines() throws IOException {
        StringBuilder flows = new StringBuilder("<FlowMonitor><FlowStats>\n");
        for (int id = 1; id <= 12; id++) {
            flows.append("<Flow flowId=\"").append(id).append("\" timeFirstTxPacket=\"+0ns\" timeFirstRxPacket=\"+1e+07ns\" ")
                    .append("timeLastRxPacket=\"+").append(id).append("e+08ns\" delaySum=\"+1e+07ns\" jitterSum=\"+0ns\" ")
                    .append("txBytes=\"3000\" rxBytes=\"3000\" txPackets=\"2\" rxPackets=\"2\" lostPackets=\"0\"/>\n");
        }
        Path xml = file("flows.xml", flows + "</FlowStats></FlowMonitor>\n");
        Cli kpi = Cli.run("kpi", xml.toString(), "--format", "flowmon", "--field", "fct", "-p", "75", "-c", "75", "--json");
        assertThat(kpi.err()).isEmpty();
        assertThat(kpi.out()).contains("\"values\":12");
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 10; i++) {
            lines.append("{\"kpi\": {\"throughput\": ").append(90 + i % 4).append("}}\n");
        }
        Path jsonl = file("kpis.jsonl", lines.toString());
        Cli score = Cli.run("score", jsonl.toString(), "--format", "jsonl", "--field", "kpi.throughput", "-p", "75", "-c", "75");
        assertThat(score.err()).isEmpty();
        assertThat(score.out()).startsWith("variability score: ");
    }

    @Test
    void jsonLinesWithoutTheFieldAreCountedAsDroppedRows() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 10; i++) {
            lines.append("{\"t\": ").append(i).append(", \"rtt\": ").append(20 + i % 3).append("}\n");
            if (i % 4 == 0) {
                lines.append("{\"t\": ").append(i).append(".5, \"event\": \"loss\"}\n");
            }
        }
        Path jsonl = file("rtt.jsonl", lines.toString());
        Cli metric = Cli.run("metric", jsonl.toString(), "--format", "jsonl", "--field", "rtt", "--x-column", "t",
                "--measure", "50");
        assertThat(metric.err()).isEmpty();
        assertThat(metric.out()).contains("samples: 10 used, 2 rows with NaN dropped");
        Cli score = Cli.run("score", jsonl.toString(), "--format", "jsonl", "--field", "rtt", "-p", "75", "-c", "75",
                "--json");
        assertThat(score.out()).contains("\"dropped_nan\":2");
    }

    @Test
    void badFormatsFieldsAndLogsAreOneLineErrors() throws IOException {
        Path log = file("run.json", iperf3(10, 20));
        Cli unknown = Cli.run("metric", log.toString(), "--format", "wireshark", "--field", "x", "--measure", "50");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("'wireshark' is not a log format; use one of iperf3");
        Cli noField = Cli.run("metric", log.toString(), "--format", "iperf3", "--measure", "50");
        assertThat(noField.exitCode()).isEqualTo(1);
        assertThat(noField.err()).contains("--format iperf3 needs --field NAME, one of throughput, retransmits, rtt, cwnd");
        Path broken = file("broken.log", "0 + 1500\n1 x 1500\n");
        Cli bad = Cli.run("kpi", broken.toString(), "--format", "mahimahi", "--field", "delay", "-p", "75", "-c", "75");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).contains(broken + ":2: '1 x 1500' is not a mahimahi event");
        Cli both = Cli.run("kpi", log.toString(), "--field", "a", "--column", "b", "-p", "75", "-c", "75");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("--field and --column both choose the values");
    }

    @Test
    void fieldNamesACsvColumn() throws IOException {
        Path csv = file("run.csv", "time,delay,loss\n0,10,0\n1,12,0\n2,11,0\n");
        Cli result = Cli.run("metric", csv.toString(), "--field", "delay", "--measure", "max");
        assertThat(result.err()).isEmpty();
        assertThat(result.out()).startsWith("metric: maximum of delay = 12\n");
    }

    @Test
    void aFieldTheFormatOrTheFileDoesNotHaveIsAUsageError() throws IOException {
        Path log = file("bad-field.json", iperf3(10, 20));
        Cli unknown = Cli.run("kpi", log.toString(), "--format", "iperf3", "--field", "nope", "-p", "75", "-c", "75");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("--field nope is not a field of --format iperf3; use one of throughput");
        Path flent = file("data.flent", "{\"x_values\": [0, 1], \"results\": {\"Ping\": [1, 2]}}");
        Cli missing = Cli.run("kpi", flent.toString(), "--format", "flent", "--field", "TCP", "-p", "75", "-c", "75");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("has no flent series 'TCP'");
    }

    @Test
    void hostileLogsGiveTheirFileAndLineNeverAnInternalError() throws IOException {
        Path cut = file("cut.json", "{\"intervals\": [7]}");
        Cli result = Cli.run("kpi", cut.toString(), "--format", "iperf3", "--field", "throughput", "-p", "75", "-c", "75");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(cut + ":1: \"intervals\" holds VALUE_NUMBER_INT")
                .doesNotContain("internal error");
        Path empty = file("empty.flent.gz", "");
        Cli flent = Cli.run("kpi", empty.toString(), "--format", "flent", "--field", "x", "-p", "75", "-c", "75");
        assertThat(flent.err()).contains("empty or truncated").doesNotContain("internal error");
    }
}
