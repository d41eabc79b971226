package org.triscale.emulator;

/**
 * The sender's knowledge of its outstanding segments (RFC 6675 §3): which ones the receiver
 * reported (SACKed), which ones are lost, which ones were retransmitted, with Linux's counters
 * so that the flight estimate costs O(1). A segment is lost when three segments above it are
 * SACKed (IsLost with DupThresh = 3); the lost region is therefore everything not SACKed below
 * the third-highest SACKed segment, marked incrementally. A retransmission is lost when a segment
 * sent after it was delivered (the time-based rule of RACK, RFC 8985, exact on the emulator's FIFO
 * path); its segment is then retransmitted again instead of waiting for a timeout.
 */
final class Scoreboard {
    private static final int DUP_THRESH = 3;

    private final SentSegments segments;
    long sackedOut;
    long lostOut;
    long retransmittedOut;
    /** The three highest SACKed segments, or -1. */
    private long top1 = -1;
    private long top2 = -1;
    private long top3 = -1;
    /** Segments below this were examined for loss. */
    private long lostMarked;
    /** No lost, not yet retransmitted segment lies below this. */
    private long retransmitHint;
    /** Latest send time of a delivered segment (RACK's xmit time). */
    private long latestDeliveredSend = Long.MIN_VALUE;
    /** Retransmissions in send order: time and segment. */
    private final Pipe retransmissions = new Pipe();

    Scoreboard(SentSegments segments) {
        this.segments = segments;
    }

    /**
     * Removes {@code [from, to)} after a cumulative ACK, counting the segments it delivers.
     *
     * @return segments newly known as delivered (those not SACKed before)
     */
    int cumulativeAck(long from, long to, DeliveryRate rate, long now) {
        byte[] flags = segments.flags;
        int delivered = 0;
        for (long s = from; s < to; s++) {
            int slot = segments.slot(s);
            byte f = flags[slot];
            if ((f & SentSegments.SACKED) != 0) {
                sackedOut--;
                continue;
            }
            if ((f & SentSegments.LOST) != 0) {
                lostOut--;
            }
            if ((f & SentSegments.RETRANSMITTED) != 0) {
                retransmittedOut--;
            }
            delivered(slot);
            rate.onDelivered(segments, slot, now);
            delivered++;
        }
        if (top1 < to) {
            top1 = top2 = top3 = -1;
        } else if (top2 < to) {
            top2 = top3 = -1;
        } else if (top3 < to) {
            top3 = -1;
        }
        return delivered;
    }

    /**
     * Records that {@code segment} (outstanding) was received out of order.
     *
     * @return true if this is news
     */
    boolean sack(long segment, DeliveryRate rate, long now) {
        int slot = segments.slot(segment);
        byte f = segments.flags[slot];
        if ((f & SentSegments.SACKED) != 0) {
            return false;
        }
        if ((f & SentSegments.LOST) != 0) {
            lostOut--;
        }
        if ((f & SentSegments.RETRANSMITTED) != 0) {
            retransmittedOut--;
        }
        segments.flags[slot] = (byte) ((f | SentSegments.SACKED) & ~(SentSegments.LOST | SentSegments.RETRANSMITTED));
        sackedOut++;
        if (segment > top1) {
            top3 = top2;
            top2 = top1;
            top1 = segment;
        } else if (segment > top2) {
            top3 = top2;
            top2 = segment;
        } else if (segment > top3) {
            top3 = segment;
        }
        delivered(slot);
        rate.onDelivered(segments, slot, now);
        return true;
    }

    private void delivered(int slot) {
        long sent = segments.sendTime[slot];
        if (sent > latestDeliveredSend) {
            latestDeliveredSend = sent;
        }
    }

    /**
     * Finds retransmissions sent before the latest delivered segment: they were dropped, so their
     * segments are lost again and go back to the retransmission queue. Retransmissions are kept
     * in send-time order, so each is examined once.
     */
    void detectLostRetransmissions(long sndUna) {
        byte[] flags = segments.flags;
        long[] sendTime = segments.sendTime;
        while (!retransmissions.isEmpty() && retransmissions.headTime() < latestDeliveredSend) {
            long s = retransmissions.headA();
            long sent = retransmissions.headTime();
            retransmissions.pop();
            if (s < sndUna) {
                continue;
            }
            int slot = segments.slot(s);
            // Skip entries whose segment was SACKed or retransmitted again since.
            if ((flags[slot] & SentSegments.RETRANSMITTED) != 0 && sendTime[slot] == sent) {
                flags[slot] &= (byte) ~SentSegments.RETRANSMITTED;
                retransmittedOut--;
                if (s < retransmitHint) {
                    retransmitHint = s;
                }
            }
        }
    }

    /** Whether {@code segment} is lost by the RFC 6675 rule (three SACKed segments above it). */
    boolean isLost(long segment) {
        return top3 > segment && (segments.flags[segments.slot(segment)] & SentSegments.SACKED) == 0;
    }

    /**
     * Marks as lost every segment from {@code sndUna} to the third-highest SACKed one.
     *
     * @return segments newly marked lost
     */
    int markLost(long sndUna) {
        if (top3 < 0) {
            return 0;
        }
        long from = Math.max(lostMarked, sndUna);
        int marked = 0;
        byte[] flags = segments.flags;
        for (long s = from; s < top3; s++) {
            int slot = segments.slot(s);
            if ((flags[slot] & (SentSegments.SACKED | SentSegments.LOST)) == 0) {
                flags[slot] |= SentSegments.LOST;
                lostOut++;
                marked++;
            }
        }
        if (top3 > lostMarked) {
            lostMarked = top3;
        }
        return marked;
    }

    /** After a timeout: every segment not SACKed is lost, no retransmission is in flight. */
    void markAllLost(long sndUna, long end) {
        byte[] flags = segments.flags;
        for (long s = sndUna; s < end; s++) {
            int slot = segments.slot(s);
            byte f = flags[slot];
            if ((f & SentSegments.SACKED) != 0) {
                continue;
            }
            if ((f & SentSegments.LOST) == 0) {
                lostOut++;
            }
            flags[slot] = (byte) ((f | SentSegments.LOST) & ~SentSegments.RETRANSMITTED);
        }
        retransmittedOut = 0;
        retransmissions.clear();
        lostMarked = Math.max(lostMarked, end);
        retransmitHint = sndUna;
    }

    /** Without SACK (NewReno recovery after a timeout): forgets what was reported. */
    void forgetSacks(long sndUna, long end) {
        byte[] flags = segments.flags;
        for (long s = sndUna; s < end; s++) {
            flags[segments.slot(s)] &= (byte) ~SentSegments.SACKED;
        }
        sackedOut = 0;
        top1 = top2 = top3 = -1;
    }

    /** The first lost segment not yet retransmitted, or -1 (RFC 6675 NextSeg rule 1). */
    long nextLost(long sndUna) {
        if (lostOut == 0) {
            return -1;
        }
        long s = Math.max(retransmitHint, sndUna);
        byte[] flags = segments.flags;
        for (; s < lostMarked; s++) {
            byte f = flags[segments.slot(s)];
            if ((f & SentSegments.LOST) != 0 && (f & SentSegments.RETRANSMITTED) == 0) {
                retransmitHint = s;
                return s;
            }
        }
        retransmitHint = s;
        return -1;
    }

    /** Records a retransmission of {@code segment} at {@code time}, before it is sent. */
    void onRetransmit(long segment, long time) {
        int slot = segments.slot(segment);
        if ((segments.flags[slot] & SentSegments.RETRANSMITTED) == 0) {
            segments.flags[slot] |= SentSegments.RETRANSMITTED;
            retransmittedOut++;
        }
        retransmissions.push(time, segment, 0, 0);
    }

    /** Linux's packets in flight: outstanding − SACKed − lost + retransmitted. */
    long inFlight(long outstanding) {
        return Math.max(0, outstanding - sackedOut - lostOut + retransmittedOut);
    }

    boolean enoughForFastRetransmit() {
        return sackedOut >= DUP_THRESH;
    }
}
