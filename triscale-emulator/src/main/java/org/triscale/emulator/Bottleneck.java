package org.triscale.emulator;

import org.triscale.emulator.base.Rate;
import org.triscale.emulator.base.Wire;

import java.util.OptionalInt;
import org.triscale.emulator.link.LossModel;
import org.triscale.emulator.queue.BufferSize;
import org.triscale.emulator.queue.Bytes;
import org.triscale.emulator.queue.Packets;

/**
 * The bottleneck link: a DropTail FIFO served at a constant rate. A FIFO at a constant rate
 * fixes each packet's departure time when it arrives ({@code max(arrival, previous departure) +
 * size / rate}), so the queue is a ring of departure times and the link needs no events of its own.
 */
final class Bottleneck {
    static final long DROPPED = -1;

    private final double nanosPerByte;
    private final long fullPacketNanos;
    private final int limitPackets;
    private final long limitBytes;
    private final int ecnThreshold;
    private final LossModel.Process loss;
    private final long end;

    private long[] departures = new long[1024];
    private int[] sizes = new int[1024];
    private int mask = 1023;
    private int head;
    private int count;
    private long queuedBytes;
    private long lastDeparture;

    /** Whether the last accepted packet was marked CE. */
    boolean lastMarked;

    long forwarded;
    long bufferDrops;
    long randomDrops;
    long marks;
    private long busyNanos;
    private long waitingNanos;
    private int maxQueue;

    Bottleneck(Rate rate, BufferSize buffer, OptionalInt ecnThreshold, LossModel.Process loss, long end) {
        this.nanosPerByte = 8e9 / rate.bitsPerSecond();
        this.fullPacketNanos = Math.max(1, Math.round(Wire.MTU * nanosPerByte));
        if (buffer instanceof Packets p) {
            limitPackets = p.count();
            limitBytes = Long.MAX_VALUE;
        } else {
            limitPackets = Integer.MAX_VALUE;
            limitBytes = ((Bytes) buffer).count();
        }
        this.ecnThreshold = ecnThreshold.orElse(Integer.MAX_VALUE);
        this.loss = loss;
        this.end = end;
    }

    /**
     * Offers a packet to the link at time {@code now}.
     *
     * @return its departure time (end of its transmission), or {@link #DROPPED}
     */
    long enqueue(long now, int wireBytes, boolean ect) {
        while (count > 0 && departures[head] <= now) {
            queuedBytes -= sizes[head];
            head = (head + 1) & mask;
            count--;
        }
        if (loss.lose()) {
            randomDrops++;
            return DROPPED;
        }
        if (count >= limitPackets || queuedBytes + wireBytes > limitBytes) {
            bufferDrops++;
            return DROPPED;
        }
        lastMarked = ect && count >= ecnThreshold;
        if (lastMarked) {
            marks++;
        }
        long tx = wireBytes == Wire.MTU ? fullPacketNanos : Math.max(1, Math.round(wireBytes * nanosPerByte));
        long start = Math.max(now, lastDeparture);
        long departure = start + tx;
        lastDeparture = departure;
        if (count > mask) {
            grow();
        }
        int tail = (head + count) & mask;
        departures[tail] = departure;
        sizes[tail] = wireBytes;
        count++;
        queuedBytes += wireBytes;
        if (count > maxQueue) {
            maxQueue = count;
        }
        forwarded++;
        waitingNanos += start - now;
        if (start < end) {
            busyNanos += Math.min(departure, end) - start;
        }
        return departure;
    }

    private void grow() {
        int capacity = mask + 1;
        long[] d = new long[capacity * 2];
        int[] s = new int[capacity * 2];
        for (int i = 0; i < count; i++) {
            d[i] = departures[(head + i) & mask];
            s[i] = sizes[(head + i) & mask];
        }
        departures = d;
        sizes = s;
        head = 0;
        mask = capacity * 2 - 1;
    }

    LinkStats stats() {
        double utilisation = end > 0 ? Math.min(1.0, busyNanos / (double) end) : 0;
        double meanWait = forwarded > 0 ? waitingNanos / 1e6 / forwarded : 0;
        return new LinkStats(forwarded, bufferDrops, 0, randomDrops, marks, utilisation, meanWait, maxQueue);
    }
}
