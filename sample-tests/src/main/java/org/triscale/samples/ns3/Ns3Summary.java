package org.triscale.samples.ns3;

import java.util.Objects;

/**
 * The scenario's final {@code summary} line.
 *
 * @param simulatedSeconds    simulated time (duration plus drain)
 * @param bottleneckMbps      bottleneck rate in Mbit/s
 * @param bottleneckTxBytes   bytes sent on the bottleneck link, IP and PPP headers included
 * @param utilisation         {@code bottleneckTxBytes * 8 / (rate * simulatedSeconds)}, in [0, 1]
 * @param drops               packets dropped by the bottleneck queue disc
 * @param marks               packets ECN-marked by the bottleneck queue disc
 * @param deviceDrops         packets dropped by the bottleneck device (expected 0)
 * @param flows               flows in the run, bulk and FCT
 * @param fctFlows            FCT flows in the run
 * @param completedFlows      FCT flows that completed
 * @param queueDelaySamples   queue-delay samples written
 * @param queue               {@code fifo} (DropTail) or {@code red} (ECN step marking)
 * @param bufferPackets       queue disc size in packets
 * @param ecnThresholdPackets ECN marking threshold K in packets, 0 without ECN marking
 */
public record Ns3Summary(double simulatedSeconds, double bottleneckMbps, long bottleneckTxBytes, double utilisation,
                         long drops, long marks, long deviceDrops, int flows, int fctFlows, int completedFlows,
                         long queueDelaySamples, String queue, int bufferPackets, int ecnThresholdPackets) {

    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException if a count is negative or more flows completed than exist
     */
    public Ns3Summary {
        Objects.requireNonNull(queue, "queue");
        if (!(simulatedSeconds > 0) || !(bottleneckMbps > 0) || !(utilisation >= 0) || bottleneckTxBytes < 0
                || drops < 0 || marks < 0 || deviceDrops < 0 || fctFlows < 0 || completedFlows < 0
                || completedFlows > fctFlows || fctFlows > flows || queueDelaySamples < 0 || bufferPackets < 1
                || ecnThresholdPackets < 0) {
            throw new IllegalArgumentException("inconsistent summary: simulatedSeconds=" + simulatedSeconds
                    + ", bottleneckMbps=" + bottleneckMbps + ", utilisation=" + utilisation + ", drops=" + drops
                    + ", marks=" + marks + ", flows=" + flows + ", fctFlows=" + fctFlows + ", completedFlows="
                    + completedFlows + ", bufferPackets=" + bufferPackets);
        }
    }
}
