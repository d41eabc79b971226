package org.triscale.emulator;

import org.apiguardian.api.API;

/**
 * What happened at the bottleneck during a run.
 *
 * @param packetsForwarded        data packets accepted into the buffer
 * @param bufferDrops             data packets refused on arrival: the buffer was full, or an AQM
 *                                that decides at enqueue (RED, PIE) dropped them
 * @param queueDrops              data packets an AQM dropped after accepting them (CoDel, FQ-CoDel
 *                                and DualPI2 at dequeue, FQ-CoDel's overflow from the fattest flow)
 * @param randomDrops             data packets dropped by the random-loss process
 * @param ecnMarks                packets marked congestion-experienced
 * @param utilisation             fraction of the run's time the link was transmitting, in [0, 1]
 * @param meanQueueingDelayMillis mean time a transmitted packet waited before its transmission
 * @param maxQueuePackets         largest number of packets in the buffer, the one on the wire included
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record LinkStats(long packetsForwarded, long bufferDrops, long queueDrops, long randomDrops, long ecnMarks,
                        double utilisation, double meanQueueingDelayMillis, int maxQueuePackets) {

    /**
     * All dropped packets.
     *
     * @return buffer, queue and random drops
     */
    public long drops() {
        return bufferDrops + queueDrops + randomDrops;
    }
}
