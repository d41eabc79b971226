package org.triscale.testbed;

import org.apiguardian.api.API;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Reads the XML file of ns-3's FlowMonitor ({@code FlowMonitor::SerializeToXmlFile}): one record
 * per flow with its FCT, throughput, mean delay, mean jitter and loss, the 5-tuple from the IPv4
 * or IPv6 classifier joined on the flow id.
 *
 * <p>The file is streamed with StAX (histograms and probes are skipped, so memory grows with the
 * number of flows only); DTDs and external entities are refused.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class FlowMonitorXml {
    private static final XMLInputFactory XML = XMLInputFactory.newFactory();

    /** No attribute of FlowMonitor's output is longer; a longer one is not FlowMonitor XML. */
    static final int MAX_ATTRIBUTE = 1024;
    private static final java.util.regex.Pattern DECIMAL =
            java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    static {
        XML.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        XML.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        // The JDK parser's own limits, tighter than its defaults: FlowMonitor XML nests 4 levels
        // and has at most 17 attributes per element. (Other StAX implementations ignore them.)
        limit("jdk.xml.maxElementDepth", 64);
        limit("jdk.xml.elementAttributeLimit", 64);
        limit("jdk.xml.maxXMLNameLimit", 256);
        limit("jdk.xml.maxGeneralEntitySizeLimit", 0);
    }

    private static void limit(String property, int value) {
        try {
            XML.setProperty(property, String.valueOf(value));
        } catch (IllegalArgumentException unsupported) {
            // another StAX implementation: the checks in read() still hold
        }
    }

    private FlowMonitorXml() {
    }

    /**
     * One flow's statistics. Times are in seconds since the simulation start; derived values are
     * NaN when the flow received nothing.
     *
     * <p>The numbers come in named parts ({@link Tuple}, {@link Counts}, {@link Times}); the flat
     * accessors ({@link #rxPackets()}, {@link #lastRx()}, ...) read the same values from their part.
     *
     * @param flowId FlowMonitor's flow id
     * @param tuple  addresses, protocol and ports from the classifier
     * @param counts packets and bytes sent, received and lost
     * @param times  first and last packet times and the delay and jitter sums
     */
    public record Flow(int flowId, Tuple tuple, Counts counts, Times times) {

        /**
         * The flow's 5-tuple, as the IPv4 or IPv6 classifier names it.
         *
         * @param source          source address, or empty when no classifier names the flow
         * @param destination     destination address, or empty
         * @param protocol        IP protocol number (6 TCP, 17 UDP), or −1
         * @param sourcePort      source port, or −1
         * @param destinationPort destination port, or −1
         */
        public record Tuple(String source, String destination, int protocol, int sourcePort, int destinationPort) {
        }

        /**
         * The flow's packet and byte counters.
         *
         * @param txPackets   packets sent
         * @param rxPackets   packets received
         * @param lostPackets packets FlowMonitor counts as lost
         * @param txBytes     bytes sent, headers included
         * @param rxBytes     bytes received, headers included
         */
        public record Counts(long txPackets, long rxPackets, long lostPackets, long txBytes, long rxBytes) {
        }

        /**
         * The flow's times, in seconds.
         *
         * @param firstTx   time of the first packet sent
         * @param firstRx   time of the first packet received
         * @param lastRx    time of the last packet received
         * @param delaySum  sum of the received packets' one-way delays
         * @param jitterSum sum of the differences between consecutive delays
         */
        public record Times(double firstTx, double firstRx, double lastRx, double delaySum, double jitterSum) {
        }

        /** @return source address, or empty ({@link Tuple#source()}) */
        public String source() {
            return tuple.source();
        }

        /** @return destination address, or empty ({@link Tuple#destination()}) */
        public String destination() {
            return tuple.destination();
        }

        /** @return IP protocol number, or −1 ({@link Tuple#protocol()}) */
        public int protocol() {
            return tuple.protocol();
        }

        /** @return source port, or −1 ({@link Tuple#sourcePort()}) */
        public int sourcePort() {
            return tuple.sourcePort();
        }

        /** @return destination port, or −1 ({@link Tuple#destinationPort()}) */
        public int destinationPort() {
            return tuple.destinationPort();
        }

        /** @return packets sent ({@link Counts#txPackets()}) */
        public long txPackets() {
            return counts.txPackets();
        }

        /** @return packets received ({@link Counts#rxPackets()}) */
        public long rxPackets() {
            return counts.rxPackets();
        }

        /** @return packets counted as lost ({@link Counts#lostPackets()}) */
        public long lostPackets() {
            return counts.lostPackets();
        }

        /** @return bytes sent, headers included ({@link Counts#txBytes()}) */
        public long txBytes() {
            return counts.txBytes();
        }

        /** @return bytes received, headers included ({@link Counts#rxBytes()}) */
        public long rxBytes() {
            return counts.rxBytes();
        }

        /** @return time of the first packet sent, s ({@link Times#firstTx()}) */
        public double firstTx() {
            return times.firstTx();
        }

        /** @return time of the first packet received, s ({@link Times#firstRx()}) */
        public double firstRx() {
            return times.firstRx();
        }

        /** @return time of the last packet received, s ({@link Times#lastRx()}) */
        public double lastRx() {
            return times.lastRx();
        }

        /** @return sum of the one-way delays, s ({@link Times#delaySum()}) */
        public double delaySum() {
            return times.delaySum();
        }

        /** @return sum of the delay differences, s ({@link Times#jitterSum()}) */
        public double jitterSum() {
            return times.jitterSum();
        }

        /**
         * Flow completion time: from the first packet sent to the last received.
         *
         * @return seconds
         */
        public double fctSeconds() {
            return rxPackets() == 0 ? Double.NaN : lastRx() - firstTx();
        }

        /**
         * Throughput as ns-3's examples compute it: bits received over the time between the first
         * and the last packet received. These are IP-level bytes: headers are counted, and so is
         * every copy of a retransmitted segment that reached the receiver. FlowMonitor cannot give
         * a goodput (each payload byte once): it sees packets, not the transport's sequence
         * numbers. For goodput in ns-3, read the receiving application's byte count instead
         * ({@code PacketSink::GetTotalRx}, as the ns-3 sample does).
         *
         * @return Mbit/s
         */
        public double throughputMbps() {
            double span = lastRx() - firstRx();
            return rxPackets() < 2 || span <= 0 ? Double.NaN : rxBytes() * 8 / span / 1e6;
        }

        /**
         * Mean one-way delay of the received packets.
         *
         * @return ms
         */
        public double meanDelayMs() {
            return rxPackets() == 0 ? Double.NaN : delaySum() / rxPackets() * 1e3;
        }

        /**
         * Mean jitter: mean difference between consecutive packets' delays.
         *
         * @return ms
         */
        public double meanJitterMs() {
            return rxPackets() < 2 ? Double.NaN : jitterSum() / (rxPackets() - 1) * 1e3;
        }

        /**
         * Lost packets over sent packets.
         *
         * @return a fraction in [0, 1]
         */
        public double lossRatio() {
            return txPackets() == 0 ? Double.NaN : (double) lostPackets() / txPackets();
        }
    }

    /**
     * The flows of one file.
     *
     * @param flows the flows, in the file's order
     */
    public record Report(List<Flow> flows) {
        /** Copies the flows. */
        public Report {
            flows = List.copyOf(flows);
        }

        /** @return each flow's FCT in s, x = flow id */
        public Samples fctSeconds() {
            return samples("fct", "s", Flow::fctSeconds);
        }

        /** @return each flow's throughput in Mbit/s, x = flow id */
        public Samples throughputMbps() {
            return samples("throughput", "Mbit/s", Flow::throughputMbps);
        }

        /** @return each flow's mean delay in ms, x = flow id */
        public Samples meanDelayMs() {
            return samples("delay", "ms", Flow::meanDelayMs);
        }

        /** @return each flow's mean jitter in ms, x = flow id */
        public Samples meanJitterMs() {
            return samples("jitter", "ms", Flow::meanJitterMs);
        }

        /** @return each flow's loss ratio, x = flow id */
        public Samples lossRatio() {
            return samples("loss", "ratio", Flow::lossRatio);
        }

        /**
         * The flows of one IP protocol, e.g. 6 for TCP.
         *
         * @param protocol the protocol number
         * @return a report of those flows only
         */
        public Report protocol(int protocol) {
            return new Report(flows.stream().filter(flow -> flow.protocol() == protocol).toList());
        }

        private Samples samples(String name, String unit, ToDoubleFunction<Flow> value) {
            Samples.Builder samples = new Samples.Builder(name, unit);
            for (Flow flow : flows) {
                double v = value.applyAsDouble(flow);
                if (!Double.isNaN(v)) {
                    samples.add(flow.flowId(), v);
                }
            }
            return samples.build();
        }
    }

    /**
     * Reads a FlowMonitor XML file.
     *
     * @param file the file
     * @return its flows
     * @throws MalformedLogException if the file is not FlowMonitor XML, with its line
     */
    public static Report read(Path file) {
        XMLStreamReader xml = null;
        try (InputStream in = LogLines.openStream(file)) {
            xml = XML.createXMLStreamReader(in);
            return read(xml, file);
        } catch (XMLStreamException e) {
            long line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
            throw new MalformedLogException(file, line, "not well-formed XML (" + e.getMessage().lines()
                    .reduce((a, b) -> b).orElse("") + "); expected FlowMonitor::SerializeToXmlFile output", e);
        } catch (IOException e) {
            throw new MalformedLogException(file, 0, "cannot read: " + e.getMessage(), e);
        } finally {
            if (xml != null) {
                try {
                    xml.close();
                } catch (XMLStreamException ignored) {
                    // closing a reader of a file being closed anyway
                }
            }
        }
    }

    private static Report read(XMLStreamReader xml, Path file) throws XMLStreamException {
        Map<Integer, Map<String, String>> stats = new LinkedHashMap<>();
        Map<Integer, Map<String, String>> tuples = new LinkedHashMap<>();
        Map<Integer, Long> lines = new LinkedHashMap<>();
        boolean root = false;
        String section = "";
        while (xml.hasNext()) {
            if (xml.next() != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            String element = xml.getLocalName();
            long line = xml.getLocation().getLineNumber();
            switch (element) {
                case "FlowMonitor" -> root = true;
                case "FlowStats", "Ipv4FlowClassifier", "Ipv6FlowClassifier", "FlowProbes" -> section = element;
                case "Flow" -> {
                    if (section.equals("FlowStats") || section.endsWith("FlowClassifier")) {
                        Map<String, String> attributes = new LinkedHashMap<>();
                        for (int i = 0; i < xml.getAttributeCount(); i++) {
                            String value = xml.getAttributeValue(i);
                            if (value.length() > MAX_ATTRIBUTE) {
                                throw new MalformedLogException(file, line, "attribute " + xml.getAttributeLocalName(i)
                                        + " of <Flow> has " + value.length() + " characters, more than the "
                                        + MAX_ATTRIBUTE + " of any FlowMonitor attribute");
                            }
                            if (attributes.put(xml.getAttributeLocalName(i), value) != null) {
                                throw new MalformedLogException(file, line, "attribute "
                                        + xml.getAttributeLocalName(i) + " given twice");
                            }
                        }
                        long flowId = nonNegative(attributes, "flowId", file, line);
                        if (flowId > Integer.MAX_VALUE) {
                            throw new MalformedLogException(file, line, "flowId " + flowId + " is above "
                                    + Integer.MAX_VALUE + ", the largest flow id of FlowMonitor");
                        }
                        int id = (int) flowId;
                        Map<Integer, Map<String, String>> into = section.equals("FlowStats") ? stats : tuples;
                        if (into.containsKey(id)) {
                            // Merging or keeping one would report a flow that never existed.
                            throw new MalformedLogException(file, line, "flow " + id + " appears twice in <"
                                    + section + ">: a FlowMonitor file lists each flow once");
                        }
                        Limits.checkCount(into.size() + 1L, file, line, "flows");
                        into.put(id, attributes);
                        if (section.equals("FlowStats")) {
                            lines.put(id, line);
                        }
                    }
                }
                default -> { }
            }
        }
        if (!root) {
            throw new MalformedLogException(file, 0, "no <FlowMonitor> element: not FlowMonitor XML");
        }
        List<Flow> flows = new ArrayList<>(stats.size());
        for (Map.Entry<Integer, Map<String, String>> entry : stats.entrySet()) {
            Map<String, String> s = entry.getValue();
            long line = lines.get(entry.getKey());
            Map<String, String> t = tuples.getOrDefault(entry.getKey(), Map.of());
            flows.add(new Flow(entry.getKey(),
                    new Flow.Tuple(t.getOrDefault("sourceAddress", ""), t.getOrDefault("destinationAddress", ""),
                            (int) optionalInteger(t, "protocol"), (int) optionalInteger(t, "sourcePort"),
                            (int) optionalInteger(t, "destinationPort")),
                    new Flow.Counts(nonNegative(s, "txPackets", file, line), nonNegative(s, "rxPackets", file, line),
                            nonNegative(s, "lostPackets", file, line), nonNegative(s, "txBytes", file, line),
                            nonNegative(s, "rxBytes", file, line)),
                    new Flow.Times(time(s, "timeFirstTxPacket", file, line), time(s, "timeFirstRxPacket", file, line),
                            time(s, "timeLastRxPacket", file, line), time(s, "delaySum", file, line),
                            time(s, "jitterSum", file, line))));
            check(flows.get(flows.size() - 1), file, line);
        }
        return new Report(flows);
    }

    /** Refuses a flow whose numbers contradict each other, instead of deriving a negative FCT or a loss above 1. */
    private static void check(Flow flow, Path file, long line) {
        String problem = null;
        if (flow.lostPackets() > flow.txPackets()) {
            problem = "lostPackets " + flow.lostPackets() + " is more than txPackets " + flow.txPackets()
                    + " (a loss above 1)";
        } else if (flow.rxPackets() > 0 && flow.lastRx() < flow.firstTx()) {
            problem = "timeLastRxPacket is before timeFirstTxPacket (a negative FCT)";
        } else if (flow.rxPackets() > 0 && flow.lastRx() < flow.firstRx()) {
            problem = "timeLastRxPacket is before timeFirstRxPacket";
        } else if (flow.delaySum() < 0 || flow.jitterSum() < 0) {
            problem = "delaySum and jitterSum must not be negative";
        }
        if (problem != null) {
            throw new MalformedLogException(file, line, "flow " + flow.flowId() + ": " + problem);
        }
    }

    private static long nonNegative(Map<String, String> attributes, String name, Path file, long line) {
        long value = integer(attributes, name, file, line);
        if (value < 0) {
            throw new MalformedLogException(file, line, "attribute " + name + " of <Flow> is " + value
                    + "; a count or id is never negative");
        }
        return value;
    }

    private static long integer(Map<String, String> attributes, String name, Path file, long line) {
        String text = attributes.get(name);
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new MalformedLogException(file, line, "attribute " + name + " of <Flow> is "
                    + (text == null ? "missing" : "'" + text + "', not an integer"));
        }
    }

    private static long optionalInteger(Map<String, String> attributes, String name) {
        String text = attributes.get(name);
        if (text == null) {
            return -1;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Parses an ns-3 time such as {@code +1.20046e+08ns} into seconds. */
    private static double time(Map<String, String> attributes, String name, Path file, long line) {
        String text = attributes.get(name);
        if (text != null) {
            String[][] units = {{"ns", "1e-9"}, {"us", "1e-6"}, {"ms", "1e-3"}, {"min", "60"}, {"s", "1"}};
            for (String[] unit : units) {
                if (text.endsWith(unit[0])) {
                    if (!DECIMAL.matcher(text.substring(0, text.length() - unit[0].length())).matches()) {
                        break; // hex floats, "NaN", "Infinity": not what ns-3 writes
                    }
                    try {
                        double seconds = Double.parseDouble(text.substring(0, text.length() - unit[0].length()))
                                * Double.parseDouble(unit[1]);
                        if (Double.isFinite(seconds)) {
                            return seconds;
                        }
                        break;
                    } catch (NumberFormatException e) {
                        break;
                    }
                }
            }
        }
        throw new MalformedLogException(file, line, "attribute " + name + " of <Flow> is "
                + (text == null ? "missing" : "'" + text + "', not an ns-3 time such as +1.5e+09ns"));
    }
}
