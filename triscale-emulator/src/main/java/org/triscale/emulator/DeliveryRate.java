package org.triscale.emulator;

/**
 * Delivery-rate estimation (Cheng, Cardwell, Hassas Yeganeh and Jacobson,
 * draft-cheng-iccrg-delivery-rate-estimation): each sent segment remembers how much had been
 * delivered, and when; an ACK's rate sample divides the segments delivered since the newest
 * acknowledged segment was sent by the longer of its send and ACK intervals.
 */
final class DeliveryRate {
    long delivered;
    private long deliveredTime;
    private long firstSentTime;
    /** Non-zero while application-limited: the delivered count at which that phase ends. */
    private long appLimitedUntil;

    private long priorDelivered = -1;
    private boolean sampleAppLimited;
    private long sendElapsed;
    private long ackElapsed;
    private double rate = Double.NaN;

    void onSend(SentSegments s, int slot, long now, long inFlight) {
        if (inFlight == 0) {
            firstSentTime = now;
            deliveredTime = now;
        }
        s.sendTime[slot] = now;
        s.deliveredAtSend[slot] = delivered;
        s.deliveredTimeAtSend[slot] = deliveredTime;
        s.firstSentAtSend[slot] = firstSentTime;
        if (appLimitedUntil != 0) {
            s.flags[slot] |= SentSegments.APP_LIMITED;
        } else {
            s.flags[slot] &= (byte) ~SentSegments.APP_LIMITED;
        }
    }

    void beginAck() {
        priorDelivered = -1;
        rate = Double.NaN;
    }

    void onDelivered(SentSegments s, int slot, long now) {
        delivered++;
        deliveredTime = now;
        long atSend = s.deliveredAtSend[slot];
        if (atSend >= priorDelivered) {
            priorDelivered = atSend;
            sampleAppLimited = (s.flags[slot] & SentSegments.APP_LIMITED) != 0;
            sendElapsed = s.sendTime[slot] - s.firstSentAtSend[slot];
            ackElapsed = now - s.deliveredTimeAtSend[slot];
            firstSentTime = s.sendTime[slot];
        }
    }

    void finishAck(long minRtt) {
        if (appLimitedUntil != 0 && delivered > appLimitedUntil) {
            appLimitedUntil = 0;
        }
        if (priorDelivered < 0) {
            return;
        }
        long interval = Math.max(sendElapsed, ackElapsed);
        // Intervals shorter than the minimum RTT come from ACK compression; the draft discards them.
        if (interval <= 0 || (minRtt != Long.MAX_VALUE && interval < minRtt)) {
            return;
        }
        rate = (delivered - priorDelivered) * 1e9 / interval;
    }

    void markAppLimited(long inFlight) {
        appLimitedUntil = Math.max(delivered + inFlight, 1);
    }

    long priorDelivered() {
        return priorDelivered;
    }

    boolean sampleAppLimited() {
        return sampleAppLimited;
    }

    double rate() {
        return rate;
    }
}
