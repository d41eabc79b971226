package org.triscale.emulator.cca;

import org.apiguardian.api.API;

/**
 * NewReno congestion control: slow start and congestion avoidance of RFC 5681 (one segment per
 * ACKed segment, then one segment per round trip), halving on fast retransmit, one segment after
 * a timeout, and optionally the RFC 3168 response to ECN marks (halving once per round trip). The
 * sender adds the RFC 6582 recovery behaviour.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public class NewReno extends RenoBased {
    private final boolean ecn;
    private final EcnResponse ecnResponse = new EcnResponse();

    /** A NewReno instance with an unbounded initial slow-start threshold, without ECN. */
    public NewReno() {
        this(false);
    }

    /**
     * A NewReno instance.
     *
     * @param ecn whether its packets are ECN-capable, with the RFC 3168 response to marks
     */
    public NewReno(boolean ecn) {
        this.ecn = ecn;
    }

    @Override
    public void onAck(Connection c) {
        if (ecn && ecnResponse.reduceNow(c)) {
            onEnterRecovery(c);
            return;
        }
        if (!c.inRecovery() && c.ackedPackets() > 0 && !ecnResponse.inCwr(c)) {
            cwnd = RenoWindow.grow(cwnd, ssthresh, c.ackedPackets());
        }
    }

    @Override
    public boolean ecnCapable() {
        return ecn;
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
