package org.triscale.emulator.queue;

import java.time.Duration;
import org.apache.commons.rng.UniformRandomProvider;
import org.apiguardian.api.API;
import org.triscale.emulator.base.Wire;

/**
 * PIE (Pan et al. 2013, RFC 8033): a FIFO that drops (or marks) arriving packets at random with
 * a probability a proportional-integral controller updates every {@code tUpdate} from the queueing
 * delay: {@code p += alpha (qdelay − target) + beta (qdelay − qdelay_old)}, the step scaled down
 * while {@code p} is small (RFC 8033 §4.2), capped at 2 % per update above {@code p} = 10 %,
 * decayed by 2 % while the queue stays empty. The queueing delay is the sojourn time of the last
 * packet dequeued (RFC 8033 §5.2's timestamp method). A burst allowance of 150 ms lets bursts into
 * an uncongested queue; no early drop while the delay is below half the target and {@code p} below
 * 20 %, or while fewer than two MTUs are queued. ECN-capable packets are marked instead while
 * {@code p} is at most 10 % (RFC 8033 §5.1).
 *
 * <p>Optionally with RFC 8033's de-randomisation (§5.4, Appendix B; Linux's {@code pie} always
 * applies it): each arrival that passes the checks above adds {@code p} to an accumulated
 * probability, reset to 0 by each drop or mark (and while {@code p} is 0); below 0.85 the packet
 * is let through, from 8.5 on it is dropped, in between it is dropped with probability {@code p}.
 * Two drops are then at least {@code 0.85 / p} arrivals apart and at most about {@code 8.5 / p},
 * instead of geometrically spread. For a given {@code p} this drops less often than independent
 * drops (about once per {@code 0.85 / p + 1 / p} arrivals), so the controller settles at a higher
 * {@code p} for the same overload; the drop fraction and the delay are those of the target.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Pie implements QueueDiscipline {
    /** RFC 8033's target queueing delay: 15 ms. */
    public static final Duration TARGET = Duration.ofMillis(15);
    /** RFC 8033's update interval: 15 ms. */
    public static final Duration T_UPDATE = Duration.ofMillis(15);
    private static final double ALPHA = 0.125;
    private static final double BETA = 1.25;
    private static final long MAX_BURST = 150_000_000L;
    private static final double MARK_ECN_THRESHOLD = 0.1;
    private static final double ACCU_LOW = 0.85;
    private static final double ACCU_HIGH = 8.5;

    private final BufferSize limit;
    private final long target;
    private final long tUpdate;
    private final boolean ecn;
    private final boolean derandomize;
    private final UniformRandomProvider random;
    private final PacketFifo fifo = new PacketFifo();

    private double p;
    private double accumulated;
    private long qdelay;
    private long qdelayOld;
    private long burstAllowance = MAX_BURST;
    private long nextUpdate = -1;
    private long earlyDrops;

    /**
     * A PIE queue.
     *
     * @param limit   the buffer size
     * @param target  the target queueing delay, &gt; 0
     * @param tUpdate the update interval, &gt; 0
     * @param ecn     whether to mark ECN-capable packets while {@code p <= 10 %}
     * @param derandomize whether to space drops by the accumulated probability (RFC 8033 §5.4)
     * @param random  the stream of the random drop decisions
     * @throws IllegalArgumentException on invalid parameters
     */
    public Pie(BufferSize limit, Duration target, Duration tUpdate, boolean ecn, boolean derandomize,
               UniformRandomProvider random) {
        if (limit == null || random == null) {
            throw new IllegalArgumentException("PIE limit and random must not be null; use Pie.rfc8033()");
        }
        checkPositive("PIE target", target, "15 ms");
        checkPositive("PIE tUpdate", tUpdate, "15 ms");
        this.limit = limit;
        this.target = target.toNanos();
        this.tUpdate = tUpdate.toNanos();
        this.ecn = ecn;
        this.derandomize = derandomize;
        this.random = random;
    }

    static void checkPositive(String name, Duration d, String rfcValue) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be > 0, got " + d + "; the RFC uses " + rfcValue);
        }
    }

    /**
     * PIE with the RFC 8033 defaults (15 ms target, 15 ms update), ECN, independent random drops
     * (as ns-3's default), and the scenario's buffer.
     *
     * @return the factory
     */
    public static Factory rfc8033() {
        return of(TARGET, T_UPDATE, true);
    }

    /**
     * PIE with the RFC 8033 defaults, ECN and the optional de-randomisation of RFC 8033 §5.4, as
     * Linux's {@code pie} runs it, and the scenario's buffer.
     *
     * @return the factory
     */
    public static Factory derandomized() {
        return s -> new Pie(s.buffer(), TARGET, T_UPDATE, true, true, s.random());
    }

    /**
     * PIE with other parameters and the scenario's buffer.
     *
     * @param target  the target queueing delay, &gt; 0
     * @param tUpdate the update interval, &gt; 0
     * @param ecn     whether to mark ECN-capable packets while {@code p <= 10 %}
     * @return the factory
     * @throws IllegalArgumentException on invalid durations
     */
    public static Factory of(Duration target, Duration tUpdate, boolean ecn) {
        checkPositive("PIE target", target, "15 ms");
        checkPositive("PIE tUpdate", tUpdate, "15 ms");
        return s -> new Pie(s.buffer(), target, tUpdate, ecn, false, s.random());
    }

    @Override
    public boolean enqueue(Packet packet, long now) {
        catchUp(now);
        if (!limit.fits(fifo.size(), fifo.bytes(), packet.bytes())) {
            return false;
        }
        if (dropEarly()) {
            accumulated = 0;
            if (!(ecn && p <= MARK_ECN_THRESHOLD && packet.markCe())) {
                earlyDrops++;
                return false;
            }
        }
        fifo.add(packet);
        return true;
    }

    private boolean dropEarly() {
        if (burstAllowance > 0) {
            return false;
        }
        if (qdelayOld < target / 2 && p < 0.2) {
            return false;
        }
        if (fifo.bytes() <= 2L * Wire.MTU) {
            return false;
        }
        if (!derandomize) {
            return random.nextDouble() < p;
        }
        if (p == 0) {
            accumulated = 0;
            return false;
        }
        accumulated += p;
        if (accumulated < ACCU_LOW) {
            return false;
        }
        return accumulated >= ACCU_HIGH || random.nextDouble() < p;
    }

    @Override
    public Packet dequeue(long now) {
        catchUp(now);
        Packet packet = fifo.poll();
        qdelay = packet == null ? 0 : now - packet.enqueuedAt();
        return packet;
    }

    /** Runs the updates due by {@code now} (the controller is driven by time, not by packets). */
    private void catchUp(long now) {
        if (nextUpdate < 0) {
            nextUpdate = now + tUpdate;
            return;
        }
        while (now >= nextUpdate) {
            if (fifo.isEmpty()) {
                qdelay = 0;
            }
            update();
            nextUpdate += tUpdate;
        }
    }

    private void update() {
        double delta = ALPHA * (qdelay - target) / 1e9 + BETA * (qdelay - qdelayOld) / 1e9;
        if (p < 1e-6) {
            delta /= 2048;
        } else if (p < 1e-5) {
            delta /= 512;
        } else if (p < 1e-4) {
            delta /= 128;
        } else if (p < 1e-3) {
            delta /= 32;
        } else if (p < 1e-2) {
            delta /= 8;
        } else if (p < 1e-1) {
            delta /= 2;
        } else if (delta > 0.02) {
            delta = 0.02;
        }
        p += delta;
        if (qdelay > 250_000_000L) {
            p += 0.02;
        }
        if (qdelay == 0 && qdelayOld == 0) {
            p *= 0.98;
        }
        p = Math.min(1, Math.max(0, p));
        burstAllowance = Math.max(0, burstAllowance - tUpdate);
        if (p == 0 && qdelay < target / 2 && qdelayOld < target / 2) {
            burstAllowance = MAX_BURST;
        }
        qdelayOld = qdelay;
    }

    @Override
    public int packets() {
        return fifo.size();
    }

    /**
     * The current drop probability.
     *
     * @return p in [0, 1]
     */
    public double dropProbability() {
        return p;
    }

    /**
     * Packets dropped at random so far (not counting arrivals to a full buffer).
     *
     * @return packets
     */
    public long drops() {
        return earlyDrops;
    }
}
