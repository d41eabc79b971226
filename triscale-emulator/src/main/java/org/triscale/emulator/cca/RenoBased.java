package org.triscale.emulator.cca;

/**
 * The window of the Reno family, shared by {@link NewReno}, {@link Dctcp}, {@link Prague} and
 * {@link Vegas}, which differ only in how they grow it and react to marks: it starts at the
 * initial window, fast retransmit sets it to half the flight (RFC 5681 equation 4) and a timeout
 * restarts it from one segment.
 */
abstract class RenoBased implements CongestionControl {
    double cwnd;
    double ssthresh = Double.POSITIVE_INFINITY;

    @Override
    public void init(Connection c) {
        cwnd = c.initialWindow();
    }

    @Override
    public void onEnterRecovery(Connection c) {
        ssthresh = RenoWindow.halfFlight(c, cwnd);
        cwnd = ssthresh;
    }

    @Override
    public void onRto(Connection c) {
        ssthresh = RenoWindow.halfFlight(c, cwnd);
        cwnd = 1;
    }

    @Override
    public double cwnd() {
        return cwnd;
    }
}
