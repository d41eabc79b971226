package org.triscale.emulator.queue;

import org.apiguardian.api.API;
import org.triscale.emulator.base.Ecn;

/**
 * A data packet as a queue sees it: its flow, its size on the wire, its ECN field and when it
 * entered the queue. A queue may mark it ({@link #markCe()}); everything else is fixed.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Packet {
    private final int flow;
    private final long segment;
    private final long sentAt;
    private final int bytes;
    private Ecn ecn;
    private long enqueuedAt;

    /**
     * A packet.
     *
     * @param flow    the flow id, &gt;= 0 (the index of the flow in the scenario)
     * @param segment the TCP segment number within the flow
     * @param sentAt  when the sender sent it, in nanoseconds of simulated time
     * @param bytes   its size on the wire, &gt;= 1
     * @param ecn     its ECN field
     * @throws IllegalArgumentException on a negative flow id, a size below one byte or a null ECN field
     */
    public Packet(int flow, long segment, long sentAt, int bytes, Ecn ecn) {
        if (flow < 0) {
            throw new IllegalArgumentException("packet flow id must be >= 0, got " + flow);
        }
        if (bytes < 1) {
            throw new IllegalArgumentException("packet size must be >= 1 byte, got " + bytes);
        }
        if (ecn == null) {
            throw new IllegalArgumentException("packet ECN field must not be null; use Ecn.NOT_ECT");
        }
        this.flow = flow;
        this.segment = segment;
        this.sentAt = sentAt;
        this.bytes = bytes;
        this.ecn = ecn;
    }

    /**
     * The flow the packet belongs to.
     *
     * @return the flow id
     */
    public int flow() {
        return flow;
    }

    /**
     * The TCP segment number within its flow.
     *
     * @return the segment number
     */
    public long segment() {
        return segment;
    }

    /**
     * When the sender sent the packet.
     *
     * @return nanoseconds of simulated time
     */
    public long sentAt() {
        return sentAt;
    }

    /**
     * Its size on the wire.
     *
     * @return bytes
     */
    public int bytes() {
        return bytes;
    }

    /**
     * Its ECN field.
     *
     * @return the codepoint
     */
    public Ecn ecn() {
        return ecn;
    }

    /**
     * When it entered the queue (set by the link just before {@link QueueDiscipline#enqueue}).
     *
     * @return nanoseconds of simulated time
     */
    public long enqueuedAt() {
        return enqueuedAt;
    }

    /**
     * Sets the time it entered the queue.
     *
     * @param time nanoseconds of simulated time
     */
    public void enqueuedAt(long time) {
        enqueuedAt = time;
    }

    /**
     * Marks the packet congestion-experienced, if it is ECN-capable.
     *
     * @return true if it is now CE, false if it is not ECN-capable (then drop it instead)
     */
    public boolean markCe() {
        if (!ecn.capable()) {
            return false;
        }
        ecn = Ecn.CE;
        return true;
    }
}
