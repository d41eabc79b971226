package org.triscale.emulator;

/**
 * A TCP receiver: cumulative ACKs (the next segment expected), an ACK for every segment or, with
 * delayed ACKs, for every second in-order segment or after 40 ms (RFC 5681 §4.2, Linux's minimum
 * delayed-ACK time), immediate ACKs for out-of-order, duplicate and gap-filling segments. Each ACK
 * echoes the send timestamp of a segment (RFC 7323) and the segment that triggered it, and sets
 * ECE for a CE-marked segment; with delayed ACKs a change of CE state sends the pending ACK first
 * (DCTCP's receiver, RFC 8257 §3.2), and a segment shorter than a full MSS (a finite flow's pushed
 * tail) is acknowledged at once, as Linux does for pushed sub-MSS data. The delayed-ACK timer is
 * coalesced: at most one timer event is outstanding per receiver, and one that fires before the
 * current deadline re-arms itself for it.
 */
final class Receiver {
    static final long DELAYED_ACK_NANOS = 40_000_000L;

    private final AckSink flow;
    private final boolean delayedAck;

    private long rcvNxt;
    private long highestReceived;
    /** Out-of-order segments above {@code rcvNxt}, a ring bitset indexed by segment number. */
    private long[] received = new long[4];
    private long bitMask = 255;

    private boolean pending;
    private long pendingEcho;
    private long pendingTrigger;
    private boolean pendingCe;
    private long delayedAckDeadline = -1;
    /** Time of the outstanding timer event, or {@link Long#MAX_VALUE} for none. */
    private long timerEventAt = Long.MAX_VALUE;

    Receiver(AckSink flow, boolean delayedAck) {
        this.flow = flow;
        this.delayedAck = delayedAck;
    }

    void onSegment(long now, long segment, long sendTime, boolean ce, boolean shortSegment) {
        if (delayedAck && pending && pendingCe != ce) {
            flow.sendAck(now, rcvNxt, pendingEcho, pendingTrigger, pendingCe);
            pending = false;
        }
        boolean immediate;
        if (segment == rcvNxt) {
            rcvNxt++;
            boolean filled = false;
            while (rcvNxt < highestReceived && isSet(rcvNxt)) {
                clear(rcvNxt);
                rcvNxt++;
                filled = true;
            }
            highestReceived = Math.max(highestReceived, rcvNxt);
            immediate = filled || rcvNxt < highestReceived || shortSegment;
        } else if (segment > rcvNxt) {
            set(segment);
            highestReceived = Math.max(highestReceived, segment + 1);
            immediate = true;
        } else {
            immediate = true;
        }
        if (!delayedAck) {
            flow.sendAck(now, rcvNxt, sendTime, segment, ce);
            return;
        }
        if (immediate || pending) {
            flow.sendAck(now, rcvNxt, pending ? pendingEcho : sendTime, segment, ce);
            pending = false;
            return;
        }
        pending = true;
        pendingEcho = sendTime;
        pendingTrigger = segment;
        pendingCe = ce;
        delayedAckDeadline = now + DELAYED_ACK_NANOS;
        if (timerEventAt == Long.MAX_VALUE) {
            timerEventAt = delayedAckDeadline;
            flow.scheduleDelayedAck(delayedAckDeadline);
        }
    }

    /**
     * The next segment expected: every segment below it was received and can be handed to the
     * application in order.
     */
    long rcvNxt() {
        return rcvNxt;
    }

    void onDelayedAckTimer(long now) {
        timerEventAt = Long.MAX_VALUE;
        if (!pending) {
            return;
        }
        if (now >= delayedAckDeadline) {
            flow.sendAck(now, rcvNxt, pendingEcho, pendingTrigger, pendingCe);
            pending = false;
        } else {
            timerEventAt = delayedAckDeadline;
            flow.scheduleDelayedAck(delayedAckDeadline);
        }
    }

    private boolean isSet(long segment) {
        long bit = segment & bitMask;
        return (received[(int) (bit >>> 6)] & (1L << bit)) != 0;
    }

    private void clear(long segment) {
        long bit = segment & bitMask;
        received[(int) (bit >>> 6)] &= ~(1L << bit);
    }

    private void set(long segment) {
        if (segment - rcvNxt > bitMask) {
            grow(segment - rcvNxt + 1);
        }
        long bit = segment & bitMask;
        received[(int) (bit >>> 6)] |= 1L << bit;
    }

    private void grow(long span) {
        long bits = bitMask + 1;
        while (bits < span) {
            bits *= 2;
        }
        long[] old = received;
        long oldMask = bitMask;
        received = new long[(int) (bits >>> 6)];
        bitMask = bits - 1;
        for (long s = rcvNxt; s < highestReceived; s++) {
            long b = s & oldMask;
            if ((old[(int) (b >>> 6)] & (1L << b)) != 0) {
                long nb = s & bitMask;
                received[(int) (nb >>> 6)] |= 1L << nb;
            }
        }
    }
}
