package org.triscale.emulator.cca;

import org.apiguardian.api.API;

/**
 * TCP Vegas (Brakmo and Peterson, IEEE JSAC 1995), as Linux runs it: once per round trip it
 * estimates the packets it keeps queued, {@code diff = cwnd (rtt − baseRtt) / baseRtt} with
 * {@code rtt} the round's minimum RTT, and adds one segment when {@code diff < alpha}, removes
 * one when {@code diff > beta}; slow start ends when {@code diff > gamma}. Rounds with fewer than
 * three RTT samples, and losses, fall back to Reno.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Vegas extends RenoBased {
    private final double alpha;
    private final double beta;
    private final double gamma;

    private long baseRtt = Long.MAX_VALUE;
    private long roundMinRtt = Long.MAX_VALUE;
    private int roundSamples;
    private long roundEnd;

    /** Vegas with Linux's defaults: alpha = 2, beta = 4, gamma = 1 packets. */
    public Vegas() {
        this(2, 4, 1);
    }

    /**
     * Vegas with the given thresholds.
     *
     * @param alpha grow when fewer packets than this are queued, &gt; 0
     * @param beta  shrink when more packets than this are queued, &gt;= alpha
     * @param gamma leave slow start when more packets than this are queued, &gt; 0
     * @throws IllegalArgumentException if the thresholds are not ordered or not positive
     */
    public Vegas(double alpha, double beta, double gamma) {
        if (!(alpha > 0) || !(beta >= alpha) || !(gamma > 0) || beta == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("vegas needs 0 < alpha <= beta (finite) and gamma > 0, got alpha="
                    + alpha + ", beta=" + beta + ", gamma=" + gamma);
        }
        this.alpha = alpha;
        this.beta = beta;
        this.gamma = gamma;
    }

    @Override
    public void onAck(Connection c) {
        long rtt = c.rttNanos();
        if (rtt >= 0) {
            baseRtt = Math.min(baseRtt, rtt);
            roundMinRtt = Math.min(roundMinRtt, rtt);
            roundSamples++;
        }
        int acked = c.ackedPackets();
        if (c.inRecovery() || acked == 0) {
            return;
        }
        if (c.sndUna() >= roundEnd) {
            roundEnd = c.sndNxt();
            adjustOncePerRound(acked);
            roundSamples = 0;
            roundMinRtt = Long.MAX_VALUE;
        } else if (cwnd < ssthresh) {
            cwnd = RenoWindow.grow(cwnd, ssthresh, acked);
        }
    }

    private void adjustOncePerRound(int acked) {
        if (roundSamples <= 2) {
            cwnd = RenoWindow.grow(cwnd, ssthresh, acked);
            return;
        }
        double rtt = roundMinRtt;
        double diff = cwnd * (rtt - baseRtt) / baseRtt;
        if (cwnd < ssthresh) {
            if (diff > gamma) {
                double target = cwnd * baseRtt / rtt;
                cwnd = Math.min(cwnd, target + 1);
                ssthresh = Math.min(ssthresh, Math.max(cwnd - 1, 2));
            } else {
                cwnd = RenoWindow.grow(cwnd, ssthresh, acked);
            }
        } else if (diff > beta) {
            cwnd -= 1;
            ssthresh = Math.min(ssthresh, Math.max(cwnd - 1, 2));
        } else if (diff < alpha) {
            cwnd += 1;
        }
        cwnd = Math.max(cwnd, 2);
    }
}
