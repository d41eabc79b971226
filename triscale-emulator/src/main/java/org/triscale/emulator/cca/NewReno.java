package org.triscale.emulator.cca;

/**
 * NewReno congestion control: slow start and congestion avoidance of RFC 5681 (one segment per
 * ACKed segment, then one segment per round trip), halving on fast retransmit, one segment after
 * a timeout. The sender adds the RFC 6582 recovery behaviour.
 */
public class NewReno implements CongestionControl {
    private double cwnd;
    private double ssthresh = Double.POSITIVE_INFINITY;

    /** A NewReno instance with an unbounded initial slow-start threshold. */
    public NewReno() {
        // state set in init
    }

    @Override
    public void init(Connection c) {
        cwnd = c.initialWindow();
    }

    @Override
    public void onAck(Connection c) {
        if (!c.inRecovery() && c.ackedPackets() > 0) {
            cwnd = RenoWindow.grow(cwnd, ssthresh, c.ackedPackets());
        }
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

    /**
     * The slow-start threshold.
     *
     * @return segments, infinite before the first loss
     */
    public double ssthresh() {
        return ssthresh;
    }
}
