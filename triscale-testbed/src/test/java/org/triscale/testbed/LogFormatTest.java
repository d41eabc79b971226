package org.triscale.testbed;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Each field of a log format reads its own values from the parsed file: the table below names, per
 * field, the parser's accessor it must equal, so a field read by another field's reader fails.
 */
class LogFormatTest {

    private static void assertEachField(LogFormat format, Path file, Map<String, Samples> expected) {
        assertThat(format.fields()).containsExactlyElementsOf(expected.keySet());
        expected.forEach((field, samples) -> assertThat(format.read(file, field, null))
                .as("%s field %s", format, field).isEqualTo(samples));
    }

    @Test
    void flowMonitorFieldsReadTheirOwnValues() {
        Path file = Fixtures.path("ns3-flowmon.xml");
        FlowMonitorXml.Report report = FlowMonitorXml.read(file);
        Map<String, Samples> expected = new LinkedHashMap<>();
        expected.put("fct", report.fctSeconds());
        expected.put("throughput", report.throughputMbps());
        expected.put("delay", report.meanDelayMs());
        expected.put("jitter", report.meanJitterMs());
        expected.put("loss", report.lossRatio());

        assertEachField(LogFormat.FLOWMON, file, expected);
        assertThat(LogFormat.FLOWMON.reading(file, "loss", null).source())
                .isEqualTo("ns-3 FlowMonitor, one sample per flow");
    }

    @Test
    void mahimahiFieldsReadTheirOwnValues() {
        Path file = Fixtures.path("mahimahi-uplink-written-by-hand.log");
        MahimahiLog.Report report = MahimahiLog.read(file);
        Map<String, Samples> expected = new LinkedHashMap<>();
        expected.put("delay", report.delayMs());
        expected.put("throughput", report.throughputMbps());
        expected.put("capacity", report.capacityMbps());
        expected.put("ingress", report.ingressMbps());

        assertEachField(LogFormat.MAHIMAHI, file, expected);
    }

    @Test
    void iperf3FieldsReadTheirOwnValuesAndTheSummaries() {
        Path file = Fixtures.path("iperf3-tcp-2streams.json");
        Iperf3Json.Report report = Iperf3Json.read(file);
        Map<String, Samples> expected = new LinkedHashMap<>();
        expected.put("throughput", report.throughputMbps());
        expected.put("retransmits", report.retransmits());
        expected.put("rtt", report.rttMs());
        expected.put("cwnd", report.cwndBytes());
        for (Map.Entry<String, Samples> entry : expected.entrySet()) {
            assertThat(LogFormat.IPERF3.read(file, entry.getKey(), null)).as(entry.getKey())
                    .isEqualTo(entry.getValue());
        }

        LogReading sent = LogFormat.IPERF3.reading(file, "sent", null);
        LogReading received = LogFormat.IPERF3.reading(file, "received", null);
        assertThat(sent.runValue()).isTrue();
        assertThat(sent.toolMean()).isEqualTo(report.totals().sentBitsPerSecond() / 1e6);
        assertThat(sent.source()).isEqualTo("iperf3 -J, iperf3's own end.sum_sent");
        assertThat(received.toolMean()).isEqualTo(report.totals().receivedBitsPerSecond() / 1e6);
        assertThat(received.source()).isEqualTo("iperf3 -J, iperf3's own end.sum_received");
        assertThat(LogFormat.IPERF3.fields()).containsExactly("throughput", "retransmits", "rtt", "cwnd", "sent",
                "received");
    }

    @Test
    void everyFormatListsItsFieldsOrTakesAnyName() {
        assertThat(LogFormat.IRTT.fields()).containsExactly("rtt", "send_delay", "receive_delay", "ipdv");
        assertThat(LogFormat.PCAP.fields()).containsExactly("goodput", "rtt", "fct");
        for (LogFormat any : List.of(LogFormat.FLENT, LogFormat.CSV, LogFormat.JSONL)) {
            assertThat(any.fields()).as(any.toString()).isEmpty();
        }
    }

    @Test
    void anUnknownFieldIsRefusedBeforeTheFileIsRead() {
        Path missing = Path.of("no-such-file.xml");

        assertThatThrownBy(() -> LogFormat.FLOWMON.read(missing, "rtt", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("format flowmon has no field 'rtt'; its fields are fct, throughput, delay, jitter, loss");
    }
}
