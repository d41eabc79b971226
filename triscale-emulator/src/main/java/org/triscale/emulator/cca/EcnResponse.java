package org.triscale.emulator.cca;

import org.apiguardian.api.API;

/**
 * The classic ECN response of RFC 3168 §6.1.2 for your own {@link CongestionControl}: react to
 * an echoed mark as to a loss, but at most once per round trip, and do not grow the window until
 * the data outstanding at the reduction is acknowledged (the sender's CWR state). The emulator's
 * receivers echo every CE mark on the ACK of the marked segment (accurate feedback, as DCTCP's
 * and AccECN's receivers do); a classic sender that reacts to the first echo of a round trip
 * behaves as with RFC 3168's ECE-until-CWR signalling.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class EcnResponse {
    private long cwrEnd = -1;

    /** A response with no reduction yet. */
    public EcnResponse() {
        // state set by reduceNow
    }

    /**
     * Whether this ACK should trigger a window reduction: it echoes a mark, the sender is not in
     * loss recovery, and no reduction happened in the current round trip. A true answer starts
     * the CWR state, which ends when everything sent so far is acknowledged.
     *
     * @param c the connection, with the current ACK
     * @return true to reduce the window now
     */
    public boolean reduceNow(Connection c) {
        if (!c.ecnEcho() || c.inRecovery() || inCwr(c)) {
            return false;
        }
        cwrEnd = c.sndNxt();
        return true;
    }

    /**
     * Whether the sender is in the CWR state (within one round trip of the last reduction); the
     * window should not grow then.
     *
     * @param c the connection
     * @return true while data sent before the last reduction is outstanding
     */
    public boolean inCwr(Connection c) {
        return c.sndUna() < cwrEnd;
    }
}
