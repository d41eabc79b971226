package org.triscale.emulator.cca;

/**
 * Classic HyStart (Ha and Rhee 2011), as Linux's CUBIC runs it by default: from a window of 16
 * segments on, slow start ends when the ACKs of a round keep arriving closely spaced (within 2 ms
 * of each other) for longer than half the minimum RTT (the ACK train has filled the path), or when
 * the minimum of a round's first eight RTT samples exceeds the smallest RTT seen by
 * {@code clamp(minRtt / 8, 4 ms, 16 ms)}.
 */
final class HyStart {
    private static final double LOW_WINDOW = 16;
    private static final long ACK_DELTA = 2_000_000L;
    private static final int MIN_SAMPLES = 8;
    private static final long MIN_DELAY_THRESH = 4_000_000L;
    private static final long MAX_DELAY_THRESH = 16_000_000L;

    private long windowEnd = -1;
    private long roundStart;
    private long lastAck;
    private long currentRoundMinRtt = Long.MAX_VALUE;
    private int samples;

    /** Whether slow start should end at this ACK. */
    boolean exit(Connection c, double cwnd) {
        long now = c.now();
        if (c.sndUna() >= windowEnd) {
            windowEnd = c.sndNxt();
            roundStart = now;
            lastAck = now;
            currentRoundMinRtt = Long.MAX_VALUE;
            samples = 0;
        }
        if (cwnd < LOW_WINDOW) {
            return false;
        }
        long minRtt = c.minRttNanos();
        if (minRtt == Long.MAX_VALUE) {
            return false;
        }
        if (now - lastAck <= ACK_DELTA) {
            lastAck = now;
            if (now - roundStart > minRtt / 2) {
                return true;
            }
        }
        long rtt = c.rttNanos();
        if (rtt >= 0 && samples < MIN_SAMPLES) {
            currentRoundMinRtt = Math.min(currentRoundMinRtt, rtt);
            if (++samples == MIN_SAMPLES) {
                long threshold = Math.max(MIN_DELAY_THRESH, Math.min(minRtt / 8, MAX_DELAY_THRESH));
                return currentRoundMinRtt >= minRtt + threshold;
            }
        }
        return false;
    }
}
