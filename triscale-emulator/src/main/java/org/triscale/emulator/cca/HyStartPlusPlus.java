package org.triscale.emulator.cca;

/**
 * HyStart++ (RFC 9406): leaves slow start when the minimum RTT of a round grows by a threshold
 * over the previous round's, then grows a quarter as fast (conservative slow start) for up to
 * five rounds before congestion avoidance. Used only for the first slow start of a connection.
 */
final class HyStartPlusPlus {
    private static final long MIN_RTT_THRESH = 4_000_000L;
    private static final long MAX_RTT_THRESH = 16_000_000L;
    private static final int MIN_RTT_DIVISOR = 8;
    private static final int N_RTT_SAMPLE = 8;
    private static final double CSS_GROWTH_DIVISOR = 4;
    private static final int CSS_ROUNDS = 5;

    /** Returned by {@link #increase} when slow start is over. */
    static final double EXIT = -1;

    private long windowEnd = -1;
    private long lastRoundMinRtt = Long.MAX_VALUE;
    private long currentRoundMinRtt = Long.MAX_VALUE;
    private int rttSampleCount;
    private boolean inCss;
    private long cssBaselineMinRtt = Long.MAX_VALUE;
    private int cssRounds;

    /**
     * The window increase for this ACK during slow start, or {@link #EXIT} when conservative slow
     * start has run its rounds and the caller should set ssthresh to cwnd.
     */
    double increase(Connection c, int acked) {
        if (c.sndUna() >= windowEnd) {
            windowEnd = c.sndNxt();
            lastRoundMinRtt = currentRoundMinRtt;
            currentRoundMinRtt = Long.MAX_VALUE;
            rttSampleCount = 0;
            if (inCss && ++cssRounds >= CSS_ROUNDS) {
                return EXIT;
            }
        }
        long rtt = c.rttNanos();
        if (rtt >= 0) {
            currentRoundMinRtt = Math.min(currentRoundMinRtt, rtt);
            rttSampleCount++;
        }
        boolean enoughSamples = rttSampleCount >= N_RTT_SAMPLE && currentRoundMinRtt != Long.MAX_VALUE;
        if (!inCss) {
            if (enoughSamples && lastRoundMinRtt != Long.MAX_VALUE) {
                long threshold = Math.max(MIN_RTT_THRESH, Math.min(lastRoundMinRtt / MIN_RTT_DIVISOR, MAX_RTT_THRESH));
                if (currentRoundMinRtt >= lastRoundMinRtt + threshold) {
                    cssBaselineMinRtt = currentRoundMinRtt;
                    inCss = true;
                    cssRounds = 0;
                }
            }
            return acked;
        }
        if (enoughSamples && currentRoundMinRtt < cssBaselineMinRtt) {
            // The RTT increase was spurious: back to standard slow start.
            cssBaselineMinRtt = Long.MAX_VALUE;
            inCss = false;
            return acked;
        }
        return acked / CSS_GROWTH_DIVISOR;
    }
}
