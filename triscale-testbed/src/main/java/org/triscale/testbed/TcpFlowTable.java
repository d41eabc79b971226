package org.triscale.testbed;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The TCP connections of a capture, followed segment by segment from both sides' sequence and
 * acknowledgement numbers; see {@link PcapFlows} for the definitions of what it measures.
 *
 * <p>Memory is bounded: at most {@link Limits#MAX_FLOWS} connections, and per direction only the
 * data above the receiver's cumulative acknowledgement is tracked (the byte ranges seen, for
 * telling retransmissions from out-of-order segments, and the segments awaiting their ACK, for
 * RTT samples), at most {@link #MAX_IN_FLIGHT} segments each; the sum over all connections stays
 * within {@link Limits#MAX_VALUES}.
 */
final class TcpFlowTable {
    /** Segments awaiting an ACK per direction; beyond, the oldest is forgotten (no RTT sample from it). */
    static final int MAX_IN_FLIGHT = 1 << 16;

    static final int FIN = 0x01;
    static final int SYN = 0x02;
    static final int RST = 0x04;
    static final int ACK = 0x10;

    /** One side of a connection: an address (IPv4 as an IPv4-mapped IPv6 address) and a port. */
    record Endpoint(long high, long low, int port) implements Comparable<Endpoint> {
        @Override
        public int compareTo(Endpoint other) {
            int c = Long.compareUnsigned(high, other.high);
            if (c == 0) {
                c = Long.compareUnsigned(low, other.low);
            }
            return c != 0 ? c : Integer.compare(port, other.port);
        }
    }

    private record Key(Endpoint low, Endpoint high) {
    }

    private final Path file;
    private final Map<Key, Connection> open = new HashMap<>();
    private final List<PcapFlows.Flow> flows = new ArrayList<>();
    private final Samples.Builder rtt = new Samples.Builder("rtt", "ms");
    private long connections;
    private long tracked;
    private long firstNs = Long.MIN_VALUE;
    private long karnSkipped;
    private long forgotten;
    private long backwards;

    private final int maxFlows;

    TcpFlowTable(Path file, int maxFlows) {
        this.file = file;
        this.maxFlows = maxFlows;
    }

    /** Notes the first packet's time of the capture (of any protocol): times are counted from it. */
    void packetAt(long timeNs) {
        if (firstNs == Long.MIN_VALUE) {
            firstNs = timeNs;
        }
    }

    /** One TCP segment, its sequence and acknowledgement numbers as unsigned 32-bit values. */
    void segment(long timeNs, Endpoint source, Endpoint destination, boolean ipv6, long seq, long ack, int flags,
                 long payload, long offset) {
        boolean forward = source.compareTo(destination) <= 0;
        Key key = forward ? new Key(source, destination) : new Key(destination, source);
        Connection connection = open.get(key);
        int side = forward ? 0 : 1;
        if (connection != null && (flags & (SYN | ACK)) == SYN && connection.reused(side, seq)) {
            finish(open.remove(key));
            connection = null;
        }
        if (connection == null) {
            connections++;
            if (connections > maxFlows) {
                throw new MalformedLogException(file, 0, "at byte " + offset + ": " + Limits.limit("more than "
                        + String.format("%,d", maxFlows) + " TCP connections", maxFlows,
                        Limits.FLOWS_KEY));
            }
            connection = new Connection(key, ipv6, timeNs);
            open.put(key, connection);
        }
        if ((flags & SYN) != 0 && connection.synNs == Long.MIN_VALUE) {
            connection.synNs = timeNs;
        }
        Direction sender = connection.sides[side];
        sender.send(timeNs, seq, flags, payload);
        if ((flags & ACK) != 0) {
            connection.sides[1 - side].acknowledged(timeNs, ack);
        }
        if (tracked > Limits.MAX_VALUES) {
            throw new MalformedLogException(file, 0, "at byte " + offset + ": " + Limits.limit("more than "
                    + String.format("%,d", Limits.MAX_VALUES) + " TCP segments and byte ranges awaiting their ACK",
                    Limits.MAX_VALUES, Limits.VALUES_KEY));
        }
    }

    /** Ends the capture: every connection still open becomes flows, in the order the connections started. */
    PcapFlows.Report finish(PcapFlows.Counts counts, String container, List<String> notes) {
        List<Connection> rest = new ArrayList<>(open.values());
        rest.sort((a, b) -> Integer.compare(a.index, b.index));
        open.clear();
        rest.forEach(this::finish);
        flows.sort((a, b) -> Integer.compare(a.index(), b.index()));
        List<PcapFlows.Flow> numbered = new ArrayList<>(flows.size());
        for (PcapFlows.Flow flow : flows) {
            numbered.add(flow.numbered(numbered.size() + 1));
        }
        PcapFlows.Counts all = counts.withTcp(connections, karnSkipped, forgotten, backwards);
        return new PcapFlows.Report(numbered, rtt.build(), all, container, notes);
    }

    private void finish(Connection connection) {
        for (int side = 0; side < 2; side++) {
            Direction d = connection.sides[side];
            tracked -= d.seen.size() + d.inFlight.size();
            if (d.payload == 0) {
                continue;
            }
            Endpoint from = side == 0 ? connection.key.low() : connection.key.high();
            Endpoint to = side == 0 ? connection.key.high() : connection.key.low();
            long startNs = connection.synNs != Long.MIN_VALUE ? connection.synNs : connection.firstNs;
            long delivered = d.ackedData == Long.MIN_VALUE ? 0 : d.ackedData - d.base;
            double duration = delivered > 0 ? (d.lastDataAckNs - startNs) / 1e9 : Double.NaN;
            boolean complete = d.fin != Long.MIN_VALUE && d.ackedData != Long.MIN_VALUE && d.ackedData >= d.fin;
            flows.add(new PcapFlows.Flow(connection.index,
                    new PcapFlows.Flow.Tuple(address(from, connection.ipv6), from.port(), address(to, connection.ipv6),
                            to.port()),
                    new PcapFlows.Flow.Times((startNs - firstNs) / 1e9, duration),
                    new PcapFlows.Flow.Bytes(delivered, d.unique, d.retransmitted),
                    connection.synNs != Long.MIN_VALUE, complete, d.samples));
        }
    }

    private static String address(Endpoint endpoint, boolean ipv6) {
        byte[] bytes = new byte[16];
        for (int i = 0; i < 8; i++) {
            bytes[i] = (byte) (endpoint.high() >>> (56 - 8 * i));
            bytes[8 + i] = (byte) (endpoint.low() >>> (56 - 8 * i));
        }
        if (!ipv6) {
            return (bytes[12] & 0xFF) + "." + (bytes[13] & 0xFF) + "." + (bytes[14] & 0xFF) + "." + (bytes[15] & 0xFF);
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 16; i += 2) {
            text.append(i == 0 ? "" : ":").append(Integer.toHexString((bytes[i] & 0xFF) << 8 | bytes[i + 1] & 0xFF));
        }
        return text.toString();
    }

    /** A TCP connection: its two directions, numbered in the order the capture shows them. */
    private final class Connection {
        final Key key;
        final boolean ipv6;
        final int index;
        final long firstNs;
        long synNs = Long.MIN_VALUE;
        final Direction[] sides = {new Direction(), new Direction()};

        Connection(Key key, boolean ipv6, long firstNs) {
            this.key = key;
            this.ipv6 = ipv6;
            this.index = (int) connections;
            this.firstNs = firstNs;
        }

        /** A SYN with another initial sequence number than the side's first: the 4-tuple is used again. */
        boolean reused(int side, long seq) {
            Direction d = sides[side];
            return d.synSeen ? d.isn != seq : d.known;
        }
    }

    /**
     * One direction of a connection: the sender's sequence space, unwrapped to 64 bits around the
     * last number seen, and what the receiver's cumulative ACK has covered of it.
     */
    private final class Direction {
        boolean known;
        long reference;
        boolean synSeen;
        long isn;
        /** The first byte counted: after the SYN, or the first payload byte of a capture begun mid-flow. */
        long base = Long.MIN_VALUE;
        long highestAck = Long.MIN_VALUE;
        long dataEnd = Long.MIN_VALUE;
        long fin = Long.MIN_VALUE;
        long ackedData = Long.MIN_VALUE;
        long lastDataAckNs;
        long payload;
        long unique;
        long retransmitted;
        int samples;
        /** Byte ranges seen above the cumulative ACK: start to end (exclusive), disjoint. */
        final TreeMap<Long, Long> seen = new TreeMap<>();
        /** Segments awaiting their ACK, by first byte. */
        final TreeMap<Long, Segment> inFlight = new TreeMap<>();

        private long unwrap(long value) {
            return reference + (int) (value - reference);
        }

        void send(long timeNs, long seq, int flags, long length) {
            if (!known) {
                known = true;
                reference = seq;
            }
            long s = unwrap(seq);
            reference = Math.max(reference, s);
            long start = s;
            if ((flags & SYN) != 0) {
                if (!synSeen) {
                    synSeen = true;
                    isn = seq;
                    if (base == Long.MIN_VALUE) {
                        base = s + 1;
                    }
                }
                start = s + 1;
            }
            if ((flags & FIN) != 0 && fin == Long.MIN_VALUE) {
                fin = start + length;
            }
            if (length == 0) {
                return;
            }
            if (base == Long.MIN_VALUE) {
                base = start;
            }
            long end = start + length;
            payload += length;
            dataEnd = Math.max(dataEnd, end);
            long floor = Math.max(base, highestAck);
            long fresh = Math.max(0, end - Math.max(start, floor)) - overlap(Math.max(start, floor), end);
            unique += fresh;
            retransmitted += length - fresh;
            boolean retransmission = fresh < length;
            if (end <= floor) {
                return; // every byte already acknowledged (or before the capture's first): nothing awaits an ACK
            }
            long from = Math.max(start, floor);
            addSeen(from, end);
            if (retransmission) {
                // Karn: an ACK of any copy of these bytes is ambiguous. The segments awaiting an ACK
                // stay disjoint: those this one overlaps merge with it into one ambiguous segment.
                long first = from;
                long last = end;
                Map.Entry<Long, Segment> before = inFlight.floorEntry(from);
                if (before != null && before.getValue().end() > from) {
                    first = before.getKey();
                }
                Iterator<Map.Entry<Long, Segment>> overlapping = inFlight.tailMap(first, true).entrySet().iterator();
                while (overlapping.hasNext()) {
                    Map.Entry<Long, Segment> next = overlapping.next();
                    if (next.getKey() >= last) {
                        break;
                    }
                    last = Math.max(last, next.getValue().end());
                    overlapping.remove();
                    tracked--;
                }
                track(first, new Segment(last, timeNs, true));
                return;
            }
            track(from, new Segment(end, timeNs, false));
        }

        private void track(long from, Segment segment) {
            if (inFlight.size() >= MAX_IN_FLIGHT) {
                inFlight.pollFirstEntry();
                forgotten++;
                tracked--;
            }
            inFlight.put(from, segment);
            tracked++;
        }

        /** Bytes of [from, end) already in {@link #seen}. */
        private long overlap(long from, long end) {
            if (from >= end) {
                return 0;
            }
            long bytes = 0;
            Map.Entry<Long, Long> before = seen.floorEntry(from);
            Long key = before != null && before.getValue() > from ? before.getKey() : seen.ceilingKey(from);
            for (Map.Entry<Long, Long> range : key == null ? List.<Map.Entry<Long, Long>>of()
                    : seen.tailMap(key, true).entrySet()) {
                if (range.getKey() >= end) {
                    break;
                }
                bytes += Math.min(end, range.getValue()) - Math.max(from, range.getKey());
            }
            return bytes;
        }

        private void addSeen(long from, long end) {
            long start = from;
            long stop = end;
            Map.Entry<Long, Long> before = seen.floorEntry(start);
            if (before != null && before.getValue() >= start) {
                start = before.getKey();
                stop = Math.max(stop, before.getValue());
            }
            Iterator<Map.Entry<Long, Long>> next = seen.tailMap(start, true).entrySet().iterator();
            while (next.hasNext()) {
                Map.Entry<Long, Long> range = next.next();
                if (range.getKey() > stop) {
                    break;
                }
                stop = Math.max(stop, range.getValue());
                next.remove();
                tracked--;
            }
            seen.put(start, stop);
            tracked++;
        }

        void acknowledged(long timeNs, long ackNumber) {
            if (!known || base == Long.MIN_VALUE) {
                return; // nothing of this side seen yet: the number cannot be placed in its sequence space
            }
            long a = unwrap(ackNumber);
            if (a <= highestAck || a <= base) {
                return; // a duplicate or old ACK: nothing newly covered
            }
            highestAck = a;
            if (dataEnd != Long.MIN_VALUE) {
                long data = Math.min(a, dataEnd);
                if (data > base && (ackedData == Long.MIN_VALUE || data > ackedData)) {
                    ackedData = data;
                    lastDataAckNs = timeNs;
                }
            }
            // everything below the cumulative ACK is delivered: stop tracking it
            while (!seen.isEmpty() && seen.firstKey() < a) {
                Map.Entry<Long, Long> first = seen.pollFirstEntry();
                tracked--;
                if (first.getValue() > a) {
                    seen.put(a, first.getValue());
                    tracked++;
                    break;
                }
            }
            // disjoint and sorted by first byte, so also by last: the covered ones come first
            long lastSentNs = Long.MIN_VALUE;
            boolean ambiguous = false;
            while (!inFlight.isEmpty() && inFlight.firstEntry().getValue().end() <= a) {
                Segment segment = inFlight.pollFirstEntry().getValue();
                tracked--;
                ambiguous |= segment.ambiguous();
                lastSentNs = Math.max(lastSentNs, segment.sentNs());
            }
            if (lastSentNs == Long.MIN_VALUE) {
                return;
            }
            if (ambiguous) {
                karnSkipped++;
            } else if (timeNs < lastSentNs) {
                backwards++;
            } else {
                Limits.checkCount(rtt.size() + 1L, file, 0, "RTT samples");
                rtt.add((timeNs - firstNs) / 1e9, (timeNs - lastSentNs) / 1e6);
                samples++;
            }
        }
    }

    /** A data segment awaiting its ACK: its end (exclusive), when it was sent, whether it was sent more than once. */
    private record Segment(long end, long sentNs, boolean ambiguous) {
    }
}
