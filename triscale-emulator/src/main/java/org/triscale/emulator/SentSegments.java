package org.triscale.emulator;

/**
 * Per-segment state of the segments a sender has outstanding, in a ring indexed by segment
 * number: the last send time, the delivery-rate snapshot taken at that send, and flags.
 */
final class SentSegments {
    /** Reported received by an ACK (cumulatively or as the ACK's out-of-order segment). */
    static final byte SACKED = 1;
    /** Sent while the sender was application-limited. */
    static final byte APP_LIMITED = 2;
    /** Considered lost by the scoreboard. */
    static final byte LOST = 4;
    /** Retransmitted and not yet SACKed. */
    static final byte RETRANSMITTED = 8;

    long[] sendTime = new long[64];
    long[] deliveredAtSend = new long[64];
    long[] deliveredTimeAtSend = new long[64];
    long[] firstSentAtSend = new long[64];
    byte[] flags = new byte[64];
    private int mask = 63;

    int slot(long segment) {
        return (int) segment & mask;
    }

    /**
     * Makes room for segments {@code [oldest, end)}, keeping the state of {@code [oldest, end − 1)};
     * the last one is about to be sent for the first time.
     */
    void ensureCapacity(long oldest, long end) {
        long needed = end - oldest;
        if (needed <= mask + 1) {
            return;
        }
        int capacity = mask + 1;
        while (capacity < needed) {
            capacity *= 2;
        }
        int newMask = capacity - 1;
        long[] st = new long[capacity];
        long[] d = new long[capacity];
        long[] dt = new long[capacity];
        long[] fs = new long[capacity];
        byte[] fl = new byte[capacity];
        for (long s = oldest; s < end - 1; s++) {
            int from = (int) s & mask;
            int to = (int) s & newMask;
            st[to] = sendTime[from];
            d[to] = deliveredAtSend[from];
            dt[to] = deliveredTimeAtSend[from];
            fs[to] = firstSentAtSend[from];
            fl[to] = flags[from];
        }
        sendTime = st;
        deliveredAtSend = d;
        deliveredTimeAtSend = dt;
        firstSentAtSend = fs;
        flags = fl;
        mask = newMask;
    }
}
