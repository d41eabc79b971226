package org.triscale.emulator.queue;

import org.apache.commons.rng.UniformRandomProvider;
import org.apiguardian.api.API;
import org.triscale.emulator.base.Wire;

/**
 * RED (Floyd and Jacobson 1993) in packets, with the gentle variant and ECN marking (RFC 3168
 * §7): the average queue {@code avg} is an EWMA of the queue length seen by arrivals (weight
 * {@code wq}, decayed over idle time as if small packets had arrived); between {@code minTh} and
 * {@code maxTh} an arrival is dropped or marked with a probability rising linearly to
 * {@code maxP}, spread out by the count since the last drop; between {@code maxTh} and
 * {@code 2 maxTh} (gentle) it rises on to 1; above, every arrival is dropped (hard drop, as ns-3's
 * default). The defaults are ns-3's: minTh 5, maxTh 15, maxP 1/50, wq 0.002.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Red implements QueueDiscipline {
    private final BufferSize limit;
    private final double minTh;
    private final double maxTh;
    private final double maxP;
    private final double wq;
    private final boolean ecn;
    private final long idlePacketNanos;
    private final UniformRandomProvider random;
    private final PacketFifo fifo = new PacketFifo();

    private double avg;
    private int count = -1;
    /** When the queue last became empty, or the last arrival to the empty queue. */
    private long idleSince = 0;
    private long earlyDrops;

    /**
     * A RED queue.
     *
     * @param setup the link (buffer, rate for the idle decay, random stream)
     * @param minTh the lower threshold of the average queue, in packets, &gt; 0
     * @param maxTh the upper threshold, &gt; minTh
     * @param maxP  the drop probability at maxTh, in (0, 1]
     * @param wq    the weight of the average, in (0, 1]
     * @param ecn   whether to mark ECN-capable packets instead of dropping them early
     * @throws IllegalArgumentException on invalid parameters
     */
    public Red(Setup setup, double minTh, double maxTh, double maxP, double wq, boolean ecn) {
        check(minTh, maxTh, maxP, wq);
        this.limit = setup.buffer();
        this.minTh = minTh;
        this.maxTh = maxTh;
        this.maxP = maxP;
        this.wq = wq;
        this.ecn = ecn;
        this.idlePacketNanos = setup.transmissionNanos(Wire.MTU);
        this.random = setup.random();
    }

    private static void check(double minTh, double maxTh, double maxP, double wq) {
        if (!(minTh > 0) || !(maxTh > minTh) || maxTh == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("RED thresholds must satisfy 0 < minTh < maxTh, got minTh " + minTh
                    + " and maxTh " + maxTh + "; ns-3 uses 5 and 15 packets");
        }
        if (!(maxP > 0 && maxP <= 1)) {
            throw new IllegalArgumentException("RED maxP must be in (0, 1], got " + maxP + "; ns-3 uses 0.02");
        }
        if (!(wq > 0 && wq <= 1)) {
            throw new IllegalArgumentException("RED wq must be in (0, 1], got " + wq + "; ns-3 uses 0.002");
        }
    }

    /**
     * RED with ns-3's defaults and ECN marking.
     *
     * @return the factory
     */
    public static Factory defaults() {
        return of(5, 15, 0.02, 0.002, true);
    }

    /**
     * RED with other parameters and the scenario's buffer.
     *
     * @param minTh the lower threshold, in packets, &gt; 0
     * @param maxTh the upper threshold, &gt; minTh
     * @param maxP  the drop probability at maxTh, in (0, 1]
     * @param wq    the weight of the average, in (0, 1]
     * @param ecn   whether to mark ECN-capable packets
     * @return the factory
     * @throws IllegalArgumentException on invalid parameters
     */
    public static Factory of(double minTh, double maxTh, double maxP, double wq, boolean ecn) {
        check(minTh, maxTh, maxP, wq);
        return s -> new Red(s, minTh, maxTh, maxP, wq, ecn);
    }

    @Override
    public boolean enqueue(Packet packet, long now) {
        if (fifo.isEmpty()) {
            // Idle time decays the average as if small packets had arrived to the empty queue
            // (Floyd & Jacobson 1993). It is decided by the queue being empty, not by a flag that
            // the arrival clears: an arrival dropped above 2 maxTh leaves the queue idle, and
            // without this decay the average would only fall by (1 - wq) per arrival. With every
            // arrival dropped, senders back off their timeouts and arrivals get rarer: the
            // average then stayed above 2 maxTh for minutes and throughput collapsed.
            double m = (now - idleSince) / (double) idlePacketNanos;
            avg *= Math.pow(1 - wq, m);
            idleSince = now;
        } else {
            avg = (1 - wq) * avg + wq * fifo.size();
        }
        if (!limit.fits(fifo.size(), fifo.bytes(), packet.bytes())) {
            return false;
        }
        if (avg < minTh) {
            count = -1;
        } else {
            count++;
            double pb;
            if (avg < maxTh) {
                pb = maxP * (avg - minTh) / (maxTh - minTh);
            } else if (avg < 2 * maxTh) {
                pb = maxP + (1 - maxP) * (avg - maxTh) / maxTh;
            } else {
                earlyDrops++;
                count = 0;
                return false;
            }
            double pa = count * pb >= 1 ? 1 : pb / (1 - count * pb);
            if (random.nextDouble() < pa) {
                count = 0;
                if (!(ecn && packet.markCe())) {
                    earlyDrops++;
                    return false;
                }
            }
        }
        fifo.add(packet);
        return true;
    }

    @Override
    public Packet dequeue(long now) {
        Packet p = fifo.poll();
        if (p != null && fifo.isEmpty()) {
            idleSince = now;
        }
        return p;
    }

    @Override
    public int packets() {
        return fifo.size();
    }

    /**
     * The average queue.
     *
     * @return packets
     */
    public double averageQueue() {
        return avg;
    }

    /**
     * Packets dropped early so far (not counting arrivals to a full buffer).
     *
     * @return packets
     */
    public long drops() {
        return earlyDrops;
    }
}
