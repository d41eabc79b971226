package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NamedFieldsTest {
    @TempDir
    Path dir;

    private Path file(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    @Test
    void csvFieldsByName() throws IOException {
        Path file = file("run.csv", "# scenario 3\ntime,\"rtt, ms\",cwnd\n0.1,20.5,10\n0.2,,12\n0.3,nan,14\n0.4,22,16\n");
        Samples rtt = NamedFields.csv(file, "rtt, ms", "time");
        assertThat(rtt.x()).containsExactly(0.1, 0.4);
        assertThat(rtt.y()).containsExactly(20.5, 22);
        assertThat(NamedFields.csv(file, "cwnd", null).x()).containsExactly(0, 1, 2, 3);
    }

    @Test
    void csvErrorsNameFileAndLine() throws IOException {
        Path file = file("bad.csv", "t,y\n1,2\n2,3,4\n");
        assertThatThrownBy(() -> NamedFields.csv(file, "y", "t")).isInstanceOf(MalformedLogException.class)
                .hasMessage(file + ":3: 3 cells where the header has 2; quote values that hold commas");
        Path lenient = file("lenient.csv", "t,y\n1,12f\n");
        assertThatThrownBy(() -> NamedFields.csv(lenient, "y", "t"))
                .hasMessage(lenient + ":2: field y: '12f' is not a finite decimal number");
        Path twice = file("twice.csv", "y,y\n1,2\n");
        assertThatThrownBy(() -> NamedFields.csv(twice, "y", null)).hasMessageContaining("ambiguous");
        assertThatThrownBy(() -> NamedFields.csv(file, "rtt", null))
                .hasMessage(file + ":1: no column 'rtt'; the header has t, y");
    }

    @Test
    void jsonLinesByNameOrDottedPath() throws IOException {
        Path file = file("run.jsonl", "{\"t\": 0.5, \"tcp\": {\"rtt\": 20.5, \"cwnd\": 10}}\n\n"
                + "{\"t\": 1.0, \"tcp\": {\"rtt\": null}}\n{\"tcp\": {\"rtt\": \"21\"}, \"t\": 1.5, \"extra\": [1, {}]}\n");
        Samples rtt = NamedFields.jsonLines(file, "tcp.rtt", "t");
        assertThat(rtt.x()).containsExactly(0.5, 1.5);
        assertThat(rtt.y()).containsExactly(20.5, 21);
        assertThat(rtt.dropped()).isEqualTo(1);
    }

    @Test
    void rowsWithoutTheFieldAreCountedAsDropped() throws IOException {
        Path file = file("gaps.jsonl", "{\"y\": 1}\n{\"z\": 2}\n{}\n{\"y\": \"nan\"}\n{\"y\": \"\"}\n{\"y\": 3, \"t\": 1}\n");
        Samples y = NamedFields.jsonLines(file, "y", null);
        assertThat(y.y()).containsExactly(1, 3);
        assertThat(y.dropped()).isEqualTo(4);
        assertThat(y).hasToString("y []: 2 samples, 4 rows dropped");
        // With an x field, a row that lacks x is dropped (and counted) as well.
        assertThat(NamedFields.jsonLines(file, "y", "t").dropped()).isEqualTo(5);
        Path csv = file("gaps.csv", "t,y\n0,1\n1,\n2,nan\n,4\n# comment\n4,5\n");
        Samples fromCsv = NamedFields.csv(csv, "y", "t");
        assertThat(fromCsv.y()).containsExactly(1, 5);
        assertThat(fromCsv.dropped()).isEqualTo(3);
    }

    @Test
    void jsonLinesErrorsNameFileAndLine() throws IOException {
        Path file = file("bad.jsonl", "{\"y\": 1}\n{\"y\": 2\n");
        assertThatThrownBy(() -> NamedFields.jsonLines(file, "y", null)).isInstanceOf(MalformedLogException.class)
                .hasMessageStartingWith(file + ":2: not valid JSON");
        Path pretty = file("pretty.json", "{\n  \"y\": 1\n}\n");
        assertThatThrownBy(() -> NamedFields.jsonLines(pretty, "y", null)).hasMessageStartingWith(pretty + ":1: the line"
                + " is not a whole JSON object: the file looks like one JSON document spread over lines");
        Path array = file("array.jsonl", "[1]\n");
        assertThatThrownBy(() -> NamedFields.jsonLines(array, "y", null)).hasMessageContaining(":1: not a JSON object");
        Path text = file("text.jsonl", "{\"y\": \"0x10\"}\n");
        assertThatThrownBy(() -> NamedFields.jsonLines(text, "y", null)).hasMessageContaining("'0x10' is not a finite decimal");
    }

    @Test
    void formatsByName() {
        assertThat(LogFormat.parse("IPerf3")).isEqualTo(LogFormat.IPERF3);
        assertThatThrownBy(() -> LogFormat.parse("wireshark")).hasMessageContaining("use one of iperf3, flowmon");
        assertThatThrownBy(() -> LogFormat.IPERF3.read(Fixtures.path("iperf3-tcp-2streams.json"), "jitter", null))
                .hasMessage("format iperf3 has no field 'jitter'; its fields are throughput, retransmits, rtt, cwnd, sent, received");
        assertThat(LogFormat.FLOWMON.read(Fixtures.path("ns3-flowmon.xml"), "fct", null).size()).isEqualTo(3);
        assertThatThrownBy(() -> LogFormat.FLENT.read(Fixtures.path("flent-ping-written-by-hand.flent"), "Ping", null))
                .hasMessageContaining("its series are Ping (ms) ICMP, TCP upload");
    }
}
