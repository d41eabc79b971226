package org.triscale.emulator;

import org.apache.commons.rng.UniformRandomProvider;
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
    private final double lossProbability;
    private final UniformRandomProvider lossRandom;
    private final long end;
    private final Simulation sim;

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

    ServedLink(Simulation sim, QueueDiscipline discipline, Rate rate, double lossProbability,
               UniformRandomProvider lossRandom, long end) {
        this.sim = sim;
        this.discipline = discipline;
        this.nanosPerByte = 8e9 / rate.bitsPerSecond();
        this.lossProbability = lossProbability;
        this.lossRandom = lossRandom;
        this.end = end;
    }

    void offer(Packet packet, long now) {
        if (lossProbability > 0 && lossRandom.nextDouble() < lossProbability) {
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
        sim.departed(p, now);
        startNext(now);
    }

    private void startNext(long now) {
        Packet p = discipline.dequeue(now);
        if (p == null) {
            return;
        }
        onWire = p;
        long tx = Math.max(1, Math.round(p.bytes() * nanosPerByte));
        waitingNanos += now - p.enqueuedAt();
        if (now < end) {
            busyNanos += Math.min(now + tx, end) - now;
        }
        sim.scheduleLink(now + tx);
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
