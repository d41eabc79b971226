package org.triscale.emulator;

import org.triscale.emulator.base.Rate;
import org.triscale.emulator.base.Ecn;
import org.triscale.emulator.base.Wire;

import org.triscale.emulator.link.DeliveryTrace;
import org.triscale.emulator.link.LossModel;
import org.triscale.emulator.queue.Packet;
import org.triscale.emulator.queue.QueueDiscipline;

/**
 * The bottleneck link with a {@link QueueDiscipline}: unlike the DropTail fast path
 * ({@link Bottleneck}), an AQM decides at dequeue time, so the link transmits one packet at a
 * time and takes the next from the discipline when the transmission ends (one event per packet).
 * Buffer limits count the queued packets, not the one on the wire, as Linux qdiscs do.
 */
final class ServedLink {
    private final QueueDiscipline discipline;
    private final double nanosPerByte;
    private final LossModel.Process loss;
    private final DeliveryTrace trace;
    private long opportunityIndex;
    /** The delivery opportunity in use and the bytes it can still carry. */
    private long creditTime = Long.MIN_VALUE;
    private int creditBytes;
    private final long end;
    private final Simulation sim;
    private final int index;

    private Packet onWire;
    private long accepted;
    private long transmitted;
    private long bufferDrops;
    private long randomDrops;
    /** CE packets accepted and transmitted; their difference counts the marks this link made. */
    private long ceArrivals;
    private long ceDepartures;
    private long busyNanos;
    private long waitingNanos;
    private int maxQueue;

    ServedLink(Simulation sim, int index, QueueDiscipline discipline, Rate rate, LossModel.Process loss,
               DeliveryTrace trace, long end) {
        this.sim = sim;
        this.index = index;
        this.discipline = discipline;
        this.nanosPerByte = 8e9 / rate.bitsPerSecond();
        this.loss = loss;
        this.trace = trace;
        this.end = end;
    }

    void offer(Packet packet, long now) {
        if (loss != null && loss.lose()) {
            randomDrops++;
            return;
        }
        packet.enqueuedAt(now);
        boolean arrivedCe = packet.ecn() == Ecn.CE;
        if (!discipline.enqueue(packet, now)) {
            bufferDrops++;
            return;
        }
        accepted++;
        if (arrivedCe) {
            ceArrivals++;
        }
        maxQueue = Math.max(maxQueue, discipline.packets() + (onWire != null ? 1 : 0));
        if (onWire == null) {
            startNext(now);
        }
    }

    /** The transmission on the wire ended at {@code now}: hand the packet on, start the next. */
    void onTransmitted(long now) {
        Packet p = onWire;
        onWire = null;
        transmitted++;
        if (p.ecn() == Ecn.CE) {
            ceDepartures++;
        }
        sim.departed(p, index, now);
        startNext(now);
    }

    private void startNext(long now) {
        Packet p = discipline.dequeue(now);
        if (p == null) {
            return;
        }
        onWire = p;
        long departure = trace == null ? now + Math.max(1, Math.round(p.bytes() * nanosPerByte))
                : nextDelivery(now, p.bytes());
        waitingNanos += now - p.enqueuedAt();
        if (now < end) {
            busyNanos += Math.min(departure, end) - now;
        }
        sim.scheduleLink(index, departure);
    }

    /**
     * When a packet of {@code bytes} that starts at {@code now} has been delivered. Each delivery
     * opportunity carries {@link Wire#MTU} bytes, as in mahimahi: small packets (ACKs) share one,
     * a packet larger than what is left of one continues in the next, and what an opportunity
     * could still carry is lost once it has passed. Opportunities that find the queue empty are
     * lost too.
     */
    private long nextDelivery(long now, int bytes) {
        int need = bytes;
        if (creditTime >= now && creditBytes > 0) {
            int used = Math.min(creditBytes, need);
            creditBytes -= used;
            need -= used;
        }
        while (need > 0) {
            creditTime = nextOpportunity(now);
            creditBytes = Wire.MTU;
            int used = Math.min(creditBytes, need);
            creditBytes -= used;
            need -= used;
        }
        return creditTime;
    }

    /** The first unused delivery opportunity at or after {@code now}. */
    private long nextOpportunity(long now) {
        long t = trace.opportunityNanos(opportunityIndex);
        if (t < now) {
            // Skip the wasted opportunities: whole periods first, then one by one.
            long period = trace.periodMillis() * 1_000_000L;
            long cycles = (now - t) / period;
            opportunityIndex += cycles * trace.opportunities();
            while ((t = trace.opportunityNanos(opportunityIndex)) < now) {
                opportunityIndex++;
            }
        }
        opportunityIndex++;
        return t;
    }

    LinkStats stats() {
        long inSystem = discipline.packets() + (onWire != null ? 1 : 0);
        long aqmDrops = accepted - transmitted - inSystem;
        double utilisation = end > 0 ? Math.min(1.0, busyNanos / (double) end) : 0;
        long started = transmitted + (onWire != null ? 1 : 0);
        double meanWait = started > 0 ? waitingNanos / 1e6 / started : 0;
        return new LinkStats(accepted, bufferDrops, aqmDrops, randomDrops,
                Math.max(0, ceDepartures - ceArrivals), utilisation, meanWait, maxQueue);
    }
}
