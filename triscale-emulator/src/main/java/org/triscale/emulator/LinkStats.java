package org.triscale.emulator;

/**
 * What happened at the bottleneck during a run.
 *
 * @param packetsForwarded        data packets accepted into the buffer
 * @param bufferDrops             data packets dropped because the buffer was full
 * @param randomDrops             data packets dropped by the random-loss process
 * @param ecnMarks                packets marked congestion-experienced
 * @param utilisation             fraction of the run's time the link was transmitting, in [0, 1]
 * @param meanQueueingDelayMillis mean time an accepted packet waited before its transmission
 * @param maxQueuePackets         largest number of packets in the buffer
 */
public record LinkStats(long packetsForwarded, long bufferDrops, long randomDrops, long ecnMarks,
                        double utilisation, double meanQueueingDelayMillis, int maxQueuePackets) {

    /**
     * All dropped packets.
     *
     * @return buffer drops plus random drops
     */
    public long drops() {
        return bufferDrops + randomDrops;
    }
}
