package org.triscale.emulator;

import org.apiguardian.api.API;

/**
 * The outcome of one flow of a run.
 *
 * @param id               flow id: individual flows first in scenario order, then workload flows
 *                         in arrival order
 * @param label            the flow's label ({@code flow-<id>} or {@code fct-<workload>-<n>} by default)
 * @param cca              name of its congestion-control algorithm
 * @param kind             an individual flow or a flow of an FCT workload
 * @param baseRttMillis    base round-trip time (twice the one-way propagation delay)
 * @param startSeconds     start time
 * @param sizeBytes        payload size, or -1 for a flow that sends until the run ends
 * @param completed        whether every byte was acknowledged before the run ended
 * @param fctMillis        flow completion time (start to last ACK), or NaN if not completed
 * @param deliveredBytes   payload bytes acknowledged cumulatively
 * @param goodputMbps      delivered payload over the flow's active time (start to completion or
 *                         end of run)
 * @param packetsSent      data packets sent, retransmissions included
 * @param retransmissions  data packets sent again
 * @param timeouts         retransmission timeouts
 * @param fastRecoveries   fast retransmit and recovery episodes
 * @param minRttMillis     smallest RTT measured, or NaN without a sample
 * @param srttMillis       smoothed RTT at the end, or NaN without a sample
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record FlowResult(int id, String label, String cca, Kind kind, double baseRttMillis, double startSeconds,
                         long sizeBytes, boolean completed, double fctMillis, long deliveredBytes,
                         double goodputMbps, long packetsSent, long retransmissions, int timeouts,
                         int fastRecoveries, double minRttMillis, double srttMillis) {

    /** Where a flow comes from. */
    public enum Kind {
        /** A flow given with {@code Scenario.Builder.flow}. */
        INDIVIDUAL,
        /** A flow of an FCT workload. */
        WORKLOAD
    }

    /**
     * Whether the flow sends until the run ends.
     *
     * @return true for an unlimited (bulk) flow
     */
    public boolean unlimited() {
        return sizeBytes < 0;
    }
}
