package org.triscale.testbed;

import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Reads the TCP flows of a packet capture ({@code tcpdump -w FILE}: pcap or pcapng, gzip-compressed
 * or not, told by the first bytes) and measures each from its sequence and acknowledgement numbers.
 * A <em>flow</em> is one direction of a TCP connection (its 4-tuple of addresses and ports) that
 * carries payload: the side that sends the data, with the other side's ACKs.
 *
 * <ul>
 *   <li><b>Goodput</b>: the payload bytes the receiver acknowledged (its cumulative ACK, so each byte
 *       once, retransmissions excluded), times 8, over the flow's duration: from the connection's
 *       first SYN (or its first packet, for a capture begun mid-connection) to the first ACK that
 *       covered the last acknowledged data byte.</li>
 *   <li><b>RTT samples</b>: for each ACK that advances the cumulative acknowledgement over whole
 *       data segments, the time from the sending of the last-sent segment it covers (the one that
 *       released the ACK) to the ACK.
 *       Karn's rule (P. Karn and C. Partridge, "Improving Round-Trip Time Estimates in Reliable
 *       Transport Protocols", SIGCOMM 1987; RFC 6298, section 3) applies: an ACK that covers any
 *       segment sent more than once gives no sample, since it cannot tell which copy it answers.
 *       A segment is a retransmission when it carries bytes the capture already saw from that side
 *       (a segment filling a gap for the first time is out of order, not retransmitted). SACK
 *       blocks and TCP timestamps are not used. The samples are times at the capture point: from
 *       the sender's host (or on the loopback of a one-host test bed) they are the path's RTT.</li>
 *   <li><b>Flow completion time</b>: from the connection's first SYN (or first packet) to the first
 *       ACK of the last data byte before the sender's FIN; a flow without a FIN in the capture, or
 *       whose data before the FIN were not all acknowledged in it, has no FCT.</li>
 * </ul>
 *
 * <p>Only what the capture holds is used: a packet cut by the snap length (captured length below
 * its length on the wire) is read as far as captured (the TCP header is enough: the payload's
 * length comes from the IP header), and its missing bytes are counted as unseen; packets that are
 * not TCP over IPv4 or IPv6, IP fragments and packets cut before the end of the TCP header are
 * counted and ignored. Reading is bounded: the file is streamed, at most
 * {@code -Dtriscale.testbed.maxFlows} (100,000) connections and {@code -Dtriscale.testbed.maxValues}
 * RTT samples and tracked segments, each exceeded limit named in the error.
 *
 * @since 0.4.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
public final class PcapFlows {
    private static final int IPPROTO_TCP = 6;
    private static final int IPV4_HEADER = 20;
    private static final int IPV6_HEADER = 40;
    private static final int TCP_HEADER = 20;

    private PcapFlows() {
    }

    /**
     * One flow: one direction of a TCP connection that carried payload.
     *
     * <p>Its numbers come in named parts ({@link Tuple}, {@link Times}, {@link Bytes}); the flat
     * accessors ({@link #source()}, {@link #startSeconds()}, {@link #deliveredBytes()}, ...) read the
     * same values from their part.
     *
     * @param index      the flow's number, from 1, in the order the connections started
     * @param tuple      who sent the data to whom
     * @param times      when the flow started and how long it took
     * @param bytes      the payload bytes delivered, seen and seen again
     * @param synSeen    whether the capture holds the connection's SYN (else the flow starts at its
     *                   first captured packet)
     * @param complete   whether the sender's FIN and the ACK of every data byte before it are in the
     *                   capture
     * @param rttSamples the RTT samples the flow gave
     */
    public record Flow(int index, Tuple tuple, Times times, Bytes bytes, boolean synSeen, boolean complete,
                       int rttSamples) {

        /**
         * The flow's direction: the data sender and the receiver.
         *
         * @param source          the data sender's address
         * @param sourcePort      its port
         * @param destination     the receiver's address
         * @param destinationPort its port
         */
        public record Tuple(String source, int sourcePort, String destination, int destinationPort) {
        }

        /**
         * When the flow ran.
         *
         * @param startSeconds    the flow's start (the connection's first SYN, else its first packet), in
         *                        seconds from the capture's first packet
         * @param durationSeconds from the start to the first ACK of the last acknowledged data byte; NaN
         *                        when no data byte was acknowledged in the capture
         */
        public record Times(double startSeconds, double durationSeconds) {
        }

        /**
         * The flow's payload bytes.
         *
         * @param delivered     payload bytes the receiver acknowledged, each once
         * @param unique        payload bytes the capture saw from the sender, each once
         * @param retransmitted payload bytes the capture saw more than once
         */
        public record Bytes(long delivered, long unique, long retransmitted) {
        }

        /** @return the data sender's address ({@link Tuple#source()}) */
        public String source() {
            return tuple.source();
        }

        /** @return the sender's port ({@link Tuple#sourcePort()}) */
        public int sourcePort() {
            return tuple.sourcePort();
        }

        /** @return the receiver's address ({@link Tuple#destination()}) */
        public String destination() {
            return tuple.destination();
        }

        /** @return the receiver's port ({@link Tuple#destinationPort()}) */
        public int destinationPort() {
            return tuple.destinationPort();
        }

        /** @return the start in seconds from the capture's first packet ({@link Times#startSeconds()}) */
        public double startSeconds() {
            return times.startSeconds();
        }

        /** @return the duration in seconds, NaN without an acknowledged byte ({@link Times#durationSeconds()}) */
        public double durationSeconds() {
            return times.durationSeconds();
        }

        /** @return payload bytes the receiver acknowledged, each once ({@link Bytes#delivered()}) */
        public long deliveredBytes() {
            return bytes.delivered();
        }

        /** @return payload bytes the capture saw from the sender, each once ({@link Bytes#unique()}) */
        public long uniqueBytes() {
            return bytes.unique();
        }

        /** @return payload bytes the capture saw more than once ({@link Bytes#retransmitted()}) */
        public long retransmittedBytes() {
            return bytes.retransmitted();
        }

        /**
         * Returns the goodput: delivered payload over the flow's duration.
         *
         * @return Mbit/s, NaN when nothing was acknowledged or the duration is not positive
         */
        public double goodputMbps() {
            long delivered = bytes.delivered();
            double duration = times.durationSeconds();
            return delivered > 0 && duration > 0 ? delivered * 8 / duration / 1e6 : Double.NaN;
        }

        /**
         * Returns the flow completion time.
         *
         * @return seconds, NaN when the flow is not {@link #complete()}
         */
        public double fctSeconds() {
            return complete ? times.durationSeconds() : Double.NaN;
        }

        Flow numbered(int number) {
            return new Flow(number, tuple, times, bytes, synSeen, complete, rttSamples);
        }
    }

    /**
     * What the capture held besides the flows: the packets read, and what tracking the connections
     * counted. The flat accessors ({@link #records()}, {@link #karnSkipped()}, ...) read the same
     * values from their part.
     *
     * @param packets  the packet records read and why some were ignored
     * @param tracking the connections and the ACKs and segments that gave no sample
     */
    public record Counts(Packets packets, Tracking tracking) {

        /**
         * The packet records of the capture.
         *
         * @param records     packet records read
         * @param tcp         TCP segments over IPv4 or IPv6 measured
         * @param notTcp      packets that are not TCP over IP (ARP, UDP, ICMP, ...), ignored
         * @param fragments   IP fragments, ignored (TCP avoids fragmentation)
         * @param cutShort    packets cut by the snap length before the end of the TCP header, ignored
         * @param snapCut     packets captured shorter than on the wire (their headers whole)
         * @param unseenBytes bytes of all packets not captured (wire length minus captured length)
         * @param malformed   packets whose IP or TCP header contradicts itself, ignored
         * @param untimed     pcapng simple packet blocks, which carry no timestamp, not used
         */
        public record Packets(long records, long tcp, long notTcp, long fragments, long cutShort, long snapCut,
                              long unseenBytes, long malformed, long untimed) {
        }

        /**
         * What tracking the TCP connections counted.
         *
         * @param connections TCP connections
         * @param karnSkipped ACKs that gave no RTT sample by Karn's rule
         * @param forgotten   segments forgotten beyond 65,536 awaiting an ACK in one flow
         * @param backwards   ACKs timestamped before the segment they cover (clock steps), no sample
         */
        public record Tracking(long connections, long karnSkipped, long forgotten, long backwards) {
        }

        /** @return packet records read ({@link Packets#records()}) */
        public long records() {
            return packets.records();
        }

        /** @return TCP segments over IPv4 or IPv6 measured ({@link Packets#tcp()}) */
        public long tcp() {
            return packets.tcp();
        }

        /** @return packets that are not TCP over IP, ignored ({@link Packets#notTcp()}) */
        public long notTcp() {
            return packets.notTcp();
        }

        /** @return IP fragments, ignored ({@link Packets#fragments()}) */
        public long fragments() {
            return packets.fragments();
        }

        /** @return packets cut by the snap length inside their headers, ignored ({@link Packets#cutShort()}) */
        public long cutShort() {
            return packets.cutShort();
        }

        /** @return packets captured shorter than on the wire ({@link Packets#snapCut()}) */
        public long snapCut() {
            return packets.snapCut();
        }

        /** @return bytes of all packets not captured ({@link Packets#unseenBytes()}) */
        public long unseenBytes() {
            return packets.unseenBytes();
        }

        /** @return packets with contradicting IP or TCP headers, ignored ({@link Packets#malformed()}) */
        public long malformed() {
            return packets.malformed();
        }

        /** @return pcapng simple packet blocks, not used ({@link Packets#untimed()}) */
        public long untimed() {
            return packets.untimed();
        }

        /** @return TCP connections ({@link Tracking#connections()}) */
        public long connections() {
            return tracking.connections();
        }

        /** @return ACKs that gave no RTT sample by Karn's rule ({@link Tracking#karnSkipped()}) */
        public long karnSkipped() {
            return tracking.karnSkipped();
        }

        /** @return segments forgotten awaiting an ACK ({@link Tracking#forgotten()}) */
        public long forgotten() {
            return tracking.forgotten();
        }

        /** @return ACKs timestamped before the segment they cover ({@link Tracking#backwards()}) */
        public long backwards() {
            return tracking.backwards();
        }

        Counts withTcp(long allConnections, long karn, long lost, long reversed) {
            return new Counts(packets, new Tracking(allConnections, karn, lost, reversed));
        }
    }

    /**
     * The flows of one capture.
     *
     * @param flows     the flows, in the order their connections started
     * @param rtt       every RTT sample of every flow, at the ACK's time in seconds from the
     *                  capture's first packet, in ms
     * @param counts    the packets and ACKs counted besides
     * @param container the container read: pcap with its timestamp resolution, or pcapng
     * @param notes     what a reader should know (a cut last record)
     */
    public record Report(List<Flow> flows, Samples rtt, Counts counts, String container, List<String> notes) {
        /** Copies the lists. */
        public Report {
            flows = List.copyOf(flows);
            notes = List.copyOf(notes);
        }

        /**
         * Returns each flow's goodput; flows without one are counted in {@code dropped}.
         *
         * @return Mbit/s, x = the flow's index
         */
        public Samples goodputMbps() {
            return perFlow("goodput", "Mbit/s", Flow::goodputMbps);
        }

        /**
         * Returns each complete flow's completion time; the others are counted in {@code dropped}.
         *
         * @return seconds, x = the flow's index
         */
        public Samples fctSeconds() {
            return perFlow("fct", "s", Flow::fctSeconds);
        }

        /**
         * Returns the RTT samples of all flows, in the capture's order.
         *
         * @return ms, x = seconds from the capture's first packet
         */
        public Samples rttMs() {
            return rtt;
        }

        /**
         * Says in one line what was read and left out, for the command line's {@code source:} line.
         *
         * @return e.g. "pcapng, 2 TCP flows of 1 connections (1 complete), 930 TCP segments; ..."
         */
        public String summary() {
            long complete = flows.stream().filter(Flow::complete).count();
            StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%s, %d TCP flow%s of %d connection%s"
                    + " (%d complete: FIN and all data acknowledged), %d TCP segments of %d records", container,
                    flows.size(), flows.size() == 1 ? "" : "s", counts.connections(), counts.connections() == 1 ? ""
                    : "s", complete, counts.tcp(), counts.records()));
            List<String> left = new ArrayList<>();
            add(left, counts.notTcp(), "not TCP");
            add(left, counts.fragments(), "IP fragments");
            add(left, counts.cutShort(), "cut by the snap length inside their headers");
            add(left, counts.malformed(), "with inconsistent headers");
            add(left, counts.untimed(), "simple packet blocks without timestamps");
            if (!left.isEmpty()) {
                text.append("; ignored: ").append(String.join(", ", left));
            }
            if (counts.snapCut() > 0) {
                text.append(String.format(Locale.ROOT, "; %d packets cut by the snap length (%d bytes unseen, the "
                        + "payload lengths taken from the IP headers)", counts.snapCut(), counts.unseenBytes()));
            }
            text.append(String.format(Locale.ROOT, "; %d RTT samples (%d ACKs without a sample by Karn's rule",
                    rtt.size(), counts.karnSkipped()));
            if (counts.backwards() > 0) {
                text.append(", ").append(counts.backwards()).append(" timestamped before their segment");
            }
            if (counts.forgotten() > 0) {
                text.append(", ").append(counts.forgotten()).append(" segments beyond ")
                        .append(TcpFlowTable.MAX_IN_FLIGHT).append(" awaiting an ACK not timed");
            }
            text.append(')');
            notes.forEach(note -> text.append("; ").append(note));
            return text.toString();
        }

        private static void add(List<String> parts, long count, String what) {
            if (count > 0) {
                parts.add(count + " " + what);
            }
        }

        private Samples perFlow(String name, String unit, ToDoubleFunction<Flow> value) {
            Samples.Builder samples = new Samples.Builder(name, unit);
            for (Flow flow : flows) {
                double v = value.applyAsDouble(flow);
                if (Double.isNaN(v)) {
                    samples.drop();
                } else {
                    samples.add(flow.index(), v);
                }
            }
            return samples.build();
        }
    }

    /**
     * Reads the TCP flows of a capture.
     *
     * @param file a pcap or pcapng capture, gzip-compressed or not
     * @return its flows, RTT samples and counts
     * @throws MalformedLogException naming the file, the byte offset and what was expected when the
     *                               capture is damaged or not a capture, or a limit is exceeded
     */
    public static Report read(Path file) {
        return read(file, Limits.MAX_FLOWS);
    }

    /** Reads with another bound on the connections, so that tests reach it. */
    static Report read(Path file, int maxFlows) {
        Parser parser = new Parser(file, maxFlows);
        PcapReader.Summary summary = PcapReader.read(file, parser);
        Counts counts = new Counts(new Counts.Packets(summary.records(), parser.tcp, parser.notTcp, parser.fragments,
                parser.cutShort, parser.snapCut, parser.unseen, parser.malformed, summary.untimed()),
                new Counts.Tracking(0, 0, 0, 0));
        return parser.flows.finish(counts, summary.container(), summary.notes());
    }

    /** Takes each packet's IP and TCP headers to the flow table. */
    private static final class Parser implements PcapReader.Sink {
        final TcpFlowTable flows;
        long tcp;
        long notTcp;
        long fragments;
        long cutShort;
        long snapCut;
        long unseen;
        long malformed;

        Parser(Path file, int maxFlows) {
            this.flows = new TcpFlowTable(file, maxFlows);
        }

        @Override
        public void packet(long timeNs, int linkType, byte[] data, int caplen, int wireLength, long offset) {
            flows.packetAt(timeNs);
            if (caplen < wireLength) {
                snapCut++;
                unseen += wireLength - caplen;
            }
            int ip = PcapLink.ipOffset(linkType, data, caplen);
            if (ip < 0) {
                if (caplen < wireLength && caplen < IPV4_HEADER) {
                    cutShort++;
                } else {
                    notTcp++;
                }
                return;
            }
            if (caplen <= ip) {
                cutShort++;
                return;
            }
            int version = (data[ip] & 0xFF) >>> 4;
            if (linkType == PcapLink.IPV4 && version != 4 || linkType == PcapLink.IPV6 && version != 6) {
                malformed++;
                return;
            }
            // the IP packet's length on the wire: what the link header leaves of the frame
            long ipWire = (long) wireLength - ip;
            if (version == 4) {
                ipv4(timeNs, data, caplen, ip, ipWire, offset);
            } else if (version == 6) {
                ipv6(timeNs, data, caplen, ip, ipWire, offset);
            } else {
                notTcp++;
            }
        }

        private void ipv4(long timeNs, byte[] data, int caplen, int ip, long ipWire, long offset) {
            if (caplen < ip + IPV4_HEADER) {
                cutShort++;
                return;
            }
            int headerLength = (data[ip] & 0x0F) * 4;
            int totalLength = u16(data, ip + 2);
            if (totalLength == 0) {
                totalLength = (int) Math.min(ipWire, 0xFFFF); // TCP segmentation offload: the NIC fills it in
            }
            if (headerLength < IPV4_HEADER || totalLength < headerLength || totalLength > ipWire) {
                malformed++;
                return;
            }
            if ((data[ip + 9] & 0xFF) != IPPROTO_TCP) {
                notTcp++;
                return;
            }
            int fragment = u16(data, ip + 6);
            if ((fragment & 0x3FFF) != 0) { // more fragments, or an offset
                fragments++;
                return;
            }
            long address = 0xFFFF00000000L;
            TcpFlowTable.Endpoint source = new TcpFlowTable.Endpoint(0, address | PcapReader.beInt(data, ip + 12)
                    & 0xFFFFFFFFL, 0);
            TcpFlowTable.Endpoint destination = new TcpFlowTable.Endpoint(0, address | PcapReader.beInt(data, ip + 16)
                    & 0xFFFFFFFFL, 0);
            tcp(timeNs, data, caplen, ip + headerLength, totalLength - headerLength, source, destination, false,
                    offset);
        }

        private void ipv6(long timeNs, byte[] data, int caplen, int ip, long ipWire, long offset) {
            if (caplen < ip + IPV6_HEADER) {
                cutShort++;
                return;
            }
            int payloadLength = u16(data, ip + 4);
            if (payloadLength == 0 || IPV6_HEADER + payloadLength > ipWire) {
                // a jumbogram (payload length 0) is no test bed's TCP, and a longer one contradicts the frame
                malformed++;
                return;
            }
            int next = data[ip + 6] & 0xFF;
            int at = ip + IPV6_HEADER;
            int end = ip + IPV6_HEADER + payloadLength;
            // extension headers: hop-by-hop, routing, destination options, authentication; a fragment ends the walk
            while (next == 0 || next == 43 || next == 60 || next == 51 || next == 44) {
                if (next == 44) {
                    fragments++;
                    return;
                }
                if (caplen < at + 8) {
                    cutShort++;
                    return;
                }
                int length = next == 51 ? ((data[at + 1] & 0xFF) + 2) * 4 : ((data[at + 1] & 0xFF) + 1) * 8;
                next = data[at] & 0xFF;
                at += length;
                if (at > end) {
                    malformed++;
                    return;
                }
            }
            if (next != IPPROTO_TCP) {
                notTcp++;
                return;
            }
            TcpFlowTable.Endpoint source = new TcpFlowTable.Endpoint(long64(data, ip + 8), long64(data, ip + 16), 0);
            TcpFlowTable.Endpoint destination = new TcpFlowTable.Endpoint(long64(data, ip + 24), long64(data, ip + 32),
                    0);
            tcp(timeNs, data, caplen, at, end - at, source, destination, true, offset);
        }

        private void tcp(long timeNs, byte[] data, int caplen, int at, int length, TcpFlowTable.Endpoint source,
                         TcpFlowTable.Endpoint destination, boolean ipv6, long offset) {
            if (caplen < at + TCP_HEADER) {
                cutShort++;
                return;
            }
            int headerLength = ((data[at + 12] & 0xFF) >>> 4) * 4;
            if (headerLength < TCP_HEADER || headerLength > length) {
                malformed++;
                return;
            }
            tcp++;
            long seq = PcapReader.beInt(data, at + 4) & 0xFFFFFFFFL;
            long ack = PcapReader.beInt(data, at + 8) & 0xFFFFFFFFL;
            int flags = data[at + 13] & 0xFF;
            flows.segment(timeNs, new TcpFlowTable.Endpoint(source.high(), source.low(), u16(data, at)),
                    new TcpFlowTable.Endpoint(destination.high(), destination.low(), u16(data, at + 2)), ipv6, seq, ack,
                    flags, length - headerLength, offset);
        }

        private static int u16(byte[] data, int at) {
            return (data[at] & 0xFF) << 8 | data[at + 1] & 0xFF;
        }

        private static long long64(byte[] data, int at) {
            return (PcapReader.beInt(data, at) & 0xFFFFFFFFL) << 32 | PcapReader.beInt(data, at + 4) & 0xFFFFFFFFL;
        }
    }
}
