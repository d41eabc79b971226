package org.triscale.emulator.cca;

import org.apiguardian.api.API;

/**
 * Slow start, additive increase and multiplicative decrease of RFC 5681, shared by the
 * Reno-based algorithms and meant for your own: a {@link CongestionControl} that only changes how
 * it reacts to congestion can grow its window with {@link #grow} and halve it with
 * {@link #halfFlight}, as {@link NewReno} does.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class RenoWindow {
    /** RFC 3465's limit L on the slow-start increase per ACK, in segments. */
    public static final int SLOW_START_LIMIT = 2;

    private RenoWindow() {
    }

    /**
     * Grows {@code cwnd} for {@code acked} newly acknowledged segments: below {@code ssthresh} by
     * one segment per ACKed segment but at most {@link #SLOW_START_LIMIT} per ACK (appropriate
     * byte counting, RFC 3465), then by {@code acked / cwnd} (one segment per window); the part of
     * {@code acked} left after reaching {@code ssthresh} goes to congestion avoidance.
     *
     * @param cwnd     the window, in segments
     * @param ssthresh the slow-start threshold, in segments (infinite before the first reduction)
     * @param acked    segments newly acknowledged by this ACK ({@link Connection#ackedPackets()})
     * @return the new window, in segments
     */
    public static double grow(double cwnd, double ssthresh, int acked) {
        double remaining = acked;
        if (cwnd < ssthresh) {
            double increase = Math.min(remaining, SLOW_START_LIMIT);
            double room = ssthresh - cwnd;
            if (increase <= room) {
                return cwnd + increase;
            }
            cwnd = ssthresh;
            remaining -= room;
        }
        return cwnd + remaining / cwnd;
    }

    /**
     * RFC 5681 equation (4): half the flight size, at least two segments. The flight size is
     * capped by the window because SACK recovery may leave far more segments outstanding than in
     * flight (Linux halves the window).
     *
     * @param c    the connection
     * @param cwnd the window before the reduction, in segments
     * @return the new slow-start threshold, in segments
     */
    public static double halfFlight(Connection c, double cwnd) {
        return Math.max(Math.min(c.flightSize(), cwnd) / 2.0, 2.0);
    }
}
