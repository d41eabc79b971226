package org.triscale.emulator.queue;

import org.apiguardian.api.API;

/**
 * A FIFO that drops arriving packets when its buffer (in packets or bytes) is full, optionally
 * marking ECN-capable packets that arrive when at least K packets are queued (a step threshold
 * as DCTCP's switches use, RFC 8257 §3.1).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class DropTail implements QueueDiscipline {
    private final BufferSize limit;
    private final int markThreshold;
    private final PacketFifo fifo = new PacketFifo();

    /**
     * A DropTail queue.
     *
     * @param limit         the buffer size
     * @param markThreshold mark ECN-capable arrivals when at least this many packets are queued;
     *                      {@link Integer#MAX_VALUE} for no marking
     * @throws IllegalArgumentException on a null limit or a threshold below 1
     */
    public DropTail(BufferSize limit, int markThreshold) {
        if (limit == null) {
            throw new IllegalArgumentException("DropTail limit must not be null; use for example Packets.of(100)");
        }
        this.markThreshold = checkThreshold(markThreshold);
        this.limit = limit;
    }

    private static int checkThreshold(int packets) {
        if (packets < 1) {
            throw new IllegalArgumentException("DropTail markThreshold must be >= 1 packet, got " + packets
                    + "; use Integer.MAX_VALUE for no marking");
        }
        return packets;
    }

    /**
     * DropTail with the scenario's buffer and no marking.
     *
     * @return the factory
     */
    public static Factory factory() {
        return s -> new DropTail(s.buffer(), Integer.MAX_VALUE);
    }

    /**
     * DropTail with the scenario's buffer and a step ECN marking threshold.
     *
     * @param packets the threshold K, &gt;= 1
     * @return the factory
     * @throws IllegalArgumentException if {@code packets < 1}
     */
    public static Factory withMarkThreshold(int packets) {
        checkThreshold(packets);
        return s -> new DropTail(s.buffer(), packets);
    }

    @Override
    public boolean enqueue(Packet packet, long now) {
        if (!limit.fits(fifo.size(), fifo.bytes(), packet.bytes())) {
            return false;
        }
        if (fifo.size() >= markThreshold) {
            packet.markCe();
        }
        fifo.add(packet);
        return true;
    }

    @Override
    public Packet dequeue(long now) {
        return fifo.poll();
    }

    @Override
    public int packets() {
        return fifo.size();
    }
}
