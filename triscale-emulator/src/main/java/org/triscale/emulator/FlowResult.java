package org.triscale.emulator;

import org.apiguardian.api.API;

/**
 * The outcome of one flow of a run.
 *
 * <p>The numbers come in named parts ({@link Transfer}, {@link Packets}, {@link Rtt}); the flat
 * accessors ({@link #fctMillis()}, {@link #goodputMbps()}, {@link #retransmissions()}, ...) read
 * the same values from their part.
 *
 * @param id       flow id: individual flows first in scenario order, then workload flows in
 *                 arrival order
 * @param label    the flow's label ({@code flow-<id>} or {@code fct-<workload>-<n>} by default)
 * @param cca      name of its congestion-control algorithm
 * @param kind     an individual flow or a flow of an FCT workload
 * @param transfer when it started, what it had to send, what it delivered and how fast
 * @param packets  what the sender sent and how it recovered from losses
 * @param rtt      the path's base RTT and the RTTs the sender measured
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record FlowResult(int id, String label, String cca, Kind kind, Transfer transfer, Packets packets, Rtt rtt) {

    /**
     * What a flow had to send and what it delivered.
     *
     * @param startSeconds   start time
     * @param sizeBytes      payload size, or -1 for a flow that sends until the run ends
     * @param completed      whether every byte was acknowledged before the run ended
     * @param fctMillis      flow completion time (start to last ACK), or NaN if not completed
     * @param deliveredBytes payload bytes acknowledged cumulatively
     * @param goodputMbps    delivered payload over the flow's active time (start to completion or
     *                       end of run)
     * @since 0.3.0
     */
    public record Transfer(double startSeconds, long sizeBytes, boolean completed, double fctMillis,
                           long deliveredBytes, double goodputMbps) {
    }

    /**
     * What the sender sent and how it recovered.
     *
     * @param sent            data packets sent, retransmissions included
     * @param retransmissions data packets sent again
     * @param timeouts        retransmission timeouts
     * @param fastRecoveries  fast retransmit and recovery episodes
     * @since 0.3.0
     */
    public record Packets(long sent, long retransmissions, int timeouts, int fastRecoveries) {
    }

    /**
     * The flow's round-trip times, in ms.
     *
     * @param baseMillis     base round-trip time (twice the one-way propagation delay)
     * @param minMillis      smallest RTT measured, or NaN without a sample
     * @param smoothedMillis smoothed RTT at the end, or NaN without a sample
     * @since 0.3.0
     */
    public record Rtt(double baseMillis, double minMillis, double smoothedMillis) {
    }

    /** @return base round-trip time in ms ({@link Rtt#baseMillis()}) */
    public double baseRttMillis() {
        return rtt.baseMillis();
    }

    /** @return start time in s ({@link Transfer#startSeconds()}) */
    public double startSeconds() {
        return transfer.startSeconds();
    }

    /** @return payload size, or -1 for a flow that sends until the run ends ({@link Transfer#sizeBytes()}) */
    public long sizeBytes() {
        return transfer.sizeBytes();
    }

    /** @return whether every byte was acknowledged before the run ended ({@link Transfer#completed()}) */
    public boolean completed() {
        return transfer.completed();
    }

    /** @return flow completion time in ms, or NaN if not completed ({@link Transfer#fctMillis()}) */
    public double fctMillis() {
        return transfer.fctMillis();
    }

    /** @return payload bytes acknowledged cumulatively ({@link Transfer#deliveredBytes()}) */
    public long deliveredBytes() {
        return transfer.deliveredBytes();
    }

    /** @return goodput in Mbit/s over the flow's active time ({@link Transfer#goodputMbps()}) */
    public double goodputMbps() {
        return transfer.goodputMbps();
    }

    /** @return data packets sent, retransmissions included ({@link Packets#sent()}) */
    public long packetsSent() {
        return packets.sent();
    }

    /** @return data packets sent again ({@link Packets#retransmissions()}) */
    public long retransmissions() {
        return packets.retransmissions();
    }

    /** @return retransmission timeouts ({@link Packets#timeouts()}) */
    public int timeouts() {
        return packets.timeouts();
    }

    /** @return fast retransmit and recovery episodes ({@link Packets#fastRecoveries()}) */
    public int fastRecoveries() {
        return packets.fastRecoveries();
    }

    /** @return smallest RTT measured in ms, or NaN without a sample ({@link Rtt#minMillis()}) */
    public double minRttMillis() {
        return rtt.minMillis();
    }

    /** @return smoothed RTT at the end in ms, or NaN without a sample ({@link Rtt#smoothedMillis()}) */
    public double srttMillis() {
        return rtt.smoothedMillis();
    }

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
        return transfer.sizeBytes() < 0;
    }
}
