package org.triscale.emulator.cca;

import org.apiguardian.api.API;

/**
 * A congestion-control algorithm plugged into an emulated TCP sender. One instance serves one
 * connection. The sender does loss detection and recovery (RFC 5681 fast retransmit, RFC 6582
 * NewReno partial ACKs, RFC 6298 timeouts) and asks the algorithm for its window and pacing rate.
 *
 * <p>During fast recovery the sender inflates the algorithm's window by the duplicate ACKs
 * (RFC 5681/6582) unless {@link #ownsRecoveryWindow()} says the algorithm manages the window
 * itself (BBR does).
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public interface CongestionControl {

    /**
     * Called once before the connection sends its first segment.
     *
     * @param c the connection
     */
    void init(Connection c);

    /**
     * Called for every ACK that arrives, after the sender updated its state.
     *
     * @param c the connection, with the details of this ACK
     */
    void onAck(Connection c);

    /**
     * Called when the third duplicate ACK starts fast retransmit and recovery: reduce the window
     * (multiplicative decrease). {@link #onAck} follows for the same ACK.
     *
     * @param c the connection
     */
    void onEnterRecovery(Connection c);

    /**
     * Called when a full ACK ends fast recovery. {@link #onAck} follows for the same ACK.
     *
     * @param c the connection
     */
    default void onExitRecovery(Connection c) {
    }

    /**
     * Called when the retransmission timer expires, before the sender goes back to the oldest
     * unacknowledged segment: usually the window collapses to one segment.
     *
     * @param c the connection
     */
    void onRto(Connection c);

    /**
     * The congestion window.
     *
     * @return segments, &gt;= 1
     */
    double cwnd();

    /**
     * The pacing rate, or 0 for no pacing (send as the window allows).
     *
     * @return packets per second, or 0
     */
    default double pacingRate() {
        return 0;
    }

    /**
     * Whether the connection's packets are ECN-capable (ECT): the bottleneck then marks them
     * instead of relying on drops alone.
     *
     * @return true for ECN-capable
     */
    default boolean ecnCapable() {
        return false;
    }

    /**
     * Whether the connection's packets carry ECT(1), the L4S identifier (RFC 9331), instead of
     * ECT(0): the algorithm responds to marks in proportion to their extent (DCTCP-like), so an
     * L4S-aware queue such as DualPI2 may mark it early and often. Implies {@link #ecnCapable()}.
     *
     * @return true for a scalable (L4S) algorithm
     */
    default boolean scalable() {
        return false;
    }

    /**
     * Whether the algorithm manages its window during fast recovery itself, with the sender
     * comparing {@link #cwnd()} to {@link Connection#inFlight()} instead of inflating the window.
     *
     * @return true if the algorithm owns the recovery window
     */
    default boolean ownsRecoveryWindow() {
        return false;
    }
}
