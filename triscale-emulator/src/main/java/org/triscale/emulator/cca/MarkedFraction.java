package org.triscale.emulator.cca;

import org.apiguardian.api.API;

/**
 * DCTCP's estimate of the fraction of packets that met congestion (Alizadeh et al., SIGCOMM 2010;
 * RFC 8257, section 3.3), shared by {@link Dctcp} and {@link Prague}: once per window of data,
 * {@code alpha ← (1 − g) alpha + g F}, with {@code F} the fraction of the window's delivered
 * segments whose ACK echoed a mark. It starts at 1, as Linux's DCTCP does.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class MarkedFraction {
    private final double g;
    private double alpha = 1;
    private long observed;
    private long marked;
    private long windowEnd;

    /**
     * An estimator with gain {@code g}.
     *
     * @param g the gain, in (0, 1]
     * @throws IllegalArgumentException if {@code g} is outside (0, 1]
     */
    public MarkedFraction(double g) {
        if (!(g > 0 && g <= 1)) {
            throw new IllegalArgumentException("the gain g of the marked fraction must be in (0, 1], got " + g);
        }
        this.g = g;
    }

    /**
     * Counts the segments this ACK delivered, and updates the estimate when the window that was in
     * flight at the last update is fully acknowledged.
     *
     * @param c the connection, at the ACK
     * @return true if the estimate was updated (a round of data ended)
     */
    public boolean onAck(Connection c) {
        int delivered = c.deliveredPackets();
        observed += delivered;
        if (c.ecnEcho()) {
            marked += delivered;
        }
        if (c.sndUna() >= windowEnd && observed > 0) {
            alpha = (1 - g) * alpha + g * marked / (double) observed;
            observed = 0;
            marked = 0;
            windowEnd = c.sndNxt();
            return true;
        }
        return false;
    }

    /**
     * The current estimate.
     *
     * @return alpha in [0, 1]
     */
    public double alpha() {
        return alpha;
    }
}
