package org.triscale.samples.ns3;

import java.util.Objects;

/**
 * The scenario's final {@code summary} line, in named parts ({@link Bottleneck}, {@link QueueDisc},
 * {@link FlowCounts}); the flat accessors ({@link #utilisation()}, {@link #drops()},
 * {@link #fctFlows()}, ...) read the same values from their part.
 *
 * @param simulatedSeconds  simulated time (duration plus drain)
 * @param bottleneck        the bottleneck link: its rate, what it sent and its device's drops
 * @param queueDisc         the bottleneck's queue disc: its kind, size, marking threshold, drops and marks
 * @param flowCounts        the flows of the run
 * @param queueDelaySamples queue-delay samples written
 */
public record Ns3Summary(double simulatedSeconds, Bottleneck bottleneck, QueueDisc queueDisc, FlowCounts flowCounts,
                         long queueDelaySamples) {

    /**
     * The bottleneck link.
     *
     * @param mbps        its rate in Mbit/s
     * @param txBytes     bytes sent on it, IP and PPP headers included
     * @param utilisation {@code txBytes * 8 / (rate * simulatedSeconds)}, in [0, 1]
     * @param deviceDrops packets dropped by its device (expected 0)
     */
    public record Bottleneck(double mbps, long txBytes, double utilisation, long deviceDrops) {
    }

    /**
     * The bottleneck's queue disc.
     *
     * @param kind                {@code fifo} (DropTail) or {@code red} (ECN step marking)
     * @param bufferPackets       its size in packets
     * @param ecnThresholdPackets ECN marking threshold K in packets, 0 without ECN marking
     * @param drops               packets it dropped
     * @param marks               packets it ECN-marked
     */
    public record QueueDisc(String kind, int bufferPackets, int ecnThresholdPackets, long drops, long marks) {
    }

    /**
     * The flows of the run.
     *
     * @param all       flows in the run, bulk and FCT
     * @param fct       FCT flows in the run
     * @param completed FCT flows that completed
     */
    public record FlowCounts(int all, int fct, int completed) {
    }

    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException if a count is negative or more flows completed than exist
     */
    public Ns3Summary {
        Objects.requireNonNull(bottleneck, "bottleneck");
        Objects.requireNonNull(queueDisc, "queueDisc");
        Objects.requireNonNull(flowCounts, "flowCounts");
        Objects.requireNonNull(queueDisc.kind(), "queue");
        double bottleneckMbps = bottleneck.mbps();
        double utilisation = bottleneck.utilisation();
        long drops = queueDisc.drops();
        long marks = queueDisc.marks();
        int flows = flowCounts.all();
        int fctFlows = flowCounts.fct();
        int completedFlows = flowCounts.completed();
        int bufferPackets = queueDisc.bufferPackets();
        if (!(simulatedSeconds > 0) || !(bottleneckMbps > 0) || !(utilisation >= 0) || bottleneck.txBytes() < 0
                || drops < 0 || marks < 0 || bottleneck.deviceDrops() < 0 || fctFlows < 0 || completedFlows < 0
                || completedFlows > fctFlows || fctFlows > flows || queueDelaySamples < 0 || bufferPackets < 1
                || queueDisc.ecnThresholdPackets() < 0) {
            throw new IllegalArgumentException("inconsistent summary: simulatedSeconds=" + simulatedSeconds
                    + ", bottleneckMbps=" + bottleneckMbps + ", utilisation=" + utilisation + ", drops=" + drops
                    + ", marks=" + marks + ", flows=" + flows + ", fctFlows=" + fctFlows + ", completedFlows="
                    + completedFlows + ", bufferPackets=" + bufferPackets);
        }
    }

    /** @return bottleneck rate in Mbit/s ({@link Bottleneck#mbps()}) */
    public double bottleneckMbps() {
        return bottleneck.mbps();
    }

    /** @return bytes sent on the bottleneck link ({@link Bottleneck#txBytes()}) */
    public long bottleneckTxBytes() {
        return bottleneck.txBytes();
    }

    /** @return the bottleneck's utilisation in [0, 1] ({@link Bottleneck#utilisation()}) */
    public double utilisation() {
        return bottleneck.utilisation();
    }

    /** @return packets dropped by the bottleneck device ({@link Bottleneck#deviceDrops()}) */
    public long deviceDrops() {
        return bottleneck.deviceDrops();
    }

    /** @return packets dropped by the queue disc ({@link QueueDisc#drops()}) */
    public long drops() {
        return queueDisc.drops();
    }

    /** @return packets ECN-marked by the queue disc ({@link QueueDisc#marks()}) */
    public long marks() {
        return queueDisc.marks();
    }

    /** @return {@code fifo} or {@code red} ({@link QueueDisc#kind()}) */
    public String queue() {
        return queueDisc.kind();
    }

    /** @return queue disc size in packets ({@link QueueDisc#bufferPackets()}) */
    public int bufferPackets() {
        return queueDisc.bufferPackets();
    }

    /** @return ECN marking threshold in packets, 0 without marking ({@link QueueDisc#ecnThresholdPackets()}) */
    public int ecnThresholdPackets() {
        return queueDisc.ecnThresholdPackets();
    }

    /** @return flows in the run, bulk and FCT ({@link FlowCounts#all()}) */
    public int flows() {
        return flowCounts.all();
    }

    /** @return FCT flows in the run ({@link FlowCounts#fct()}) */
    public int fctFlows() {
        return flowCounts.fct();
    }

    /** @return FCT flows that completed ({@link FlowCounts#completed()}) */
    public int completedFlows() {
        return flowCounts.completed();
    }
}
