package org.triscale.emulator.queue;

import java.time.Duration;
import java.util.ArrayDeque;
import org.apiguardian.api.API;
import org.triscale.emulator.base.Wire;

/**
 * FQ-CoDel (RFC 8290): flows are hashed into {@code flows} sub-queues, each managed by
 * {@link CoDel}, served by deficit round robin with a quantum of one MTU; a sub-queue that just
 * became active is served first (the "new flows" list). When the buffer is full, packets are
 * dropped from the head of the sub-queue with the most bytes, up to half of it and at most 64.
 * The emulator hashes a flow by its id modulo {@code flows}, so with enough sub-queues every
 * flow has its own; {@code flows = 1} is a single shared CoDel queue, which with ECN is the
 * "shared RFC 3168 queue" of the L4S interoperability tests.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class FqCoDel implements QueueDiscipline {
    /** Linux's default number of sub-queues. */
    public static final int DEFAULT_FLOWS = 1024;
    private static final int DROP_BATCH = 64;

    private final BufferSize limit;
    private final int quantum;
    private final Sub[] subs;
    private final ArrayDeque<Sub> newFlows = new ArrayDeque<>();
    private final ArrayDeque<Sub> oldFlows = new ArrayDeque<>();
    private int packets;
    private long bytes;
    private long overflowDrops;

    private static final class Sub {
        final PacketFifo fifo = new PacketFifo();
        final CoDelControl control;
        int deficit;
        boolean active;

        Sub(CoDelControl control) {
            this.control = control;
        }
    }

    /**
     * An FQ-CoDel queue.
     *
     * @param limit    the buffer size, shared by all sub-queues
     * @param flows    the number of sub-queues, in [1, 65536]
     * @param quantum  bytes a sub-queue may send per round, &gt;= 1
     * @param target   CoDel's target, &gt; 0
     * @param interval CoDel's interval, &gt; target
     * @param ecn      whether to mark ECN-capable packets instead of dropping them
     * @throws IllegalArgumentException on invalid parameters
     */
    public FqCoDel(BufferSize limit, int flows, int quantum, Duration target, Duration interval, boolean ecn) {
        if (limit == null) {
            throw new IllegalArgumentException("FQ-CoDel limit must not be null; use for example Packets.of(10240)");
        }
        checkFlows(flows);
        if (quantum < 1) {
            throw new IllegalArgumentException("FQ-CoDel quantum must be >= 1 byte, got " + quantum
                    + "; Linux uses one MTU");
        }
        CoDel.checkTimes("FQ-CoDel", target, interval);
        this.limit = limit;
        this.quantum = quantum;
        this.subs = new Sub[flows];
        for (int i = 0; i < flows; i++) {
            subs[i] = new Sub(new CoDelControl(target.toNanos(), interval.toNanos(), ecn));
        }
    }

    private static int checkFlows(int flows) {
        if (flows < 1 || flows > 65536) {
            throw new IllegalArgumentException("FQ-CoDel flows must be in [1, 65536], got " + flows
                    + "; Linux uses 1024, and 1 gives a single shared queue");
        }
        return flows;
    }

    /**
     * FQ-CoDel as Linux configures it (1,024 sub-queues, one-MTU quantum, 5 ms, 100 ms, ECN) with
     * the scenario's buffer.
     *
     * @return the factory
     */
    public static Factory rfc8290() {
        return withFlows(DEFAULT_FLOWS);
    }

    /**
     * FQ-CoDel with {@code flows} sub-queues and otherwise Linux's defaults; {@code withFlows(1)}
     * is a single shared RFC 3168 (ECN-marking CoDel) queue.
     *
     * @param flows the number of sub-queues, in [1, 65536]
     * @return the factory
     * @throws IllegalArgumentException if {@code flows} is out of range
     */
    public static Factory withFlows(int flows) {
        checkFlows(flows);
        return s -> new FqCoDel(s.buffer(), flows, Wire.MTU, CoDel.TARGET, CoDel.INTERVAL,
                true);
    }

    @Override
    public boolean enqueue(Packet packet, long now) {
        Sub sub = subs[packet.flow() % subs.length];
        sub.fifo.add(packet);
        packets++;
        bytes += packet.bytes();
        if (!sub.active) {
            sub.active = true;
            sub.deficit = quantum;
            newFlows.addLast(sub);
        }
        if (!limit.fits(packets - 1, bytes - packet.bytes(), packet.bytes())) {
            return dropFromFattest(packet);
        }
        return true;
    }

    /** RFC 8290 §4.1.1: drop from the head of the largest sub-queue; true if {@code arrived} stays queued. */
    private boolean dropFromFattest(Packet arrived) {
        Sub fattest = subs[0];
        for (Sub s : subs) {
            if (s.fifo.bytes() > fattest.fifo.bytes()) {
                fattest = s;
            }
        }
        long threshold = fattest.fifo.bytes() / 2;
        boolean arrivedDropped = false;
        for (int i = 0; i < DROP_BATCH && fattest.fifo.bytes() > threshold; i++) {
            Packet p = fattest.fifo.poll();
            packets--;
            bytes -= p.bytes();
            overflowDrops++;
            arrivedDropped |= p == arrived;
        }
        return !arrivedDropped;
    }

    @Override
    public Packet dequeue(long now) {
        while (true) {
            ArrayDeque<Sub> list = !newFlows.isEmpty() ? newFlows : oldFlows;
            Sub sub = list.peekFirst();
            if (sub == null) {
                return null;
            }
            if (sub.deficit <= 0) {
                sub.deficit += quantum;
                list.pollFirst();
                oldFlows.addLast(sub);
                continue;
            }
            int before = sub.fifo.size();
            long beforeBytes = sub.fifo.bytes();
            Packet p = sub.control.dequeue(sub.fifo, now);
            packets -= before - sub.fifo.size();
            bytes -= beforeBytes - sub.fifo.bytes();
            if (p == null) {
                list.pollFirst();
                if (list == newFlows && !oldFlows.isEmpty()) {
                    // RFC 8290 §4.2: an emptied new flow goes to the old list once, so it cannot game the order.
                    oldFlows.addLast(sub);
                } else {
                    sub.active = false;
                }
                continue;
            }
            sub.deficit -= p.bytes();
            return p;
        }
    }

    @Override
    public int packets() {
        return packets;
    }

    /** Packets queued in the sub-queue of {@code flow}. */
    int packetsOf(int flow) {
        return subs[flow % subs.length].fifo.size();
    }

    /**
     * Packets dropped so far: by the sub-queues' CoDel and when the buffer overflowed.
     *
     * @return packets
     */
    public long drops() {
        long d = overflowDrops;
        for (Sub s : subs) {
            d += s.control.drops;
        }
        return d;
    }
}
