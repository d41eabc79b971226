package org.triscale.emulator.queue;

import java.time.Duration;
import org.apache.commons.rng.UniformRandomProvider;
import org.apiguardian.api.API;

/**
 * DualPI2, the DualQ Coupled AQM of RFC 9332 with a PI2 base AQM (De Schepper et al. 2016).
 * Packets with ECT(1) or CE go to the low-latency L queue, all others to the classic C queue.
 * Every {@code tUpdate} a PI controller updates the base probability
 * {@code p' += alpha (qdelay − target) + beta (qdelay − qdelay_old)} from the larger of the two
 * queues' head sojourn times (RFC 9332 Appendix A). The C queue drops (or marks ECT(0)) with
 * {@code p_C = p'²}; the L queue marks with {@code p_L = max(p_CL, step)} where the coupled
 * probability is {@code p_CL = k p'} and the native step marks every L packet whose sojourn time
 * is at least {@code stepThreshold}. Scheduling is a time-shifted FIFO: the L head leaves first
 * unless the C head has waited {@code tshift} longer. The defaults are the RFC's and Linux's:
 * target 15 ms, tUpdate 16 ms, alpha 0.16 Hz, beta 3.2 Hz, k = 2, step 1 ms; tshift is twice
 * the target. The buffer limit bounds both queues together.
 *
 * <p>Overload (RFC 9332 §4.2.3 and Appendix A.2, Linux's default {@code drop_on_overload}): once
 * the coupled probability saturates, {@code k p' > 1} (that is {@code p_C > 1/k²}), marks no
 * longer restrain the L4S traffic, so an L4S packet is dropped with probability {@code p_C} (and
 * marked otherwise), and a classic ECN-capable packet picked by {@code p_C} is dropped instead of
 * marked. Unresponsive traffic of either kind then meets drops that hold the queue at the target.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class DualPi2 implements QueueDiscipline {
    /** The name mutants refer to it by ({@link QueueMutant#original()}). */
    public static final String NAME = "DualPI2";
    /** Target classic queueing delay: 15 ms. */
    public static final Duration TARGET = Duration.ofMillis(15);
    /** Update interval: 16 ms. */
    public static final Duration T_UPDATE = Duration.ofMillis(16);
    /** Coupling factor k: 2. */
    public static final double K = 2;
    /** Step marking threshold of the L queue: 1 ms. */
    public static final Duration STEP = Duration.ofMillis(1);
    private static final double ALPHA = 0.16;
    private static final double BETA = 3.2;

    private final BufferSize limit;
    private final long target;
    private final long tUpdate;
    private final double k;
    private final long step;
    private final long tshift;
    private final UniformRandomProvider random;
    private final PacketFifo lq = new PacketFifo();
    private final PacketFifo cq = new PacketFifo();

    private double baseP;
    private long qdelayOld;
    private long nextUpdate = -1;
    private long classicDrops;
    private long classicMarks;
    private long classicPackets;
    private long l4sMarks;
    private long l4sDrops;
    private long l4sPackets;

    /**
     * A DualPI2 queue.
     *
     * @param limit   the buffer size, shared by both queues
     * @param target  the target classic queueing delay, &gt; 0
     * @param tUpdate the update interval, &gt; 0
     * @param k       the coupling factor, &gt; 0
     * @param step    the L queue's step marking threshold (sojourn time), &gt; 0
     * @param random  the stream of the random decisions
     * @throws IllegalArgumentException on invalid parameters
     */
    public DualPi2(BufferSize limit, Duration target, Duration tUpdate, double k, Duration step,
                   UniformRandomProvider random) {
        if (limit == null || random == null) {
            throw new IllegalArgumentException("DualPI2 limit and random must not be null; use DualPi2.rfc9332()");
        }
        Pie.checkPositive("DualPI2 target", target, "15 ms");
        Pie.checkPositive("DualPI2 tUpdate", tUpdate, "16 ms");
        Pie.checkPositive("DualPI2 step", step, "1 ms");
        if (!(k > 0) || k == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("DualPI2 coupling factor k must be a finite number > 0, got " + k
                    + "; RFC 9332 uses 2");
        }
        this.limit = limit;
        this.target = target.toNanos();
        this.tUpdate = tUpdate.toNanos();
        this.k = k;
        this.step = step.toNanos();
        this.tshift = 2 * this.target;
        this.random = random;
    }

    /**
     * DualPI2 with the RFC 9332 defaults and the scenario's buffer.
     *
     * @return the factory
     */
    public static Factory rfc9332() {
        return s -> new DualPi2(s.buffer(), TARGET, T_UPDATE, K, STEP, s.random());
    }

    @Override
    public boolean enqueue(Packet packet, long now) {
        catchUp(now);
        if (!limit.fits(lq.size() + cq.size(), lq.bytes() + cq.bytes(), packet.bytes())) {
            return false;
        }
        (packet.ecn().l4s() ? lq : cq).add(packet);
        return true;
    }

    @Override
    public Packet dequeue(long now) {
        catchUp(now);
        while (true) {
            Packet l = lq.peek();
            Packet c = cq.peek();
            if (l == null && c == null) {
                return null;
            }
            if (l != null && (c == null || l.enqueuedAt() <= c.enqueuedAt() + tshift)) {
                lq.poll();
                l4sPackets++;
                if (overloaded() && random.nextDouble() < baseP * baseP) {
                    l4sDrops++;
                    continue;
                }
                long sojourn = now - l.enqueuedAt();
                double pL = sojourn >= step ? 1 : Math.min(1, k * baseP);
                if (pL > 0 && (pL >= 1 || random.nextDouble() < pL)) {
                    if (l.markCe()) {
                        l4sMarks++;
                    } else {
                        continue;
                    }
                }
                return l;
            }
            cq.poll();
            classicPackets++;
            double pC = baseP * baseP;
            if (pC > 0 && random.nextDouble() < pC) {
                if (!overloaded() && c.markCe()) {
                    classicMarks++;
                } else {
                    classicDrops++;
                    continue;
                }
            }
            return c;
        }
    }

    /** Whether the coupled L4S probability saturates ({@code k p' > 1}): then drops replace marks. */
    private boolean overloaded() {
        return k * baseP > 1;
    }

    private void catchUp(long now) {
        if (nextUpdate < 0) {
            nextUpdate = now + tUpdate;
            return;
        }
        while (now >= nextUpdate) {
            long qdelay = Math.max(headSojourn(lq, nextUpdate), headSojourn(cq, nextUpdate));
            baseP += ALPHA * (qdelay - target) / 1e9 + BETA * (qdelay - qdelayOld) / 1e9;
            baseP = Math.min(1, Math.max(0, baseP));
            qdelayOld = qdelay;
            nextUpdate += tUpdate;
        }
    }

    private static long headSojourn(PacketFifo q, long now) {
        Packet head = q.peek();
        return head == null ? 0 : Math.max(0, now - head.enqueuedAt());
    }

    @Override
    public int packets() {
        return lq.size() + cq.size();
    }

    /**
     * The base probability p' of the PI controller.
     *
     * @return p' in [0, 1]
     */
    public double baseProbability() {
        return baseP;
    }

    /**
     * The classic drop/mark probability {@code p_C = p'²}.
     *
     * @return p_C in [0, 1]
     */
    public double classicProbability() {
        return baseP * baseP;
    }

    /**
     * The coupled L4S marking probability {@code p_CL = min(1, k p')}.
     *
     * @return p_CL in [0, 1]
     */
    public double couplingProbability() {
        return Math.min(1, k * baseP);
    }

    /**
     * Fraction of the classic packets dequeued so far that were dropped or marked.
     *
     * @return in [0, 1], or NaN before the first classic packet
     */
    public double classicSignalFraction() {
        return classicPackets == 0 ? Double.NaN : (classicDrops + classicMarks) / (double) classicPackets;
    }

    /**
     * Fraction of the L4S packets dequeued so far that were dropped (only under overload).
     *
     * @return in [0, 1], or NaN before the first L4S packet
     */
    public double l4sDropFraction() {
        return l4sPackets == 0 ? Double.NaN : l4sDrops / (double) l4sPackets;
    }

    /**
     * Fraction of the L4S packets dequeued so far that were marked.
     *
     * @return in [0, 1], or NaN before the first L4S packet
     */
    public double l4sMarkFraction() {
        return l4sPackets == 0 ? Double.NaN : l4sMarks / (double) l4sPackets;
    }
}
