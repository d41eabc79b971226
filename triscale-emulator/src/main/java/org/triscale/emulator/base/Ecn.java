package org.triscale.emulator.base;

import org.apiguardian.api.API;

/**
 * The ECN field of a data packet (RFC 3168, RFC 9331). Classic ECN senders send {@link #ECT_0};
 * L4S (scalable) senders such as TCP Prague send {@link #ECT_1}, which an L4S-aware queue such as
 * DualPI2 classifies into its low-latency queue; a queue replaces ECT by {@link #CE} instead of
 * dropping the packet.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum Ecn {
    /** Not ECN-capable: a queue can only drop the packet. */
    NOT_ECT,
    /** ECN-capable, classic (RFC 3168) congestion response. */
    ECT_0,
    /** ECN-capable, scalable (L4S, RFC 9331) congestion response. */
    ECT_1,
    /** Congestion experienced: marked by a queue. */
    CE;

    /**
     * Whether a queue may mark the packet instead of dropping it.
     *
     * @return true for ECT(0), ECT(1) and CE
     */
    public boolean capable() {
        return this != NOT_ECT;
    }

    /**
     * Whether the packet belongs to the L4S service (RFC 9331 §5.1: ECT(1) or CE).
     *
     * @return true for ECT(1) and CE
     */
    public boolean l4s() {
        return this == ECT_1 || this == CE;
    }
}
