package org.triscale.emulator.queue;

import org.triscale.emulator.base.Wire;

/**
 * CoDel's dequeue-side controller (RFC 8289 §5): the state of one queue, shared by {@link CoDel}
 * and each sub-queue of {@link FqCoDel}.
 */
final class CoDelControl {
    private final long target;
    private final long interval;
    private final boolean ecn;

    private long firstAboveTime;
    private long dropNext;
    private int count;
    private int lastCount;
    private boolean dropping;
    private boolean okToDrop;
    long drops;

    CoDelControl(long target, long interval, boolean ecn) {
        this.target = target;
        this.interval = interval;
        this.ecn = ecn;
    }

    /** The next packet of {@code q} to transmit, after dropping or marking as the control law says. */
    Packet dequeue(PacketFifo q, long now) {
        Packet p = doDequeue(q, now);
        if (p == null) {
            dropping = false;
            return null;
        }
        if (dropping) {
            if (!okToDrop) {
                dropping = false;
            }
            while (dropping && now >= dropNext) {
                count++;
                if (ecn && p.markCe()) {
                    // A mark replaces the drop; the marked packet leaves (as Linux's codel_dequeue).
                    dropNext = controlLaw(dropNext, count);
                    break;
                }
                drops++;
                p = doDequeue(q, now);
                if (p == null || !okToDrop) {
                    dropping = false;
                } else {
                    dropNext = controlLaw(dropNext, count);
                }
            }
        } else if (okToDrop) {
            if (!(ecn && p.markCe())) {
                drops++;
                p = doDequeue(q, now);
            }
            dropping = true;
            // RFC 8289: resume near the previous drop rate if the last dropping state ended recently.
            int delta = count - lastCount;
            count = 1;
            if (delta > 1 && now - dropNext < 16 * interval) {
                count = delta;
            }
            dropNext = controlLaw(now, count);
            lastCount = count;
        }
        return p;
    }

    private Packet doDequeue(PacketFifo q, long now) {
        Packet p = q.poll();
        okToDrop = false;
        if (p == null) {
            firstAboveTime = 0;
            return null;
        }
        long sojourn = now - p.enqueuedAt();
        if (sojourn < target || q.bytes() <= Wire.MTU) {
            firstAboveTime = 0;
        } else if (firstAboveTime == 0) {
            firstAboveTime = now + interval;
        } else if (now >= firstAboveTime) {
            okToDrop = true;
        }
        return p;
    }

    private long controlLaw(long t, int n) {
        return t + (long) (interval / Math.sqrt(n));
    }

    int count() {
        return count;
    }
}
