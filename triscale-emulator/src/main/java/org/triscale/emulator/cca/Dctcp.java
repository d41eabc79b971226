package org.triscale.emulator.cca;

import org.apiguardian.api.API;

/**
 * DCTCP (Alizadeh et al., SIGCOMM 2010; RFC 8257): ECN-capable Reno whose reaction to marks is
 * proportional to their extent. Once per window of data it updates
 * {@code alpha ← (1 − g) alpha + g F}, with {@code F} the fraction of delivered segments whose
 * ACK echoed a mark and {@code g = 1/16}; on an echoed mark it sets
 * {@code cwnd ← cwnd (1 − alpha/2)}, at most once per window. Losses halve the window.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Dctcp extends RenoBased {
    private final MarkedFraction markedFraction;
    /** A defect for {@link CcaMutant}: every reduction cuts by half, whatever alpha says. */
    private final boolean ignoresAlpha;

    private long cwrEnd = -1;

    /** DCTCP with g = 1/16 and the initial alpha of 1 (Linux's default). */
    public Dctcp() {
        this(1.0 / 16);
    }

    /**
     * DCTCP with another estimation gain.
     *
     * @param g the gain of the alpha estimator, in (0, 1]
     * @throws IllegalArgumentException if {@code g} is outside (0, 1]
     */
    public Dctcp(double g) {
        this(g, false);
    }

    /** DCTCP that may ignore its alpha, a defect of {@link CcaMutant}. */
    Dctcp(double g, boolean ignoresAlpha) {
        this.markedFraction = new MarkedFraction(g);
        this.ignoresAlpha = ignoresAlpha;
    }

    @Override
    public void onAck(Connection c) {
        markedFraction.onAck(c);
        boolean inCwr = c.sndUna() < cwrEnd;
        if (c.inRecovery()) {
            return;
        }
        if (c.ecnEcho() && !inCwr) {
            double alpha = ignoresAlpha ? 1 : markedFraction.alpha();
            cwnd = Math.max(cwnd * (1 - alpha / 2), 2);
            ssthresh = cwnd;
            cwrEnd = c.sndNxt();
            return;
        }
        if (!inCwr && c.ackedPackets() > 0) {
            cwnd = RenoWindow.grow(cwnd, ssthresh, c.ackedPackets());
        }
    }

    @Override
    public boolean ecnCapable() {
        return true;
    }

    /**
     * The current estimate of the fraction of marked packets.
     *
     * @return alpha in [0, 1]
     */
    public double alpha() {
        return markedFraction.alpha();
    }
}
