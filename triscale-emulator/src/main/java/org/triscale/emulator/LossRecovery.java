package org.triscale.emulator;

import org.apiguardian.api.API;

/**
 * How senders detect and repair losses. Both use fast retransmit after three duplicate ACKs
 * (RFC 5681) and the retransmission timer (RFC 6298).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum LossRecovery {
    /**
     * SACK-based recovery (RFC 6675), the default of Linux and ns-3: a segment with three SACKed
     * segments above it is lost, the sender keeps its estimate of the packets in flight
     * ({@code outstanding − SACKed − lost + retransmitted}, Linux's formula) below the congestion
     * window, retransmitting lost segments first, and repairs many losses per round trip. After a
     * timeout every segment not SACKed is retransmitted. The emulated receiver reports exactly the
     * segment each ACK is for, which is what SACK blocks tell a sender when no ACK is lost.
     */
    SACK,
    /**
     * NewReno recovery without SACK (RFC 6582): window inflation by duplicate ACKs, one
     * retransmission per partial ACK (one loss repaired per round trip), the retransmission timer
     * reset on the first partial ACK only, and go-back-N after a timeout. Meant for the Reno
     * family: with many losses per window it ends in timeouts (the known weakness of NewReno), and
     * BBR, which Linux only runs with SACK, performs poorly with it.
     */
    NEWRENO
}
