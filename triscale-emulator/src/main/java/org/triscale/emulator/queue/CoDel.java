package org.triscale.emulator.queue;

import org.apiguardian.api.API;

import java.time.Duration;

/**
 * CoDel (Nichols and Jacobson 2012, RFC 8289): a FIFO that watches each packet's sojourn time
 * at dequeue. Once the sojourn time has stayed above {@code target} for a whole {@code interval},
 * it drops (or, for ECN-capable packets with {@code ecn}, marks) a packet and then the next ones
 * at times {@code interval / sqrt(count)} apart until the sojourn time falls below the target.
 * No drops while at most one MTU is queued. Arrivals to a full buffer are dropped.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class CoDel implements QueueDiscipline {
    /** The name mutants refer to it by ({@link QueueMutant#original()}). */
    public static final String NAME = "CoDel";
    /** RFC 8289's target sojourn time: 5 ms. */
    public static final Duration TARGET = Duration.ofMillis(5);
    /** RFC 8289's interval: 100 ms. */
    public static final Duration INTERVAL = Duration.ofMillis(100);

    private final BufferSize limit;
    private final PacketFifo fifo = new PacketFifo();
    private final CoDelControl control;

    /**
     * A CoDel queue.
     *
     * @param limit    the buffer size
     * @param target   the acceptable standing sojourn time, &gt; 0
     * @param interval the time a sojourn above target must last before dropping starts, &gt; target
     * @param ecn      whether to mark ECN-capable packets instead of dropping them
     * @throws IllegalArgumentException on a null limit or invalid durations
     */
    public CoDel(BufferSize limit, Duration target, Duration interval, boolean ecn) {
        if (limit == null) {
            throw new IllegalArgumentException("CoDel limit must not be null; use for example Packets.of(1000)");
        }
        checkTimes("CoDel", target, interval);
        this.limit = limit;
        this.control = new CoDelControl(target.toNanos(), interval.toNanos(), ecn);
    }

    static void checkTimes(String name, Duration target, Duration interval) {
        if (target == null || target.isNegative() || target.isZero()) {
            throw new IllegalArgumentException(name + " target must be > 0, got " + target + "; RFC 8289 uses 5 ms");
        }
        if (interval == null || interval.compareTo(target) <= 0) {
            throw new IllegalArgumentException(name + " interval must be > target (" + target + "), got " + interval
                    + "; RFC 8289 uses 100 ms");
        }
    }

    /**
     * CoDel with the RFC 8289 defaults (5 ms, 100 ms), ECN marking, and the scenario's buffer.
     *
     * @return the factory
     */
    public static Factory rfc8289() {
        return of(TARGET, INTERVAL, true);
    }

    /**
     * CoDel with other parameters and the scenario's buffer.
     *
     * @param target   the target sojourn time, &gt; 0
     * @param interval the interval, &gt; target
     * @param ecn      whether to mark ECN-capable packets
     * @return the factory
     * @throws IllegalArgumentException on invalid durations
     */
    public static Factory of(Duration target, Duration interval, boolean ecn) {
        checkTimes("CoDel", target, interval);
        return s -> new CoDel(s.buffer(), target, interval, ecn);
    }

    @Override
    public boolean enqueue(Packet packet, long now) {
        if (!limit.fits(fifo.size(), fifo.bytes(), packet.bytes())) {
            return false;
        }
        fifo.add(packet);
        return true;
    }

    @Override
    public Packet dequeue(long now) {
        return control.dequeue(fifo, now);
    }

    @Override
    public int packets() {
        return fifo.size();
    }

    /**
     * Packets CoDel dropped at dequeue so far (not counting arrivals to a full buffer).
     *
     * @return packets
     */
    public long drops() {
        return control.drops;
    }

    /**
     * The control law's count: drops (or marks) since the dropping state was entered.
     *
     * @return the count
     */
    public int count() {
        return control.count();
    }
}
