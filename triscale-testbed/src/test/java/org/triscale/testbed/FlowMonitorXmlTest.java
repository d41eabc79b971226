package org.triscale.testbed;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** On FlowMonitor output of ns-3.37 (fixtures/ns3-flowmon.cc): a TCP flow, its ACKs, a UDP flow that loses packets. */
class FlowMonitorXmlTest {
    @TempDir
    Path dir;

    @Test
    void readsEveryFlowWithItsFiveTuple() {
        FlowMonitorXml.Report report = FlowMonitorXml.read(Fixtures.path("ns3-flowmon.xml"));
        assertThat(report.flows()).extracting(FlowMonitorXml.Flow::flowId).containsExactly(1, 2, 3);
        FlowMonitorXml.Flow tcp = report.flows().get(0);
        assertThat(tcp.source()).isEqualTo("198.18.0.1");
        assertThat(tcp.destinationPort()).isEqualTo(5000);
        assertThat(tcp.protocol()).isEqualTo(6);
        assertThat(tcp.fctSeconds()).isCloseTo(6.33351e8 * 1e-9 - 0.1, within(1e-12));
        assertThat(tcp.lossRatio()).isEqualTo(3.0 / 476);
        assertThat(tcp.meanDelayMs()).isCloseTo(3.33738e10 / 473 * 1e-6, within(1e-9));
        assertThat(tcp.meanJitterMs()).isCloseTo(4.60597e8 / 472 * 1e-6, within(1e-9));
        assertThat(tcp.throughputMbps()).isCloseTo(275592 * 8 / (6.33351e8 - 1.20046e8) * 1e9 / 1e6, within(1e-9));
        FlowMonitorXml.Report udp = report.protocol(17);
        assertThat(udp.flows()).singleElement().satisfies(flow -> {
            assertThat(flow.destinationPort()).isEqualTo(6000);
            assertThat(flow.lostPackets()).isEqualTo(66);
        });
        assertThat(report.fctSeconds().x()).containsExactly(1, 2, 3);
        assertThat(report.lossRatio().y()[2]).isEqualTo(66.0 / 1799);
    }

    @Test
    void aBadAttributeIsReportedWithItsLine() throws IOException {
        String xml = Files.readString(Fixtures.path("ns3-flowmon.xml")).replace("rxPackets=\"336\"", "rxPackets=\"many\"");
        Path file = dir.resolve("bad.xml");
        Files.writeString(file, xml);
        long line = xml.substring(0, xml.indexOf("many")).lines().count();
        assertThatThrownBy(() -> FlowMonitorXml.read(file)).isInstanceOf(MalformedLogException.class)
                .hasMessage(file + ":" + line + ": attribute rxPackets of <Flow> is 'many', not an integer");
        Path truncated = dir.resolve("cut.xml");
        Files.writeString(truncated, xml.substring(0, xml.indexOf("<Ipv4FlowClassifier>") + 30));
        assertThatThrownBy(() -> FlowMonitorXml.read(truncated)).hasMessageStartingWith(truncated + ":")
                .hasMessageContaining("not well-formed XML");
        Path other = dir.resolve("other.xml");
        Files.writeString(other, "<svg/>");
        assertThatThrownBy(() -> FlowMonitorXml.read(other)).hasMessageContaining("no <FlowMonitor> element");
    }

    @Test
    void entitiesAreNotExpanded() throws IOException {
        Path file = dir.resolve("dtd.xml");
        Files.writeString(file, "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>"
                + "<FlowMonitor><FlowStats><Flow flowId=\"&e;\"/></FlowStats></FlowMonitor>");
        assertThatThrownBy(() -> FlowMonitorXml.read(file)).isInstanceOf(MalformedLogException.class);
    }
}
