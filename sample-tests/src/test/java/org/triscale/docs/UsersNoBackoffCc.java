package org.triscale.docs;

import org.triscale.emulator.cca.CongestionControl;
import org.triscale.emulator.cca.Connection;

/**
 * A user's own congestion control, written against the public {@link CongestionControl} interface
 * only, with the classic bug: Reno's slow start and additive increase, but no multiplicative
 * decrease on loss (fast retransmit) and none on a timeout either.
 */
final class UsersNoBackoffCc implements CongestionControl {
    private double cwnd;
    private double ssthresh = Double.POSITIVE_INFINITY;

    @Override
    public void init(Connection c) {
        cwnd = c.initialWindow();
    }

    @Override
    public void onAck(Connection c) {
        int acked = c.ackedPackets();
        if (c.inRecovery() || acked == 0) {
            return;
        }
        cwnd += cwnd < ssthresh ? acked : (double) acked / cwnd;
    }

    @Override
    public void onEnterRecovery(Connection c) {
        // The bug: ssthresh = cwnd = flight / 2 is missing.
        ssthresh = cwnd;
    }

    @Override
    public void onRto(Connection c) {
        ssthresh = cwnd;
    }

    @Override
    public double cwnd() {
        return cwnd;
    }
}
